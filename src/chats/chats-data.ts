import { and, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedPer } from '../../db/prepared'
import { type Chat, type ChatConfig, chatConfigs, chats, projects } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { decodeListCursor, encodeListCursor, isUuid, pageSize } from './cursor'

/** A chat-config row's columns, without its key. */
export type ChatConfigValues = Omit<ChatConfig, 'chatId'>

/** The list's order: pinned first, then newest first (index chats_user_list_idx). */
const LIST_ORDER = [desc(chats.pinned), desc(chats.createdAt), desc(chats.id)]

/** The first page of a user's chat list (not archived): every page load and reconnect runs it. */
const firstPage = preparedPer((db) =>
  db
    .select()
    .from(chats)
    .where(and(eq(chats.userId, sql.placeholder('userId')), eq(chats.archived, false)))
    .orderBy(...LIST_ORDER)
    .limit(sql.placeholder('limit'))
    .prepare('chats_first_page'),
)

/** Which chats a list shows: archived or not, and in which project (`none`: in no project). */
export interface ChatListFilter {
  archived?: boolean
  project?: string | 'none'
}

/** The fields PATCH /api/chats/:id can change besides the title. */
export interface ChatPlacement {
  pinned?: boolean
  archived?: boolean
  projectId?: string | null
}

/** One chat of a user: every message page, send and join reads it first. */
const oneChat = preparedPer((db) =>
  db
    .select()
    .from(chats)
    .where(and(eq(chats.id, sql.placeholder('chatId')), eq(chats.userId, sql.placeholder('userId'))))
    .prepare('chats_one'),
)

/** A chat with its settings and its project's instructions: every send reads it first. */
const chatWithConfig = preparedPer((db) =>
  db
    .select({ chat: chats, config: chatConfigs, projectInstructions: projects.instructions })
    .from(chats)
    .leftJoin(chatConfigs, eq(chatConfigs.chatId, chats.id))
    .leftJoin(projects, eq(projects.id, chats.projectId))
    .where(and(eq(chats.id, sql.placeholder('chatId')), eq(chats.userId, sql.placeholder('userId'))))
    .prepare('chats_with_config'),
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

    /**
     * The chat, its saved settings and its project's instructions in one query (the send path runs
     * this for every message).
     */
    async findWithConfig(
      chatId: string,
    ): Promise<{ chat: Chat; config: ChatConfig | null; projectInstructions: string | null } | undefined> {
      if (!isUuid(chatId)) return undefined
      const [row] = await chatWithConfig(db).execute({ chatId, userId: actor.userId })
      return row
    },

    /**
     * Pinned first, then newest first; archived chats only when asked for (`archived: true` lists
     * them alone). `q` filters titles case-insensitively. A project that is not the actor's lists
     * nothing, like one that does not exist.
     */
    async list(query: { cursor?: string; limit?: number; q?: string } & ChatListFilter) {
      const limit = pageSize(query.limit)
      const q = query.q?.trim()
      const archived = query.archived ?? false
      const rows =
        !q && !query.cursor && !archived && query.project === undefined
          ? await firstPage(db).execute({ userId: actor.userId, limit: limit + 1 })
          : await db
              .select()
              .from(chats)
              .where(
                and(
                  owned,
                  eq(chats.archived, archived),
                  projectFilter(query.project),
                  q ? ilike(chats.title, `%${escapeLike(q)}%`) : undefined,
                  query.cursor ? listAfter(decodeListCursor(query.cursor)) : undefined,
                ),
              )
              .orderBy(...LIST_ORDER)
              .limit(limit + 1)
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      return { page, nextCursor: rows.length > limit && last ? encodeListCursor(last) : null }
    },

    /** Changes title and placement in one statement; undefined when the chat is not the actor's. */
    async update(chatId: string, change: { title?: string } & ChatPlacement, now: Date) {
      if (!isUuid(chatId)) return undefined
      const [chat] = await db
        .update(chats)
        .set({ ...change, updatedAt: now })
        .where(byId(chatId))
        .returning()
      return chat
    },

    /** Applies one change to many of the actor's chats; answers the ids changed (others are not theirs). */
    async updateMany(chatIds: string[], change: ChatPlacement, now: Date): Promise<Chat[]> {
      const ids = chatIds.filter(isUuid)
      if (!ids.length) return []
      return db
        .update(chats)
        .set({ ...change, updatedAt: now })
        .where(and(owned, inArray(chats.id, ids)))
        .returning()
    },

    /** Deletes many of the actor's chats; answers the ids deleted. */
    async removeMany(chatIds: string[]): Promise<string[]> {
      const ids = chatIds.filter(isUuid)
      if (!ids.length) return []
      const deleted = await db
        .delete(chats)
        .where(and(owned, inArray(chats.id, ids)))
        .returning({ id: chats.id })
      return deleted.map((row) => row.id)
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

function projectFilter(project: ChatListFilter['project']): SQL | undefined {
  if (project === undefined) return undefined
  if (project === 'none') return isNull(chats.projectId)
  // A malformed id matches nothing rather than failing the query.
  return isUuid(project) ? eq(chats.projectId, project) : sql`false`
}

/** Rows after `position` in the list's order: a row comparison the index answers directly. */
function listAfter(position: { pinned: boolean; createdAt: Date; id: string }): SQL {
  return sql`(${chats.pinned}, ${chats.createdAt}, ${chats.id}) < (${position.pinned}::boolean, ${position.createdAt.toISOString()}::timestamptz, ${position.id}::uuid)`
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}
