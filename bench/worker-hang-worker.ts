/**
 * The worker of bench/worker-hang.ts (docs/decisions/136-worker-hang-reproduced.md): an in-memory
 * PGlite that answers `{id, sql, params, txId?}` with `{id, rows}` or `{id, error}`, and the
 * transactions of decision 097 (`{id, tx: 'begin'}` → queries tagged `txId` → `{id, txId, tx:
 * 'commit' | 'rollback'}`, PGlite's `transaction` callback held open until the end message).
 *
 * Started three ways: a Web `Worker` answering on its global `postMessage` or on a `MessagePort`
 * it is sent, or a `node:worker_threads` Worker answering on `parentPort` (`workerData.api ===
 * 'node'`). Every request and reply is also recorded in a SharedArrayBuffer, outside messaging,
 * so the main thread can tell a request the worker never received from a reply it posted that
 * never arrived: `status[id]` 1 = received, 2 = reply posted; counters [received, posted].
 *
 * The message handler is installed before the first `await` (a Web Worker drops messages that
 * arrive while it has none: oven-sh/bun#40141).
 */

import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'

export interface Init {
  type: 'init'
  sab: SharedArrayBuffer
  /** Answer on this port instead of the worker's global postMessage. */
  port?: MessagePort
  /** Compiled on the main thread and posted here (097 did so to compile PGlite once). */
  wasm?: { pglite: WebAssembly.Module; initdb: WebAssembly.Module }
}

export interface Request {
  id: number
  sql?: string
  params?: unknown[]
  txId?: number
  tx?: 'begin' | 'commit' | 'rollback'
  type?: 'ping'
}

export type Reply =
  | { id: number; rows: unknown[] }
  | { id: number; error: { name: string; message: string; code?: string } }
  | { type: 'ready' }
  | { type: 'pong'; id: number }
  | { type: 'fatal'; message: string }

/** Layout of the shared buffer: 4 Int32 counters, then one status byte per request id. */
export const COUNTER_BYTES = 16

interface Scope {
  onmessage: ((event: MessageEvent) => void) | null
  postMessage(message: unknown): void
}
const scope = globalThis as unknown as Scope

let send: (message: Reply) => void = () => {}
let counters: Int32Array | undefined
let status: Uint8Array | undefined
let pg: PGlite | undefined
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }
>()

function reply(message: Reply) {
  send(message)
  if ('id' in message && !('type' in message) && message.id > 0 && status && counters) {
    Atomics.store(status, message.id, 2)
    Atomics.add(counters, 1, 1)
  }
}

function fail(id: number, error: unknown) {
  const e = error as { name?: string; message?: string; code?: string }
  reply({ id, error: { name: e.name ?? 'Error', message: e.message ?? String(error), code: e.code } })
}

async function handle(request: Request) {
  if (request.type === 'ping') {
    send({ type: 'pong', id: request.id })
    return
  }
  if (status && counters && request.id > 0) {
    Atomics.store(status, request.id, 1)
    Atomics.add(counters, 0, 1)
  }
  const db = pg
  if (!db) return fail(request.id, new Error('not ready'))
  try {
    if (request.tx === 'begin') {
      let end!: (commit: boolean) => void
      const ended = new Promise<boolean>((resolve) => {
        end = resolve
      })
      const started = Promise.withResolvers<Transaction>()
      const done = db.transaction(async (tx) => {
        started.resolve(tx)
        if (!(await ended)) await tx.rollback()
      })
      done.catch(started.reject)
      const tx = await started.promise
      transactions.set(request.id, { tx, end, done })
      return reply({ id: request.id, rows: [] })
    }
    if (request.tx) {
      const open = transactions.get(request.txId ?? -1)
      if (!open) return fail(request.id, new Error(`no open transaction ${request.txId}`))
      transactions.delete(request.txId ?? -1)
      open.end(request.tx === 'commit')
      await open.done
      return reply({ id: request.id, rows: [] })
    }
    const target = request.txId === undefined ? db : transactions.get(request.txId)?.tx
    if (!target) return fail(request.id, new Error(`no open transaction ${request.txId}`))
    const result = await target.query(request.sql ?? 'select 1', request.params ?? [])
    reply({ id: request.id, rows: result.rows })
  } catch (error) {
    fail(request.id, error)
  }
}

async function init(message: Omit<Init, 'type' | 'port'>) {
  try {
    counters = new Int32Array(message.sab, 0, 4)
    status = new Uint8Array(message.sab, COUNTER_BYTES)
    pg = await PGlite.create(
      message.wasm ? { pgliteWasmModule: message.wasm.pglite, initdbWasmModule: message.wasm.initdb } : {},
    )
    await pg.exec('create table items (id serial primary key, n int not null unique, body text not null)')
    send({ type: 'ready' })
  } catch (error) {
    send({ type: 'fatal', message: String(error) })
  }
}

const data = workerData as (Omit<Init, 'type' | 'port'> & { api?: string }) | null
if (isMainThread) {
  // imported by bench/worker-hang.ts for its types: a global onmessage here would keep that process alive
} else if (data?.api === 'node' && parentPort) {
  const port = parentPort
  send = (message) => port.postMessage(message)
  port.on('message', (request: Request) => void handle(request))
  void init(data)
} else {
  scope.onmessage = (event: MessageEvent) => {
    const message = event.data as Init | Request
    if ('type' in message && message.type === 'init') {
      const port = message.port
      if (port) {
        port.onmessage = (e: MessageEvent) => void handle(e.data as Request)
        send = (reply) => port.postMessage(reply)
      } else send = (reply) => scope.postMessage(reply)
      void init(message)
    } else void handle(message as Request)
  }
}
