import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'

/**
 * Not actor-scoped, on purpose: avatars are public (`GET /api/avatars/:userId/:file` needs no
 * session), because other people see a user's picture wherever the user appears and an `<img>`
 * cannot send a bearer token. This reads only the storage key of a user's current avatar, never
 * anything else of the account; the file name in the URL is random, so a current avatar cannot be
 * found by guessing.
 */
export async function currentAvatarKeyOf(db: Db, userId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, userId))
  return row?.avatarKey
}
