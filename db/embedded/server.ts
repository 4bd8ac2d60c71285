import { existsSync, mkdirSync, unlinkSync } from 'node:fs'
import { connect, createServer, type Server } from 'node:net'
import { isAbsolute, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket'
import { pgliteAssets, unaccent, vector } from '../pglite-assets'
import { extractTemplate, isNewDataDir } from '../template-extract'
import { CHILD_DATA_ENV, CHILD_SOCKET_ENV, CHILD_TEMPLATE_ENV, DUMP_REQUEST } from './child-env'

/**
 * The embedded database's own process (docs/decisions/116-embedded-database-process.md): PGlite on
 * `dataDir`, speaking the Postgres wire protocol on a unix socket for the app's postgres.js client.
 *
 * It lives exactly as long as the app that spawned it: the app holds this process's stdin open, so
 * when the app exits, however it exits (SIGKILL included), stdin reaches its end and this process
 * closes PGlite and exits. It answers `ping` lines on stdin with `pong` on stdout (the app's
 * watchdog: PGlite runs on this process's only thread, so a missing pong means a wedged database).
 * It exits by itself when queries wait while PGlite has stopped taking them, so the app restarts
 * it instead of waiting.
 */
/** A queued query with no PGlite call finishing for this long means the queue is stuck. */
const STUCK_MS = 10_000

export async function runEmbeddedServer(options: {
  dataDir: string
  socketPath: string
  templatePath?: string
}) {
  // A socket file left by a process that was killed would make listen() fail; one that answers
  // belongs to a live database process on this folder (another Parley, or the CLI beside a running
  // server), and two PGlite instances on one folder corrupt it.
  if (existsSync(options.socketPath)) {
    if (await answers(options.socketPath)) {
      console.error(`embedded database: ${options.socketPath} is in use by another process on this DATA_DIR`)
      process.exit(75)
    }
    unlinkSync(options.socketPath)
  }
  // A new data folder can start from a dump (PGlite's dumpDataDir) instead of running initdb.
  if (options.templatePath && isNewDataDir(options.dataDir))
    await extractTemplate(Bun.file(options.templatePath), options.dataDir)
  mkdirSync(options.dataDir, { recursive: true })
  // Only PGlite here (no drizzle, no app code): this process's memory is the database's.
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { vector, unaccent },
    ...(await pgliteAssets({ initdb: !existsSync(join(options.dataDir, 'PG_VERSION')) })),
  })
  const queue = createQueryQueue(pglite)
  const server = await listenOne(options.socketPath, queue, () => pglite.dumpDataDir('none'))

  let stopping = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    await new Promise((resolve) => server.close(resolve))
    // close() checkpoints; every commit is already in the files, so a kill before this loses nothing.
    await pglite.close().catch(() => {})
    if (existsSync(options.socketPath)) unlinkSync(options.socketPath)
    process.exit(code)
  }
  process.on('SIGTERM', () => void stop(0))
  process.on('SIGINT', () => void stop(0))
  process.stdin.on('end', () => void stop(0))
  process.stdin.on('close', () => void stop(0))
  let buffered = ''
  process.stdin.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) {
      if (line === 'ping') process.stdout.write('pong\n')
      else if (line === 'stop') void stop(0)
    }
  })
  const stuck = setInterval(() => {
    if (queue.stuckFor() > STUCK_MS) {
      console.error('embedded database: queries are queued but PGlite stopped taking them; exiting')
      process.exit(70)
    }
  }, 1_000)
  stuck.unref()
  process.stdout.write('ready\n')
}

/**
 * What PGLiteSocketHandler needs from a query queue, over one PGlite. The package's own queue
 * (inside PGLiteSocketServer) is not exported, and stays blocked for good after a failed PGlite
 * call; this one serialises the wire messages with PGlite's own lock and notes progress, so that a
 * queue that stops moving can be told (`stuckFor`).
 */
function createQueryQueue(pglite: PGlite) {
  let waiting = 0
  let running = false
  let lastProgress = performance.now()
  const cancelled = new Set<number>()
  return {
    async enqueue(
      handlerId: number,
      message: Uint8Array,
      onData: (data: Uint8Array) => void,
    ): Promise<number> {
      waiting += 1
      try {
        return await pglite.runExclusive(async () => {
          if (cancelled.has(handlerId)) throw new Error('Handler disconnected')
          running = true
          let bytes = 0
          try {
            await pglite.execProtocolRawStream(message, {
              onRawData: (data) => {
                bytes += data.length
                onData(data)
              },
            })
          } finally {
            running = false
            lastProgress = performance.now()
          }
          return bytes
        })
      } finally {
        waiting -= 1
      }
    },
    clearQueueForHandler(handlerId: number) {
      cancelled.add(handlerId)
    },
    async clearTransactionIfNeeded(_handlerId: number) {
      // One client at a time: a transaction left open is the departing client's.
      if (pglite.isInTransaction()) await pglite.exec('rollback')
    },
    /** How long messages have waited with no PGlite call running or finishing (0 when moving). */
    stuckFor: () => (waiting > 0 && !running ? performance.now() - lastProgress : 0),
  }
}

/**
 * The unix socket server: one client at a time, the newest winning. PGlite is one session, and the
 * package's PGLiteSocketServer, given several connections, interleaves them message by message
 * (which breaks the extended protocol's unnamed portal) and, limited to one, refuses a new
 * connection while the slot of a client that is already gone is still held (seen for 30 s after a
 * restart). The app's supervisor only ever has one live client, so a newer client replaces an older
 * one (whose open transaction is rolled back). A connection takes over only once it sends its
 * startup message, so a probe (`answers`) disturbs nobody.
 */
async function listenOne(
  socketPath: string,
  queue: ReturnType<typeof createQueryQueue>,
  dump: () => Promise<Blob>,
): Promise<Server> {
  let current: PGLiteSocketHandler | undefined
  const server = createServer((socket) => {
    socket.once('data', async (first) => {
      // A backup's dump request (src/backups/embedded-dump.ts) takes no client's place: PGlite's
      // dumpDataDir copies the folder under the same lock the queries take, into the file named.
      if (first.toString('latin1', 0, DUMP_REQUEST.length) === DUMP_REQUEST) {
        const line = first.toString('utf8', DUMP_REQUEST.length)
        const path = line.slice(0, line.indexOf('\n'))
        try {
          if (!isAbsolute(path)) throw new Error('the dump request names no absolute path')
          await Bun.write(path, await dump())
          socket.end('OK\n')
        } catch (error) {
          socket.end(`ERR ${error instanceof Error ? error.message : String(error)}\n`)
        }
        return
      }
      // Nothing may be read (and lost) before the handler listens.
      socket.pause()
      const previous = current
      const handler = new PGLiteSocketHandler({
        queryQueue: queue as unknown as PGLiteSocketHandlerOptions['queryQueue'],
        closeOnDetach: true,
      })
      current = handler
      if (previous) await previous.detach(true)
      await handler.attach(socket)
      socket.emit('data', first)
      socket.resume()
    })
    // A client that half-closes is gone (the handler only listens for 'close').
    socket.on('end', () => socket.destroy())
    socket.on('error', () => socket.destroy())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => resolve())
  })
  return server
}

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** The compiled binary's entry when the app spawned it as its database (db/embedded/process.ts). */
export async function runEmbeddedServerFromEnv() {
  const socketPath = process.env[CHILD_SOCKET_ENV]
  const dataDir = process.env[CHILD_DATA_ENV]
  if (!socketPath || !dataDir) throw new Error(`${CHILD_SOCKET_ENV} and ${CHILD_DATA_ENV} must both be set`)
  await runEmbeddedServer({ dataDir, socketPath, templatePath: process.env[CHILD_TEMPLATE_ENV] })
}

if (import.meta.main) {
  const [dataDir, socketPath] = process.argv.slice(2)
  if (!dataDir || !socketPath) {
    console.error('usage: bun db/embedded/server.ts <data dir> <socket path>')
    process.exit(2)
  }
  await runEmbeddedServer({ dataDir, socketPath, templatePath: process.env[CHILD_TEMPLATE_ENV] })
}
