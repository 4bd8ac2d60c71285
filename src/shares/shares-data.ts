import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { chats, type Message, messages, orgSettings, type Share, shares, users } from '../../db/schema'
import { isUuid } from '../chats/cursor'

/** The admin list's page: the newest links first, bounded. */
export const ADMIN_LIST_LIMIT = 500

/**
 * The links table (issue 32). Owner queries are limited to the owner's rows (`user_id`), so another
 * person's link id reads as nothing; lookups by token go by the token's hash only.
 */
export function sharesData(db: Db) {
  return {
    async insert(row: typeof shares.$inferInsert): Promise<Share> {
      const [created] = await db.insert(shares).values(row).returning()
      return created!
    },

    /** The link whose token hashes to `tokenHash`, whatever its state (the service judges it). */
    async byTokenHash(tokenHash: string): Promise<Share | undefined> {
      const [row] = await db.select().from(shares).where(eq(shares.tokenHash, tokenHash))
      return row
    },

    /** The owner's links of one chat, newest first (revoked ones too: the list says so). */
    ofChat(userId: string, chatId: string): Promise<Share[]> {
      return db
        .select()
        .from(shares)
        .where(and(eq(shares.userId, userId), eq(shares.chatId, chatId)))
        .orderBy(desc(shares.createdAt), desc(shares.id))
    },

    /** Revokes one live link: the owner's (`userId`), or any (an administrator: null). */
    async revoke(id: string, userId: string | null, now: Date): Promise<Share | undefined> {
      if (!isUuid(id)) return undefined
      const [row] = await db
        .update(shares)
        .set({ revokedAt: now })
        .where(
          and(eq(shares.id, id), isNull(shares.revokedAt), userId ? eq(shares.userId, userId) : undefined),
        )
        .returning()
      return row
    },

    /** One more view; counted, not audited (issue 32). */
    async countView(id: string): Promise<void> {
      await db
        .update(shares)
        .set({ viewCount: sql`${shares.viewCount} + 1` })
        .where(eq(shares.id, id))
    },

    /** Every link, newest first, with its owner's e-mail and its chat's title now. */
    all(limit = ADMIN_LIST_LIMIT) {
      return db
        .select({ share: shares, ownerEmail: users.email, chatTitle: chats.title })
        .from(shares)
        .innerJoin(users, eq(users.id, shares.userId))
        .innerJoin(chats, eq(chats.id, shares.chatId))
        .orderBy(desc(shares.createdAt), desc(shares.id))
        .limit(limit)
    },
  }
}

/**
 * Whether public links are allowed, read from the database on every use (no cache): turning them
 * off must stop every public link at once, on every instance.
 */
export async function publicLinksAllowed(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ on: orgSettings.publicLinks })
    .from(orgSettings)
    .where(eq(orgSettings.id, 1))
  return row?.on === true
}

export async function setPublicLinks(db: Db, on: boolean, now: Date): Promise<void> {
  await db
    .insert(orgSettings)
    .values({ id: 1, publicLinks: on, updatedAt: now })
    .onConflictDoUpdate({ target: orgSettings.id, set: { publicLinks: on, updatedAt: now } })
}

/** Every message of one of the person's chats, every branch, oldest first (the JSON export). */
export function chatMessages(db: Db, userId: string, chatId: string): Promise<Message[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.userId, userId)))
    .orderBy(asc(messages.createdAt), asc(messages.id))
}
