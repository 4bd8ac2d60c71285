import { and, desc, eq, gte, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { Failure } from '../../db/catalogues/failures'
import type { Db } from '../../db/client'
import { preparedPer } from '../../db/prepared'
import { type Message, type MessageNote, messages } from '../../db/schema'
import { failureText } from '../ai/failures'
import type { Actor } from '../auth/actor'
import { decodeCursor, encodeCursor, olderThan, pageSize } from '../chats/cursor'

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

/** The latest page of a chat's messages: every chat opened reads it. */
const latestPage = preparedPer((db) =>
  db
    .select()
    .from(messages)
    .where(
      and(eq(messages.chatId, sql.placeholder('chatId')), eq(messages.userId, sql.placeholder('userId'))),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(sql.placeholder('limit'))
    .prepare('messages_latest_page'),
)

/**
 * The actor's messages. Every query is limited to rows the actor owns (`messages.user_id`), so a
 * message id or chat id of another user reads as nothing and writes change nothing. Pass the
 * transaction handle as `db` to run inside one.
 */
export function messagesFor(db: Db, actor: Actor) {
  const owned = eq(messages.userId, actor.userId)
  const inChat = (chatId: string) => and(eq(messages.chatId, chatId), owned)
  const newestFirst = [desc(messages.createdAt), desc(messages.id)] as const

  return {
    /** A page of the chat's messages, newest first, and the cursor of the next (older) page. */
    async page(chatId: string, query: { cursor?: string; limit?: number }) {
      const limit = pageSize(query.limit)
      const rows = query.cursor
        ? await db
            .select()
            .from(messages)
            .where(and(inChat(chatId), olderThan(messages, decodeCursor(query.cursor))))
            .orderBy(...newestFirst)
            .limit(limit + 1)
        : await latestPage(db).execute({ chatId, userId: actor.userId, limit: limit + 1 })
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      return { page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null }
    },

    /** The latest `limit` messages of the chat, newest first, as the prompt reads them. */
    latest(chatId: string, limit: number) {
      return db
        .select({
          id: messages.id,
          content: messages.content,
          isUser: messages.isUser,
          status: messages.status,
        })
        .from(messages)
        .where(inChat(chatId))
        .orderBy(...newestFirst)
        .limit(limit)
    },

    async last(chatId: string): Promise<Message | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(inChat(chatId))
        .orderBy(...newestFirst)
        .limit(1)
      return row
    },

    /** The chat's replies still marked streaming (at most one is live; older ones were cut off). */
    streaming(chatId: string, since?: Date) {
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
        Partial<Pick<Message, 'sources'>> & { notes?: MessageNote[] | null | SQL<MessageNote[]> },
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

    /**
     * Hands a finished research answer to a new run (Regenerate, docs/decisions/126): the message is
     * emptied and 'streaming' again under `researchId`. Only while it still belongs to `fromRunId` and
     * is not being written; undefined otherwise.
     */
    async restartResearch(
      messageId: string,
      fromRunId: string,
      update: Pick<Message, 'researchId' | 'modelId'>,
    ): Promise<Message | undefined> {
      const [row] = await db
        .update(messages)
        .set({ ...update, content: '', status: 'streaming', error: null, notes: null })
        .where(
          and(
            eq(messages.id, messageId),
            owned,
            eq(messages.researchId, fromRunId),
            ne(messages.status, 'streaming'),
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
