import { and, desc, eq, ilike, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedPer } from '../../db/prepared'
import { type Chat, type ChatConfig, chatConfigs, chats } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { decodeCursor, encodeCursor, isUuid, olderThan, pageSize } from './cursor'

/** A chat-config row's columns, without its key. */
export type ChatConfigValues = Omit<ChatConfig, 'chatId'>

/** The first page of a user's chat list: every page load and reconnect runs it. */
const firstPage = preparedPer((db) =>
  db
    .select()
    .from(chats)
    .where(eq(chats.userId, sql.placeholder('userId')))
    .orderBy(desc(chats.createdAt), desc(chats.id))
    .limit(sql.placeholder('limit'))
    .prepare('chats_first_page'),
)

/** One chat of a user: every message page, send and join reads it first. */
const oneChat = preparedPer((db) =>
  db
    .select()
    .from(chats)
    .where(and(eq(chats.id, sql.placeholder('chatId')), eq(chats.userId, sql.placeholder('userId'))))
    .prepare('chats_one'),
)

/**
 * The actor's chats and their settings. Every query here is limited to rows the actor owns, so a
 * caller cannot express a read or write of another user's chat: an id that is not the actor's
 * behaves exactly like one that does not exist.
 */
export function chatsFor(db: Db, actor: Actor) {
  const owned = eq(chats.userId, actor.userId)
  const byId = (chatId: string) => and(eq(chats.id, chatId), owned)

  return {
    async find(chatId: string): Promise<Chat | undefined> {
      if (!isUuid(chatId)) return undefined
      const [chat] = await oneChat(db).execute({ chatId, userId: actor.userId })
      return chat
    },

    /** The chat and its saved settings in one query (the send path runs this for every message). */
    async findWithConfig(chatId: string): Promise<{ chat: Chat; config: ChatConfig | null } | undefined> {
      if (!isUuid(chatId)) return undefined
      const [row] = await db
        .select({ chat: chats, config: chatConfigs })
        .from(chats)
        .leftJoin(chatConfigs, eq(chatConfigs.chatId, chats.id))
        .where(byId(chatId))
      return row
    },

    /** Newest first; `q` filters titles case-insensitively. */
    async list(query: { cursor?: string; limit?: number; q?: string }) {
      const limit = pageSize(query.limit)
      const q = query.q?.trim()
      const rows =
        !q && !query.cursor
          ? await firstPage(db).execute({ userId: actor.userId, limit: limit + 1 })
          : await db
              .select()
              .from(chats)
              .where(
                and(
                  owned,
                  q ? ilike(chats.title, `%${escapeLike(q)}%`) : undefined,
                  query.cursor ? olderThan(chats, decodeCursor(query.cursor)) : undefined,
                ),
              )
              .orderBy(desc(chats.createdAt), desc(chats.id))
              .limit(limit + 1)
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      return { page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null }
    },

    async insert(title: string, now: Date): Promise<Chat> {
      const [chat] = await db
        .insert(chats)
        .values({ userId: actor.userId, title, createdAt: now, updatedAt: now })
        .returning()
      return chat!
    },

    /** Sets the title; with `onlyIfTitle`, only while the chat still has that title. */
    async setTitle(chatId: string, title: string, now: Date, onlyIfTitle?: string) {
      if (!isUuid(chatId)) return undefined
      const [chat] = await db
        .update(chats)
        .set({ title, updatedAt: now })
        .where(and(byId(chatId), onlyIfTitle === undefined ? undefined : eq(chats.title, onlyIfTitle)))
        .returning()
      return chat
    },

    /** Deletes the chat (its messages, settings and attachments cascade); false when it was not the actor's. */
    async remove(chatId: string): Promise<boolean> {
      if (!isUuid(chatId)) return false
      const deleted = await db.delete(chats).where(byId(chatId)).returning({ id: chats.id })
      return deleted.length > 0
    },

    /** Saves a chat's settings; false when the chat is not the actor's. */
    async saveConfig(chatId: string, values: ChatConfigValues): Promise<ChatConfig | undefined> {
      if (!(await this.find(chatId))) return undefined
      const [row] = await db
        .insert(chatConfigs)
        .values({ chatId, ...values })
        .onConflictDoUpdate({ target: chatConfigs.chatId, set: values })
        .returning()
      return row
    },

    async resetConfig(chatId: string): Promise<boolean> {
      if (!(await this.find(chatId))) return false
      await db.delete(chatConfigs).where(eq(chatConfigs.chatId, chatId))
      return true
    },
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}
