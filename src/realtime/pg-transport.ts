import postgres from 'postgres'
import { type Frame, isFrame, type Transport } from './fanout'

/** The Postgres channel that carries frames between instances. */
export const FANOUT_CHANNEL = 'parley_fanout'
/** NOTIFY refuses payloads of 8000 bytes or more; a frame is cut into pieces below that. */
export const MAX_NOTIFY_BYTES = 7_900
/** This instance hears the others while its own frames came back this recently. */
const HEARD_WITHIN_MS = 2_500
/** Between the pieces of one NOTIFY statement; never inside a piece (JSON escapes it). */
const PIECE_SEPARATOR = '\u0001'
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
 * Frames over Postgres LISTEN/NOTIFY, in order and never behind a queue of statements: one statement
 * is in flight at a time, and every piece that arrives meanwhile leaves in the next one (one round
 * trip at most, whatever the number of frames). A frame is cut into NOTIFY-sized pieces (each a valid
 * frame with its own `n`); an event too large for a piece goes through the attachments table,
 * inserted by the same statement that announces it. The listening connection is watched through this instance's own
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

  // One statement in flight at a time; pieces that arrive meanwhile leave together in the next one.
  // Not a statement per frame pipelined on the connection: postgres.js runs a query issued while
  // the connection is busy before queries still queued from while it was full (a statement's first
  // use, or 100 in flight), so NOTIFYs overtook each other and the other instances saw frames
  // missing (the scale test failed one run in two, on the code before this too).
  const pending: { payload: string; large: boolean }[] = []
  let draining = false
  const drain = async () => {
    while (pending.length && !closed) {
      const batch: string[] = []
      while (pending.length && !pending[0]!.large) batch.push(pending.shift()!.payload)
      try {
        if (batch.length) {
          // One text, split by Postgres at U+0001 (JSON.stringify escapes every control character,
          // so no piece holds one): a text[] parameter made postgres.js escape every quote of every
          // piece and Postgres parse them back, twice the CPU of this (decision 140).
          await sql`select pg_notify(${FANOUT_CHANNEL}, p) from unnest(string_to_array(${batch.join(PIECE_SEPARATOR)}, chr(1))) as p`
        } else {
          // Rare (an event over ~8 kB: a long final message): an attachment, announced by the
          // statement that inserts it.
          const { payload } = pending.shift()!
          await sql`with a as (insert into ${sql(ATTACHMENTS)} (payload) values (convert_to(${payload}, 'UTF8')) returning id)
                select pg_notify(${FANOUT_CHANNEL}, ${`{"f":${JSON.stringify(options.instanceId)},"a":`} || a.id || '}') from a`
        }
      } catch (error) {
        warn('could not send events to the other instances', error)
      }
    }
    draining = false
  }
  const send = (frame: Frame) => {
    if (closed) return
    // A piece holds events of MAX_NOTIFY_BYTES - 100 bytes at most, unless one event alone is larger:
    // the exact size is only needed for a piece that may be over (one character is at most 3 bytes).
    for (const payload of pieces(frame)) {
      const large = payload.length * 3 >= MAX_NOTIFY_BYTES && Buffer.byteLength(payload) >= MAX_NOTIFY_BYTES
      pending.push({ payload, large })
    }
    if (draining) return
    draining = true
    void drain()
  }

  // Notifications with an attachment are read before anything after them is delivered.
  let reading: Promise<void> | undefined
  // This instance's own frames come back (it listens on the channel it sends on): told apart by
  // their first bytes, without parsing them.
  const ownHead = `{"f":${JSON.stringify(options.instanceId)},`
  const deliver = (payload: string) => {
    if (payload.startsWith(ownHead)) {
      lastOwn = performance.now()
      return
    }
    let frame: Frame & { a?: number }
    try {
      frame = JSON.parse(payload)
    } catch (error) {
      return options.log.warn('ignored a malformed fanout frame', { error })
    }
    // An attachment's announcement ({f, a}) or a frame; nothing else is acted on.
    const announcement =
      typeof frame === 'object' &&
      frame !== null &&
      typeof frame.f === 'string' &&
      Number.isSafeInteger(frame.a)
    if (!announcement && !isFrame(frame)) return options.log.warn('ignored a malformed fanout frame')
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
        const attached: unknown = row ? JSON.parse(row.payload) : undefined
        if (isFrame(attached)) options.receive(attached)
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
    // Heartbeats leave every second and come back through the same channel: 2.5 s without one of
    // ours means the connection (or Postgres) is away, or so far behind that the others are too.
    hearing: () => !closed && performance.now() - lastOwn < HEARD_WITHIN_MS,
    ready: listening.then(() => undefined),
    async close() {
      closed = true
      clearInterval(watchdog)
      await sql.end({ timeout: 2 })
    },
  }
}
