import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { eq, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type Session, sessions, type User, users } from '../../db/schema'

/**
 * Sessions as the Lucia guide teaches (https://lucia-auth.com/sessions/basic), without the
 * end-of-life `lucia` package: a 160-bit random token goes to the client; only its SHA-256 is
 * stored, so a leaked database cannot be replayed as sessions.
 */

const DAY_MS = 24 * 60 * 60 * 1000
export const SESSION_TTL_MS = 30 * DAY_MS
export const SESSION_COOKIE = 'parley_session'

/** The account as the rest of the server sees it: never with its password hash. */
export type SessionUser = Omit<User, 'passwordHash'>

export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)))
}

export async function createSession(
  db: Db,
  userId: string,
  now: Date = new Date(),
): Promise<{ token: string; session: Session }> {
  const token = generateToken()
  const [session] = await db
    .insert(sessions)
    .values({ id: hashToken(token), userId, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
    .returning()
  return { token, session: session! }
}

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
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, id))
  if (!row) return null
  const { session, user } = row
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

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

export async function invalidateUserSessions(
  db: Db,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  const all = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))
  for (const { id } of all) if (id !== exceptSessionId) await invalidateSession(db, id)
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now))
}

/** Reads the session token from `Authorization: Bearer` first, then from the session cookie. */
export function readToken(request: Request): { token: string; via: 'bearer' | 'cookie' } | null {
  const authorization = request.headers.get('authorization')
  if (authorization?.toLowerCase().startsWith('bearer ')) {
    return { token: authorization.slice(7).trim(), via: 'bearer' }
  }
  const cookie = request.headers.get('cookie')
  if (!cookie) return null
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === SESSION_COOKIE) return { token: decodeURIComponent(rest.join('=')), via: 'cookie' }
  }
  return null
}

export const sessionCookie = (token: string, expiresAt: Date, secure: boolean) =>
  `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure ? '; Secure' : ''}`

export const clearedSessionCookie = (secure: boolean) =>
  `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`
