import { and, count, eq, getTableColumns } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { chats, messages, type User, users } from '../../db/schema'
import type { Actor } from '../auth/actor'

/** The account as the profile sees it: never the password hash. */
export type ProfileRow = Omit<User, 'passwordHash'>

/** The columns a profile patch may change. */
export type ProfileChanges = Partial<
  Pick<User, 'fullName' | 'bio' | 'preferredLanguage' | 'themePreference' | 'notificationsEnabled'>
>

const { passwordHash: _passwordHash, ...profileColumns } = getTableColumns(users)

/**
 * The actor's own account row (the effective user's, while an administrator acts for them) and
 * the counts shown beside it. Every query is pinned to `actor.userId`, so no other account can be
 * read or changed through here. Methods answer undefined when the account is gone (deleted in
 * the meantime).
 */
export function profileFor(db: Db, actor: Actor) {
  const own = eq(users.id, actor.userId)

  return {
    async find(): Promise<ProfileRow | undefined> {
      const [user] = await db.select(profileColumns).from(users).where(own)
      return user
    },

    async update(changes: ProfileChanges, now: Date): Promise<ProfileRow | undefined> {
      const [user] = await db
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(own)
        .returning(profileColumns)
      return user
    },

    /** 'Messages Sent' counts the user's own messages, not the assistant's replies in their chats. */
    async counts(): Promise<{ chats: number; messagesSent: number }> {
      const [chatCount] = await db
        .select({ value: count() })
        .from(chats)
        .where(eq(chats.userId, actor.userId))
      const [messageCount] = await db
        .select({ value: count() })
        .from(messages)
        .where(and(eq(messages.userId, actor.userId), eq(messages.isUser, true)))
      return { chats: chatCount?.value ?? 0, messagesSent: messageCount?.value ?? 0 }
    },

    /**
     * Points the avatar columns at a new file under a row lock, so that two uploads cannot both
     * keep the old key to delete. Returns the updated row and the key it replaced.
     */
    async swapAvatar(
      next: { avatarKey: string; avatarUrl: string },
      now: Date,
    ): Promise<{ user: ProfileRow; previousKey: string | null } | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select({ avatarKey: users.avatarKey }).from(users).where(own).for('update')
        if (!current) return undefined
        const [user] = await tx
          .update(users)
          .set({ ...next, updatedAt: now })
          .where(own)
          .returning(profileColumns)
        return { user: user!, previousKey: current.avatarKey }
      })
    },

    /** Clears the avatar columns only while they still hold `key`: a newer avatar keeps its columns. */
    async clearAvatar(key: string, now: Date): Promise<ProfileRow | undefined> {
      const [user] = await db
        .update(users)
        .set({ avatarKey: null, avatarUrl: null, updatedAt: now })
        .where(and(own, eq(users.avatarKey, key)))
        .returning(profileColumns)
      return user
    },
  }
}
