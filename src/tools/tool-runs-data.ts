import { and, eq } from 'drizzle-orm'
import type { StoredToolCall } from '../../db/catalogues/tools'
import type { Db } from '../../db/client'
import { messages, toolRuns } from '../../db/schema'
import type { Actor } from '../auth/actor'

/** One finished call, for the audit and Admin › Usage (never its arguments: they may hold secrets). */
export interface ToolRunRow {
  chatId: string
  messageId: string
  call: StoredToolCall
  serverId?: string
}

/**
 * The tool loop's writes: one statement each, so a ten-step loop holds at most one database
 * connection at a time, and none while a tool or the model runs.
 */
export function toolRunsFor(db: Db, actor: Actor) {
  return {
    /** The calls of a step, as they ended. */
    async record(rows: ToolRunRow[]): Promise<void> {
      if (!rows.length) return
      await db.insert(toolRuns).values(
        rows.map(({ chatId, messageId, call, serverId }) => ({
          userId: actor.userId,
          // Support access runs tools as the target; the administrator who did is kept beside.
          actingAdminId: actor.impersonation ? actor.realUserId : null,
          chatId,
          messageId,
          tool: call.tool,
          serverId: serverId ?? null,
          serverName: call.server ?? null,
          name: call.name,
          status: call.status,
          durationMs: call.duration_ms ?? 0,
        })),
      )
    },

    /** An answer of the actor's with its state and calls (an approval decides on it); undefined: none. */
    async answer(messageId: string) {
      const [row] = await db
        .select({ chatId: messages.chatId, status: messages.status, toolCalls: messages.toolCalls })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.userId, actor.userId)))
      return row
    },

    /** The answer's calls so far, on its row: a reload while it runs (or waits for approval) shows them. */
    async saveCalls(messageId: string, calls: StoredToolCall[]): Promise<void> {
      await db
        .update(messages)
        .set({ toolCalls: calls })
        .where(
          and(
            eq(messages.id, messageId),
            eq(messages.userId, actor.userId),
            eq(messages.status, 'streaming'),
          ),
        )
    },
  }
}
