import type { ServerEvent } from './events'

/** One event for the sockets of a room, as it travels to the other instances. */
export interface FanoutEvent {
  room: string
  event: ServerEvent
  payload: unknown
}

export const FANOUT_EVENT = 'parley:fanout'

/** Events per publish: large batches go through the adapter's attachment table instead of NOTIFY. */
const MAX_BATCH = 500

interface Publisher {
  /** The adapter's server-side emit (Postgres NOTIFY); resolves once published. */
  serverSideEmit(packet: unknown[]): Promise<unknown> | unknown
}

/**
 * Sends events to the other instances without holding up this instance's sockets. socket.io's
 * cluster adapters deliver a broadcast locally only after its NOTIFY round trip, one query per
 * event: with hundreds of streams that queue put seconds between a token and its socket. Here the
 * caller emits locally first, then queues the event; one publish runs at a time (so the other
 * instances see events in emit order) and carries everything queued while the previous one ran.
 */
export function createFanout(publisher: Publisher, log: { warn(msg: string, fields?: object): void }) {
  let queue: FanoutEvent[] = []
  let draining = false

  async function drain() {
    while (queue.length) {
      const batch = queue.length > MAX_BATCH ? queue.splice(0, MAX_BATCH) : queue
      if (batch === queue) queue = []
      try {
        await publisher.serverSideEmit([FANOUT_EVENT, batch])
      } catch (error) {
        log.warn('could not send events to the other instances', { events: batch.length, error })
      }
    }
    draining = false
  }

  return (event: FanoutEvent) => {
    queue.push(event)
    if (draining) return
    draining = true
    // Events emitted in the same turn of the event loop travel together.
    setImmediate(drain)
  }
}
