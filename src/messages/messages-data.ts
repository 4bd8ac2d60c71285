import { and, desc, eq, getTableColumns, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { Failure } from '../../db/catalogues/failures'
import type { Db } from '../../db/client'
import { preparedPer } from '../../db/prepared'
import { chats, type Message, type MessageNote, messages } from '../../db/schema'
import { failureText } from '../ai/failures'
import type { Actor } from '../auth/actor'
import { pageSize } from '../chats/cursor'
import {
  currentLeaf,
  decodePathCursor,
  encodePathCursor,
  newestUnder,
  onPath,
  type RowUsage,
  siblingIdsOfRow,
  usageOfRow,
} from './path-data'

/** Ids are the database's unless the server names a row first (an image answer its usage row points at). */
export type NewMessage = Omit<typeof messages.$inferInsert, 'userId'>

/** The row's notes with `note` added at the end (notes written when the reply started stay). */
export function withNote(note: MessageNote): SQL<MessageNote[]> {
  return sql<MessageNote[]>`coalesce(${messages.notes}, '[]'::jsonb) || ${JSON.stringify([note])}::jsonb`
}

/** A failed reply's columns: the English reason in `error`, its code among the notes (decision 150). */
export function failedWith(failure: Failure) {
  return {
    status: 'failed' as const,
    error: failureText(failure),
    notes: withNote({ code: 'failed', ...failure }),
  }
}

/** Newest first; (created_at, id) is also a path's order (docs/decisions/158). */
const NEWEST_FIRST = [desc(messages.createdAt), desc(messages.id)] as const

/** The chat and owner of a prepared statement's placeholders `chatId` and `userId`. */
const IN_CHAT = and(
  eq(messages.chatId, sql.placeholder('chatId')),
  eq(messages.userId, sql.placeholder('userId')),
)

/** What a reply's history reads of each message. */
const HISTORY_COLUMNS = {
  id: messages.id,
  content: messages.content,
  isUser: messages.isUser,
  status: messages.status,
  createdAt: messages.createdAt,
}

/**
 * The latest page of a chat's current path: every chat opened reads it. Prepared: planning the
 * walk and its per-row subqueries cost more than running them (the embedded database serves one
 * statement at a time).
 */
const latestPathPage = preparedPer((db) =>
  db
    .select({ ...getTableColumns(messages), siblingIds: siblingIdsOfRow, usage: usageOfRow })
    .from(messages)
    .where(
      onPath(
        currentLeaf(sql.placeholder('chatId'), sql.placeholder('userId')),
        sql.placeholder('chatId'),
        sql.placeholder('userId'),
        sql.placeholder('limit'),
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .prepare('messages_path_page'),
)

/**
 * The latest page of a chat that never branched (`chats.branched`): its newest messages are its
 * path, read by the chat's time index as before trees (half the cost of the walk).
 */
const latestLinearPage = preparedPer((db) =>
  db
    .select({ ...getTableColumns(messages), usage: usageOfRow })
    .from(messages)
    .where(IN_CHAT)
    .orderBy(...NEWEST_FIRST)
    .limit(sql.placeholder('limit'))
    .prepare('messages_linear_page'),
)

/** The same newest messages as a reply's history reads them (every send). */
const linearHistory = preparedPer((db) =>
  db
    .select(HISTORY_COLUMNS)
    .from(messages)
    .where(IN_CHAT)
    .orderBy(...NEWEST_FIRST)
    .limit(sql.placeholder('limit'))
    .prepare('messages_linear_history'),
)

/** A chat's replies still streaming (research reports aside): every send checks for one first. */
const streamingInChat = preparedPer((db) =>
  db
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.chatId, sql.placeholder('chatId')),
        eq(messages.userId, sql.placeholder('userId')),
        eq(messages.status, 'streaming'),
        isNull(messages.researchId),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .prepare('messages_streaming_in_chat'),
)

/** A message as a list read gives it: with its siblings and, for a reply, what it cost. */
export type TreeMessage = Message & { siblingIds: string[]; usage: RowUsage | null }

/**
 * A child is always younger than its parent (docs/decisions/158): the path sorted by (created_at,
 * id) is the path in order. `now`, unless the parent is as young or younger (another instance's
 * clock, or the answer stored one millisecond after its question).
 */
export function childTime(now: Date, parent: { createdAt: Date } | undefined): Date {
  if (!parent || now.getTime() > parent.createdAt.getTime()) return now
  return new Date(parent.createdAt.getTime() + 1)
}

/**
 * The actor's messages. Every query is limited to rows the actor owns (`messages.user_id`), so a
 * message id or chat id of another user reads as nothing and writes change nothing. Pass the
 * transaction handle as `db` to run inside one.
 */
export function messagesFor(db: Db, actor: Actor) {
  const owned = eq(messages.userId, actor.userId)
  const inChat = (chatId: string) => and(eq(messages.chatId, chatId), owned)

  return {
    /**
     * A page of the chat's current path (or the path through `leafId`), newest first: its latest
     * `limit` messages with their siblings and usage, and the cursor of the part above them. One
     * statement (docs/decisions/158).
     */
    async page(
      chatId: string,
      query: { cursor?: string; limit?: number; leafId?: string; neverBranched?: boolean },
    ) {
      const limit = pageSize(query.limit)
      if (query.neverBranched && !query.cursor && !query.leafId) {
        const rows = await latestLinearPage(db).execute({ chatId, userId: actor.userId, limit: limit + 1 })
        const page: TreeMessage[] = rows.slice(0, limit).map((row) => ({ ...row, siblingIds: [row.id] }))
        const last = page.at(-1)
        return { page, nextCursor: rows.length > limit && last ? encodePathCursor(last.id) : null }
      }
      const start = query.cursor
        ? sql`(select c.parent_id from messages c where c.id = ${decodePathCursor(query.cursor)}
            and c.chat_id = ${chatId} and c.user_id = ${actor.userId})`
        : query.leafId
      const rows: TreeMessage[] = start
        ? await db
            .select({ ...getTableColumns(messages), siblingIds: siblingIdsOfRow, usage: usageOfRow })
            .from(messages)
            .where(onPath(start, chatId, actor.userId, limit + 1))
            .orderBy(...NEWEST_FIRST)
        : await latestPathPage(db).execute({ chatId, userId: actor.userId, limit: limit + 1 })
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      return { page, nextCursor: rows.length > limit && last ? encodePathCursor(last.id) : null }
    },

    /**
     * The latest `limit` messages of the path ending at `leafId` (default: the chat's current leaf),
     * newest first, as the prompt reads them.
     */
    latest(chatId: string, limit: number, leafId?: string | null, neverBranched = false) {
      // An edit of a first question has no parent: its conversation so far is empty.
      if (leafId === null) return Promise.resolve([])
      // A chat that never branched: its newest messages are its path (the time index, as before trees).
      if (neverBranched && leafId === undefined) {
        return linearHistory(db).execute({ chatId, userId: actor.userId, limit })
      }
      return db
        .select(HISTORY_COLUMNS)
        .from(messages)
        .where(onPath(leafId ?? currentLeaf(chatId, actor.userId), chatId, actor.userId, limit))
        .orderBy(...NEWEST_FIRST)
    },

    /** The whole path ending at `leafId` (at most `limit` messages), oldest first. */
    async path(chatId: string, leafId: string, limit: number): Promise<Message[]> {
      const rows = await db
        .select()
        .from(messages)
        .where(onPath(leafId, chatId, actor.userId, limit))
        .orderBy(messages.createdAt, messages.id)
      return rows
    },

    /** The chat's current leaf: the last message of the path the person is looking at. */
    async last(chatId: string): Promise<Message | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(sql`${messages.id} = ${currentLeaf(chatId, actor.userId)}`, inChat(chatId)))
      return row
    },

    /** One of the actor's messages (of any chat), or undefined. */
    async find(messageId: string): Promise<Message | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.id, messageId), owned))
      return row
    },

    /** The ids of a parent's children (null: the chat's first messages), oldest first. */
    async childrenOf(chatId: string, parentId: string | null): Promise<string[]> {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(inChat(chatId), parentId ? eq(messages.parentId, parentId) : isNull(messages.parentId)))
        .orderBy(messages.createdAt, messages.id)
      return rows.map((row) => row.id)
    },

    /**
     * Makes the path through `messageId` current: the chat's leaf becomes the newest message under
     * it. Returns the new leaf, or undefined when the message is not in the actor's chat.
     */
    async showBranch(chatId: string, messageId: string): Promise<string | undefined> {
      const [row] = await db
        .update(chats)
        .set({ currentLeafId: newestUnder(messageId, chatId, actor.userId) })
        .where(
          and(
            eq(chats.id, chatId),
            eq(chats.userId, actor.userId),
            sql`${newestUnder(messageId, chatId, actor.userId)} is not null`,
          ),
        )
        .returning({ leafId: chats.currentLeafId })
      return row?.leafId ?? undefined
    },

    /** The chat's newest message becomes its current leaf again (after a send, an edit, a regenerate). */
    async showNewest(chatId: string): Promise<void> {
      await db
        .update(chats)
        .set({ currentLeafId: null })
        .where(and(eq(chats.id, chatId), eq(chats.userId, actor.userId)))
    },

    /** The chat's replies still marked streaming (at most one is live; older ones were cut off). */
    streaming(chatId: string, since?: Date) {
      if (!since) return streamingInChat(db).execute({ chatId, userId: actor.userId })
      return db
        .select({ id: messages.id, createdAt: messages.createdAt })
        .from(messages)
        .where(
          and(
            inChat(chatId),
            eq(messages.status, 'streaming'),
            // A research report is written by its job, not by a reply: it neither blocks a send nor is swept.
            isNull(messages.researchId),
            since ? gte(messages.createdAt, since) : undefined,
          ),
        )
        .orderBy(desc(messages.createdAt))
    },

    async status(messageId: string): Promise<Message['status'] | undefined> {
      const [row] = await db
        .select({ status: messages.status })
        .from(messages)
        .where(and(eq(messages.id, messageId), owned))
      return row?.status
    },

    insert(rows: NewMessage[]): Promise<Message[]> {
      return db
        .insert(messages)
        .values(rows.map((row) => ({ ...row, userId: actor.userId })))
        .returning()
    },

    async remove(messageId: string): Promise<void> {
      await db.delete(messages).where(and(eq(messages.id, messageId), owned))
    },

    /** Stores a reply's outcome (the background reply acts for the actor who sent the question). */
    async storeOutcome(
      messageId: string,
      outcome: Pick<Message, 'content' | 'status' | 'error'> &
        Partial<Pick<Message, 'sources' | 'toolCalls'>> & {
          notes?: MessageNote[] | null | SQL<MessageNote[]>
        },
      options: {
        whileStreaming?: boolean
        /** Only while the message still belongs to this research run (a Regenerate may have handed it on). */
        ofRun?: string
        /**
         * A statement run by the same one (a data-modifying CTE): the reply's usage row, so that
         * finishing a reply is one round trip, not two. Postgres runs it whether or not the
         * update finds the message.
         */
        alongside?: SQL
      } = {},
    ): Promise<Message | undefined> {
      const builder = options.alongside ? db.with(db.$with('alongside', {}).as(options.alongside)) : db
      const [row] = await builder
        .update(messages)
        .set(outcome)
        .where(
          and(
            eq(messages.id, messageId),
            owned,
            options.whileStreaming ? eq(messages.status, 'streaming') : undefined,
            options.ofRun ? eq(messages.researchId, options.ofRun) : undefined,
          ),
        )
        .returning()
      return row
    },

    async markFailed(messageIds: string[], failure: Failure): Promise<void> {
      if (!messageIds.length) return
      await db
        .update(messages)
        .set(failedWith(failure))
        .where(and(inArray(messages.id, messageIds), owned))
    },
  }
}
