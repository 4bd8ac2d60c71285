import { createHash } from 'node:crypto'
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding'
import { and, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedPer } from '../../db/prepared'
import { authTokens, type Session, sessions, users } from '../../db/schema'
import type { SessionUser } from '../access/session-user'
import type { AppContext } from '../context'
import { readCookie } from './cookies'

/**
 * Sessions as the Lucia guide teaches (https://lucia-auth.com/sessions/basic), without the
 * end-of-life `lucia` package: a 160-bit random token goes to the client; only its SHA-256 is
 * stored, so a leaked database cannot be replayed as sessions.
 */

const DAY_MS = 24 * 60 * 60 * 1000
export const SESSION_TTL_MS = 30 * DAY_MS
export const SESSION_COOKIE = 'parley_session'

export type { SessionUser } from '../access/session-user'

export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))
}

/** Hex SHA-256 of the token; native (every authenticated request hashes its token: the JS one was 6% of a chat list). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export async function createSession(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ token: string; session: Session }> {
  const token = generateToken()
  const [session] = await db
    .insert(sessions)
    .values({ id: hashToken(token), userId, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
    .returning()
  return { token, session: session! }
}

/** A session with its user: every authenticated request and socket handshake the cache misses reads it. */
const sessionWithUser = preparedPer((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_with_user'),
)

/**
 * Resolves a token to its session and user. Expired sessions are deleted; a banned user's
 * session is refused; a session past half its life is extended (30-day sliding expiry).
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  now: Date,
): Promise<{ session: Session; user: SessionUser } | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null
  const id = hashToken(token)
  const [row] = await sessionWithUser(db).execute({ id })
  if (!row) return null
  const { session, user } = row
  // A support-access session ends with its impersonation, which resolveActor checks (and ends) itself.
  if (session.impersonationId) {
    if (user.isBanned) return null
    const { passwordHash: _, ...safeUser } = user
    return { session, user: safeUser }
  }
  if (now.getTime() >= session.expiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id))
    return null
  }
  if (user.isBanned) return null
  if (now.getTime() >= session.expiresAt.getTime() - SESSION_TTL_MS / 2) {
    session.expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
    await db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id))
  }
  const { passwordHash: _, ...safeUser } = user
  return { session, user: safeUser }
}

/** Which sessions end: one (sign-out), or all of a user's, optionally but the one in use. */
export type SessionScope = { sessionId: string } | { userId: string; except?: string }

/** Deletes the sessions in `scope` and answers their ids (pass a transaction to make it atomic with more). */
export async function deleteSessions(db: Db, scope: SessionScope): Promise<string[]> {
  let where: SQL | undefined
  if ('sessionId' in scope) where = eq(sessions.id, scope.sessionId)
  else if (scope.except) where = and(eq(sessions.userId, scope.userId), ne(sessions.id, scope.except))
  else where = eq(sessions.userId, scope.userId)
  const ended = await db.delete(sessions).where(where).returning({ id: sessions.id })
  return ended.map(({ id }) => id)
}

/**
 * The way a session ends while the server runs (sign-out, password change or reset, account
 * deletion): its rows go, then its sockets on every instance are cut, so a socket never outlives
 * the credential it was opened with. Work done outside the server (the CLI, SQL by hand) is caught
 * by the realtime sweep instead (src/realtime/session-sweep.ts).
 */
export async function endSessions(ctx: Pick<AppContext, 'db' | 'realtime'>, scope: SessionScope) {
  const ended = await deleteSessions(ctx.db, scope)
  ctx.realtime.endSessions(ended)
  return ended
}

/** For the CLI, which has no sockets to cut (the running server's sweep cuts them). */
export async function invalidateUserSessions(db: Db, userId: string): Promise<void> {
  await deleteSessions(db, { userId })
}

/**
 * The ids among `sessionIds` that are still usable at `now`: present, unexpired, of an account
 * that is not banned. The realtime sweep asks this about its connected sockets.
 */
export async function liveSessionIds(db: Db, sessionIds: string[], now: Date): Promise<Set<string>> {
  const live = new Set<string>()
  // Chunks keep the parameter list well under Postgres' 65535 limit on a busy instance.
  for (let index = 0; index < sessionIds.length; index += 1000) {
    const rows = await db
      .select({ id: sessions.id, expiresAt: sessions.expiresAt, isBanned: users.isBanned })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(inArray(sessions.id, sessionIds.slice(index, index + 1000)))
    for (const row of rows) if (!row.isBanned && row.expiresAt.getTime() > now.getTime()) live.add(row.id)
  }
  return live
}

/** Removes expired sessions and expired mailed-link tokens; answers how many of each went. */
export async function purgeExpired(db: Db, now: Date): Promise<{ sessions: number; tokens: number }> {
  const goneSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id })
  const goneTokens = await db
    .delete(authTokens)
    .where(lt(authTokens.expiresAt, now))
    .returning({ id: authTokens.id })
  return { sessions: goneSessions.length, tokens: goneTokens.length }
}

/** Reads the session token from `Authorization: Bearer` first, then from the session cookie. */
export function readToken(request: Request): { token: string; via: 'bearer' | 'cookie' } | null {
  const authorization = request.headers.get('authorization')
  if (authorization?.toLowerCase().startsWith('bearer ')) {
    return { token: authorization.slice(7).trim(), via: 'bearer' }
  }
  const token = readCookie(request.headers.get('cookie'), SESSION_COOKIE)
  return token ? { token, via: 'cookie' } : null
}

export const sessionCookie = (token: string, expiresAt: Date, secure: boolean) =>
  `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure ? '; Secure' : ''}`

export const clearedSessionCookie = (secure: boolean) =>
  `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`
