import type { PublicEvent, ServerEventPayload } from './events'

/**
 * The pseudo-room of `Realtime.toEveryone`: no socket joins it. An event sent to it reaches every
 * socket of an instance (`io.local.emit`) and that instance's signed-out listeners (this feed).
 */
export const EVERYONE_ROOM = 'everyone'

/** The only events a signed-out listener can receive: they carry no user's data. */
export const PUBLIC_EVENTS: ReadonlySet<string> = new Set<PublicEvent>(['branding:updated'])

export type PublicListener = <E extends PublicEvent>(event: E, payload: ServerEventPayload<E>) => void

/**
 * The signed-out listeners of one instance (GET /api/branding/events streams). Anything that is
 * not a public event is dropped here, whatever reached it; a listener that throws is removed and
 * never stops the others.
 */
export function createPublicFeed(log: { warn(msg: string, fields?: object): void }) {
  const listeners = new Set<PublicListener>()
  return {
    listen(listener: PublicListener): () => void {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    deliver(event: string, payload: unknown): void {
      if (!PUBLIC_EVENTS.has(event)) return
      for (const listener of listeners) {
        try {
          listener(event as PublicEvent, payload as ServerEventPayload<PublicEvent>)
        } catch (error) {
          listeners.delete(listener)
          log.warn('dropped a public event listener that failed', { event, error })
        }
      }
    },
    get size() {
      return listeners.size
    },
  }
}

export type PublicFeed = ReturnType<typeof createPublicFeed>
