import postgres from 'postgres'
import type { Frame, Transport } from './fanout'

/** The Postgres channel that carries frames between instances. */
export const FANOUT_CHANNEL = 'parley_fanout'
/** NOTIFY refuses payloads of 8000 bytes or more; a frame is cut into pieces below that. */
export const MAX_NOTIFY_BYTES = 7_900
/** The socket.io adapter's table for larger payloads; it deletes rows after 30 s. */
const ATTACHMENTS = 'socket_io_attachments'

interface Options {
  url: string
  instanceId: string
  log: { warn(message: string, fields?: object): void }
  /** A frame from another instance, in the order that instance sent them. */
  receive(frame: Frame): void
  /** Listening again after the connection was lost: frames sent meanwhile are gone. */
  relistened(): void
}

/**
 * Frames over Postgres LISTEN/NOTIFY, pipelined: every frame is handed to one connection at once, as
 * one statement, without waiting for the frames before it (postgres.js pipelines queries on a
 * connection, and one connection keeps them in order, so the others receive them in the order sent).
 * A frame is cut into NOTIFY-sized pieces (each a valid frame with its own `n`), all sent by that one
 * statement; an event too large for a piece goes through the attachments table, inserted by the same
 * statement that announces it. The listening connection is watched through this instance's own
 * frames: when they stop coming back it listens again (and says so: `relistened`).
 */
export interface PgTransport extends Transport {
  /** The NOTIFY payloads a frame becomes (tests). */
  pieces(frame: Frame): string[]
  /** Settles once this instance listens. */
  ready: Promise<void>
}

export function createPgTransport(options: Options): PgTransport {
  const sql = postgres(options.url, { max: 1, onnotice: () => {}, idle_timeout: 0 })
  let counter = 0
  let lastOwn = performance.now()
  let closed = false
  let warned = 0
  const warn = (message: string, error: unknown) => {
    // One line per 10 s while Postgres is away, not one per frame.
    if (performance.now() - warned < 10_000) return
    warned = performance.now()
    options.log.warn(message, { error })
  }

  // Pieces of a frame carry their own counter: the receiver checks order per piece.
  const pieces = (frame: Frame): string[] => {
    const head = (n: number) => `{"f":${JSON.stringify(frame.f)},"n":${n}`
    if (!frame.e) {
      counter += 1
      return [`${head(counter)}}`]
    }
    const out: string[] = []
    let items: string[] = []
    let bytes = 0
    const close = () => {
      counter += 1
      out.push(`${head(counter)},"e":[${items.join(',')}]}`)
      items = []
      bytes = 0
    }
    for (const event of frame.e) {
      const item = JSON.stringify(event)
      const size = Buffer.byteLength(item) + 1
      if (items.length && bytes + size > MAX_NOTIFY_BYTES - 100) close()
      items.push(item)
      bytes += size
    }
    if (items.length) close()
    return out
  }

  const send = (frame: Frame) => {
    if (closed) return
    const payloads = pieces(frame)
    const small = payloads.filter((payload) => Buffer.byteLength(payload) < MAX_NOTIFY_BYTES)
    if (small.length === payloads.length) {
      sql`select pg_notify(${FANOUT_CHANNEL}, p) from unnest(${payloads}::text[]) as p`.catch((error) =>
        warn('could not send events to the other instances', error),
      )
      return
    }
    // Rare (an event over ~8 kB: a long final message): each piece on its own, in order, the large
    // ones as an attachment announced by the statement that inserts it.
    for (const payload of payloads) {
      const query =
        Buffer.byteLength(payload) < MAX_NOTIFY_BYTES
          ? sql`select pg_notify(${FANOUT_CHANNEL}, ${payload})`
          : sql`with a as (insert into ${sql(ATTACHMENTS)} (payload) values (convert_to(${payload}, 'UTF8')) returning id)
                select pg_notify(${FANOUT_CHANNEL}, ${`{"f":${JSON.stringify(frame.f)},"a":`} || a.id || '}') from a`
      query.catch((error) => warn('could not send events to the other instances', error))
    }
  }

  // Notifications with an attachment are read before anything after them is delivered.
  let reading: Promise<void> | undefined
  const deliver = (payload: string) => {
    let frame: Frame & { a?: number }
    try {
      frame = JSON.parse(payload)
    } catch (error) {
      return options.log.warn('ignored a malformed fanout frame', { error })
    }
    if (frame.f === options.instanceId) {
      lastOwn = performance.now()
      return
    }
    if (frame.a === undefined && !reading) return options.receive(frame)
    const previous = reading ?? Promise.resolve()
    const current: Promise<void> = previous.then(async () => {
      try {
        if (frame.a === undefined) return options.receive(frame)
        const [row] = await sql<{ payload: string }[]>`
          select convert_from(payload, 'UTF8') as payload from ${sql(ATTACHMENTS)} where id = ${frame.a}`
        if (row) options.receive(JSON.parse(row.payload))
      } catch (error) {
        options.log.warn('could not read a large fanout frame', { error })
      } finally {
        if (reading === current) reading = undefined
      }
    })
    reading = current
  }

  // Called on every LISTEN that succeeds: postgres.js listens again by itself after its connection
  // closes, and the watchdog below when that did not work; each time after the first, frames were lost.
  let listens = 0
  const onlisten = () => {
    listens += 1
    lastOwn = performance.now()
    if (listens > 1) options.relistened()
  }
  let listening = sql.listen(FANOUT_CHANNEL, deliver, onlisten)
  let relistening = false
  // This instance hears its own heartbeats (once a second): silence means the listener is gone.
  const watchdog = setInterval(async () => {
    if (closed || relistening || performance.now() - lastOwn < 4_000) return
    relistening = true
    try {
      const previous = await listening.catch(() => undefined)
      await previous?.unlisten().catch(() => {})
      listening = sql.listen(FANOUT_CHANNEL, deliver, onlisten)
      await listening
    } catch (error) {
      warn('could not listen for the other instances', error)
    } finally {
      relistening = false
    }
  }, 1_000)

  return {
    send,
    pieces,
    ready: listening.then(() => undefined),
    async close() {
      closed = true
      clearInterval(watchdog)
      await sql.end({ timeout: 2 })
    },
  }
}
