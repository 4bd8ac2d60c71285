import { type AnyColumn, and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type Message, messages, usageRecords } from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { TreeExtras } from '../messages/model'
import { siblingIdsOfRow, usageOfRow } from '../messages/path-data'
import type { MessageFeedback } from './model'

/** bigint sums come back as text on Postgres: read as numbers (micro-dollars stay below 2^53 for any real spend). */
const sumOf = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number)

/**
 * The actor's ratings and a chat's spend. Every query is limited to the actor's rows
 * (`messages.user_id`, `usage_records.user_id`), so another person's message or chat reads as
 * nothing and a rating of it changes nothing.
 */
export function feedbackFor(db: Db, actor: Actor) {
  const owned = eq(messages.userId, actor.userId)
  return {
    async message(messageId: string): Promise<Message | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.id, messageId), owned))
      return row
    },

    /**
     * Stores (or, with null, clears) the rating of one of the actor's answers; undefined when there is
     * none. Answers the row with its siblings and usage, as a list read has them, so a tab that puts
     * it in place of its copy loses neither. (Read after the update: in an UPDATE's RETURNING, Drizzle
     * writes the columns unqualified, and those fragments' subqueries would read their own rows.)
     */
    async rate(
      messageId: string,
      feedback: MessageFeedback | null,
    ): Promise<(Message & TreeExtras) | undefined> {
      const [updated] = await db
        .update(messages)
        .set({ feedbackRating: feedback?.rating ?? null, feedbackComment: feedback?.comment ?? null })
        .where(and(eq(messages.id, messageId), owned, eq(messages.isUser, false)))
        .returning({ id: messages.id })
      if (!updated) return undefined
      const [row] = await db
        .select({ ...getTableColumns(messages), siblingIds: siblingIdsOfRow, usage: usageOfRow })
        .from(messages)
        .where(and(eq(messages.id, messageId), owned))
      return row
    },

    /** The sums of the usage recorded for the actor's calls in one chat (over usage_chat_idx). */
    async chatUsage(chatId: string) {
      const [row] = await db
        .select({
          promptTokens: sumOf(usageRecords.promptTokens),
          completionTokens: sumOf(usageRecords.completionTokens),
          costMicros: sumOf(usageRecords.costMicros),
          calls: sql<number>`count(*)::int`.mapWith(Number),
        })
        .from(usageRecords)
        .where(and(eq(usageRecords.chatId, chatId), eq(usageRecords.userId, actor.userId)))
      return row ?? { promptTokens: 0, completionTokens: 0, costMicros: 0, calls: 0 }
    },
  }
}
