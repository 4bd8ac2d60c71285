import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { type Database, type Db, flattenSimple } from '../client'
import { prepareRepeated } from '../prepare-repeated'
import * as schema from '../schema'
import { CHILD_DATA_ENV, CHILD_SOCKET_ENV, CHILD_TEMPLATE_ENV } from './child-env'

/**
 * The embedded database in its own process (docs/decisions/116-embedded-database-process.md).
 *
 * The app spawns db/embedded/server.ts (or, in the compiled binary, itself with
 * PARLEY_EMBEDDED_DB_SOCKET set), which runs PGlite on DATA_DIR/pg behind a unix socket, and talks
 * to it with the same postgres.js driver as a Postgres server, on one connection: PGlite is one
 * session, so transactions serialise exactly as they do in process.
 *
 * When the child dies, in-flight queries fail with a connection error (HTTP 503
 * `unavailable:database`, src/http/base.ts), new ones fail fast while it is down, and a new child
 * is started; postgres.js reconnects on the next query. Nothing waits forever: a child whose event
 * loop stops answering pings is killed (the child itself exits when its query queue stops moving).
 */

export interface EmbeddedProcessOptions {
  /** PGlite's data directory. */
  dataDir: string
  /** Where the unix socket goes; defaults to next to dataDir (or tmp when that path is too long). */
  socketPath?: string
  /** A PGlite dump (dumpDataDir) that a new data folder starts from instead of running initdb. */
  templatePath?: string
  /** Called with what the supervisor does (spawns, deaths, restarts). */
  onEvent?: (event: EmbeddedProcessEvent) => void
  /**
   * A child that has not answered a ping for this long is killed and replaced. PGlite runs on the
   * child's only thread, so this is also the longest a single statement may run.
   */
  watchdogMs?: number
  /** A query (or transaction) not answered in this long fails, and the child is replaced. */
  queryTimeoutMs?: number
  /** How long a start (initdb on a new folder, recovery after a kill) may take. */
  startTimeoutMs?: number
}

export type EmbeddedProcessEvent =
  | { type: 'started'; pid: number; ms: number }
  | { type: 'exited'; pid: number; code: number | null; signal: string | null }
  | { type: 'unresponsive'; pid: number; silentMs: number }
  | { type: 'query-timeout'; pid: number; timeoutMs: number }
  | { type: 'restart-failed'; error: unknown }

export interface EmbeddedProcess extends Database {
  /** The running child's pid (undefined while it is down). */
  readonly pid: number | undefined
  /** Resolves once a child is up and answering (immediately when it already is). */
  ready(): Promise<void>
}

const PING_EVERY_MS = 1_000
/** Unix socket paths are limited to 108 bytes (sun_path), the terminator included. */
const MAX_SOCKET_PATH = 100

export async function openEmbeddedProcess(options: EmbeddedProcessOptions): Promise<EmbeddedProcess> {
  const watchdogMs = options.watchdogMs ?? 60_000
  const queryTimeoutMs = options.queryTimeoutMs ?? watchdogMs
  const startTimeoutMs = options.startTimeoutMs ?? 60_000
  mkdirSync(options.dataDir, { recursive: true })
  const socketPath = options.socketPath ?? defaultSocketPath(options.dataDir)
  const emit = options.onEvent ?? (() => {})

  /** The running child, once it said it is ready (until then, startTimeoutMs governs it). */
  let child: Subprocess<'pipe', 'pipe', 'inherit'> | undefined
  /** A child still starting (closed too if the app closes meanwhile). */
  let spawning: Subprocess<'pipe', 'pipe', 'inherit'> | undefined
  let lastPong = performance.now()
  let closing = false
  let starting: Promise<void> | undefined
  let backoffMs = 100
  let clients: ReturnType<typeof createClients> | undefined

  async function spawnChild(): Promise<void> {
    const started = performance.now()
    const proc = Bun.spawn(childCommand(options.dataDir, socketPath, options.templatePath), {
      env: {
        ...process.env,
        [CHILD_SOCKET_ENV]: socketPath,
        [CHILD_DATA_ENV]: options.dataDir,
        ...(options.templatePath ? { [CHILD_TEMPLATE_ENV]: options.templatePath } : {}),
      },
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'inherit',
    })
    spawning = proc
    const lines = readLines(proc.stdout)
    let timer: Timer | undefined
    const first = await Promise.race([
      lines.next(),
      new Promise<{ value: string }>((resolve) => {
        timer = setTimeout(() => resolve({ value: 'timeout' }), startTimeoutMs)
      }),
    ]).finally(() => clearTimeout(timer))
    spawning = undefined
    if (first.value !== 'ready') {
      proc.kill('SIGKILL')
      throw new Error(
        `the embedded database process did not start (${first.value ?? `exit ${proc.exitCode}`})`,
      )
    }
    child = proc
    lastPong = performance.now()
    backoffMs = 100
    // A client that met the dead child (or the gap) starts over on the new one.
    clients?.replace()
    emit({ type: 'started', pid: proc.pid, ms: Math.round(performance.now() - started) })
    void (async () => {
      for await (const line of lines) if (line === 'pong') lastPong = performance.now()
    })()
    void proc.exited.then(() => {
      if (child === proc) child = undefined
      // Postgres.js does not always see the socket close (a child killed while stopped left its
      // queries waiting forever): fail whatever the old client holds, now.
      clients?.replace()
      emit({
        type: 'exited',
        pid: proc.pid,
        code: proc.exitCode,
        signal: proc.signalCode === null ? null : String(proc.signalCode),
      })
      if (!closing) scheduleRestart()
    })
  }

  function scheduleRestart() {
    if (starting || closing) return
    starting = (async () => {
      while (!closing) {
        await Bun.sleep(backoffMs)
        if (closing) return
        try {
          await spawnChild()
          return
        } catch (error) {
          emit({ type: 'restart-failed', error })
          backoffMs = Math.min(backoffMs * 2, 5_000)
        }
      }
    })().finally(() => {
      starting = undefined
    })
  }

  const watchdog = setInterval(() => {
    const proc = child
    if (!proc || closing) return
    const silentMs = performance.now() - lastPong
    if (silentMs > watchdogMs) {
      emit({ type: 'unresponsive', pid: proc.pid, silentMs: Math.round(silentMs) })
      lastPong = performance.now()
      proc.kill('SIGKILL')
      return
    }
    try {
      proc.stdin.write('ping\n')
      proc.stdin.flush()
    } catch {
      // The child is gone; its exit handler restarts it.
    }
  }, PING_EVERY_MS)
  watchdog.unref()

  starting = spawnChild().finally(() => {
    starting = undefined
  })
  try {
    await starting
  } catch (error) {
    clearInterval(watchdog)
    throw error
  }

  clients = createClients(socketPath, queryTimeoutMs, () => {
    const proc = child
    if (!proc) return
    emit({ type: 'query-timeout', pid: proc.pid, timeoutMs: queryTimeoutMs })
    proc.kill('SIGKILL')
  })
  const { sql } = clients
  const statements = prepareRepeated(sql)
  // LISTEN/NOTIFY and the socket.io Postgres adapter are for several instances; one process owns
  // the embedded database, so the app sees no postgres.js client here (`sql` stays unset: remote-stop.ts).
  return {
    db: drizzlePostgres(statements, { schema }) as unknown as Db,
    kind: 'pglite',
    exec: async (text) => {
      await sql.unsafe(text).simple()
    },
    execRows: async (text) => flattenSimple(await sql.unsafe(text).simple()),
    query: async <T>(text: string, params?: unknown[]) =>
      (await statements.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[])) as unknown as T[],
    get pid() {
      return child?.pid
    },
    async ready() {
      while (!child || starting) {
        if (closing) throw new Error('the embedded database is closed')
        await (starting ?? Bun.sleep(50)).catch(() => Bun.sleep(50))
      }
    },
    async close() {
      closing = true
      clearInterval(watchdog)
      await clients?.close()
      spawning?.kill('SIGKILL')
      const proc = child
      if (!proc) return
      // Closing stdin is the child's signal to close PGlite (a checkpoint) and exit.
      try {
        proc.stdin.end()
      } catch {
        proc.kill('SIGTERM')
      }
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000)
      await proc.exited
      clearTimeout(timer)
    },
  }
}

/** Raised by a query that got no answer within the deadline; the HTTP layer answers 503. */
export class DatabaseTimeoutError extends Error {
  readonly code = 'QUERY_TIMEOUT'
  constructor(timeoutMs: number) {
    super(`the embedded database did not answer within ${timeoutMs} ms`)
    this.name = 'DatabaseTimeoutError'
  }
}

/**
 * The postgres.js client the app's drizzle instance holds, as a facade over the current real
 * client: each child start gets a fresh one (one connection; prepared statements and the
 * reconnect backoff start over), and every query and transaction carries a deadline.
 */
function createClients(socketPath: string, queryTimeoutMs: number, onTimeout: () => void) {
  const make = () => {
    const client = postgres({
      max: 1,
      onnotice: () => {},
      connect_timeout: 5,
      // Retry at once: while the child restarts, queries should fail fast, not wait out a backoff.
      backoff: () => 0.05,
      path: socketPath,
      // Never recycled (postgres.js would, every 30-60 min): the database process is one session
      // whatever the connection, so a new connection's prepared statements would add to the old's.
      max_lifetime: null,
    })
    // Drizzle sets its date/JSON parsers on the client it is given; a later client needs the same.
    drizzlePostgres(client)
    return client
  }
  let current = make()

  const withDeadline = <T>(promise: PromiseLike<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new DatabaseTimeoutError(queryTimeoutMs))
        onTimeout()
      }, queryTimeoutMs)
      promise.then(
        (value) => {
          clearTimeout(timer)
          resolve(value)
        },
        (error: unknown) => {
          clearTimeout(timer)
          reject(error)
        },
      )
    })

  /** postgres.js queries are lazy thenables with modifiers (`.values()`, `.simple()`) that return themselves. */
  const guard = <Q extends PromiseLike<unknown>>(query: Q): Q => {
    const then = query.then.bind(query)
    Object.defineProperty(query, 'then', {
      value: (onFulfilled?: (value: unknown) => unknown, onRejected?: (error: unknown) => unknown) =>
        withDeadline(then()).then(onFulfilled, onRejected),
    })
    return query
  }

  const sql = new Proxy(current, {
    get(_target, prop) {
      if (prop === 'unsafe')
        return (...args: Parameters<postgres.Sql['unsafe']>) => guard(current.unsafe(...args))
      if (prop === 'begin')
        return (...args: [(sql: postgres.TransactionSql) => unknown]) => withDeadline(current.begin(...args))
      const value = Reflect.get(current, prop)
      return typeof value === 'function' ? value.bind(current) : value
    },
  })

  return {
    sql,
    /** A fresh client for the next queries; whatever the old one holds fails now. */
    replace() {
      const old = current
      current = make()
      void old.end({ timeout: 0 }).catch(() => {})
    },
    close: () => current.end({ timeout: 5 }).catch(() => {}),
  }
}

/** Where the database process of `dataDir` listens (a backup asks it for a dump there). */
export function defaultSocketPath(dataDir: string): string {
  const beside = join(dataDir, '..', '.s.PGSQL.parley')
  if (Buffer.byteLength(beside) <= MAX_SOCKET_PATH) return beside
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16)
  return join(tmpdir(), `parley-${hash}.sock`)
}

/** In the compiled binary, the binary itself (its entry sees CHILD_SOCKET_ENV); in dev, bun on server.ts. */
function childCommand(dataDir: string, socketPath: string, templatePath?: string): string[] {
  if (import.meta.url.includes('$bunfs')) return [process.execPath]
  return [
    process.execPath,
    join(import.meta.dir, 'server.ts'),
    dataDir,
    socketPath,
    ...(templatePath ? [templatePath] : []),
  ]
}

async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder()
  let buffered = ''
  const reader = stream.getReader()
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffered += decoder.decode(value, { stream: true })
    let newline = buffered.indexOf('\n')
    while (newline >= 0) {
      yield buffered.slice(0, newline)
      buffered = buffered.slice(newline + 1)
      newline = buffered.indexOf('\n')
    }
  }
}
