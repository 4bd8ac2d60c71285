import type { Session } from '../../db/schema'
import type { SessionUser } from '../access/session-user'

/**
 * How long a resolved session may answer requests without reading the database again. The same
 * bound the socket sweep already gives a session ended on another instance
 * (src/realtime/session-sweep.ts, SESSION_SWEEP_MS): within this instance the cache is exact (see
 * `SessionCache`); an instance that did not do the ending sees it within this long.
 * docs/decisions/122-hot-path-queries.md.
 */
export const SESSION_CACHE_MS = 2_500
/** A bound on memory: past this many entries the cache starts over. */
const MAX_ENTRIES = 10_000

interface Entry {
  session: Session
  user: SessionUser
  /** performance.now() after which the entry is read again from the database. */
  until: number
}

/**
 * Sessions resolved in the last SESSION_CACHE_MS, by session id (the token's hash), so that a page
 * load's burst of API calls, or a client polling, costs one session query instead of one each.
 * Ordinary sessions only: a support-access session is checked against its impersonation on every
 * request (src/auth/actor.ts).
 *
 * Exact within this process: every request that may write (any method but GET and HEAD, and the
 * e-mail confirmation link) empties the cache once it has answered (src/http/base.ts), and
 * `Realtime.endSessions` drops the sessions it ends. A lookup that read the database before such a
 * write finished is not stored (`generation`), so a ban, a sign-out, a role or profile change is
 * seen by every request here that starts after the write answered. (A request running alongside the
 * write may see the state before it, as it could without a cache.)
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>()
  private generation = 0
  private nextSweep = 0

  get(sessionId: string): Entry | undefined {
    const entry = this.entries.get(sessionId)
    if (!entry) return undefined
    if (performance.now() >= entry.until) {
      this.entries.delete(sessionId)
      return undefined
    }
    return entry
  }

  /** The mark to pass to `set` for a lookup starting now. */
  mark(): number {
    return this.generation
  }

  /** Stores a lookup that started at `mark`, unless a write began or ended since. */
  set(mark: number, session: Session, user: SessionUser): void {
    if (mark !== this.generation) return
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
    this.dropExpired()
    this.entries.set(session.id, { session, user, until: performance.now() + SESSION_CACHE_MS })
  }

  /**
   * Expired entries go at most once per cache period, at the next store: on an instance that
   * answers no write (its cache is never emptied) the sessions of sockets long closed would
   * otherwise stay until the bound, as memory that never comes back (decision 128).
   */
  private dropExpired(): void {
    const now = performance.now()
    if (now < this.nextSweep) return
    this.nextSweep = now + SESSION_CACHE_MS
    for (const [id, entry] of this.entries) if (now >= entry.until) this.entries.delete(id)
  }

  /** Forgets everything (a write answered). */
  invalidate(): void {
    this.generation += 1
    this.entries.clear()
  }

  /** Forgets these sessions (they were ended). */
  forget(sessionIds: readonly string[]): void {
    this.generation += 1
    for (const id of sessionIds) this.entries.delete(id)
  }
}

/** True when a request may change sessions or accounts: the cache is emptied after it. */
export function mayWrite(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true
  return request.url.includes('/api/auth/confirm')
}
