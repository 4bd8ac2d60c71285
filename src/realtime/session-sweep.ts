import { liveSessionIds } from '../auth/session'
import type { AppContext } from '../context'
import { repeatEvery } from '../jobs/repeat'
import type { ParleyServer } from './parley-server'

/** How often connected sockets' sessions are checked again; well inside the 5 s promise. */
export const SESSION_SWEEP_MS = 2500

/**
 * Re-validates the sessions of this instance's sockets on a timer and disconnects the sockets whose
 * session is gone, expired or belongs to a banned account. `endSessions` cuts sockets at once when
 * the server itself ends a session; this catches everything else: expiry (by the context's clock),
 * a ban or a sign-out done by the CLI or by SQL, and a handshake that raced an ending session.
 * One query per tick for all sockets, and a tick never overlaps the previous one.
 */
export function startSessionSweep(
  io: ParleyServer,
  ctx: Pick<AppContext, 'db' | 'now' | 'log'>,
  everyMs = SESSION_SWEEP_MS,
) {
  async function sweep() {
    const bySession = new Map<string, { disconnect(close: boolean): unknown }[]>()
    for (const socket of io.of('/').sockets.values()) {
      const { sessionId } = socket.data.actor
      bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), socket])
    }
    if (!bySession.size) return
    const live = await liveSessionIds(ctx.db, [...bySession.keys()], ctx.now())
    for (const [sessionId, sockets] of bySession) {
      if (!live.has(sessionId)) for (const socket of sockets) socket.disconnect(true)
    }
  }
  return repeatEvery(everyMs, sweep, (error) => ctx.log.warn('session sweep failed', { error }))
}
