import type { ServerEvent } from './events'

/** One event for the sockets of a room, as it travels to the other instances. */
export interface FanoutEvent {
  room: string
  event: ServerEvent
  payload: unknown
}

/** The socket.io server-side event that carries frames over an adapter (Redis). */
export const FANOUT_EVENT = 'parley:fanout'

/**
 * What instances send each other: the events of one turn of the event loop (`e`), or a heartbeat
 * (no `e`). `f` is the sender's id, `n` counts its frames: a receiver drops a frame it has seen and
 * notices one it missed.
 */
export interface Frame {
  f: string
  n: number
  e?: [room: string, event: ServerEvent, payload: unknown][]
}

/**
 * Whether a value read from the channel is a frame: anything that can NOTIFY on the database (or
 * publish on Redis) reaches every instance, and a payload of another shape must be dropped, not
 * thrown on inside the driver's callback (which would end the process).
 */
export function isFrame(value: unknown): value is Frame {
  if (typeof value !== 'object' || value === null) return false
  const { f, n, e } = value as Partial<Frame>
  if (typeof f !== 'string' || typeof n !== 'number' || !Number.isSafeInteger(n)) return false
  if (e === undefined) return true
  return (
    Array.isArray(e) &&
    e.every((item) => Array.isArray(item) && typeof item[0] === 'string' && typeof item[1] === 'string')
  )
}

/** Carries frames to the other instances: Postgres NOTIFY (pg-transport.ts) or Redis (redis-transport.ts). */
export interface Transport {
  /** Sends a frame; never waits for an earlier one, and frames arrive in the order they were sent. */
  send(frame: Frame): void
  /**
   * Whether this instance hears the others now: false while its own connection is down. The others'
   * silence then is not theirs, and their replies are not failed for it (Peers.takeLost).
   */
  hearing(): boolean
  close(): Promise<void>
}

/**
 * A frame this full leaves when the current task ends, not with the turn: under load a turn of the
 * event loop handles hundreds of sockets' reads, and the deltas of a frame's end (emitted together by
 * delta-frames.ts) would wait for all of them (decision 140).
 */
export const FULL_FRAME_EVENTS = 64

/**
 * Sends events to the other instances without holding up this instance's sockets. socket.io's
 * cluster adapters deliver a broadcast locally only after its round trip, one query per event:
 * with hundreds of streams that queue put seconds between a token and its socket. Here the caller
 * emits locally first, then queues the event; the events of one turn leave together as one frame,
 * handed to the transport at once, whatever earlier frames are still on their way
 * (docs/decisions/128-scale-out.md).
 */
export function createFanout(instanceId: string, transport: Pick<Transport, 'send'>) {
  let queue: FanoutEvent[] = []
  let counter = 0
  let scheduled = false

  const next = (events?: FanoutEvent[]): Frame => {
    counter += 1
    return events
      ? { f: instanceId, n: counter, e: events.map(({ room, event, payload }) => [room, event, payload]) }
      : { f: instanceId, n: counter }
  }
  const flush = () => {
    scheduled = false
    const events = queue
    queue = []
    if (events.length) transport.send(next(events))
  }

  return {
    publish(event: FanoutEvent) {
      queue.push(event)
      if (queue.length === FULL_FRAME_EVENTS) queueMicrotask(flush)
      if (scheduled) return
      scheduled = true
      // Events emitted in the same turn of the event loop travel together.
      setImmediate(flush)
    },
    /** Tells the others this instance is alive (peers.ts), in order with its events. */
    heartbeat() {
      flush()
      transport.send(next())
    },
  }
}
