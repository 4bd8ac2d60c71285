import { t } from 'elysia'
import { microsToDollars } from '../../budget/money'
import { ok } from '../../http/model'
import type { ModelRatingRow, ToolCallAuditRow, ToolUsageRow, UsageSums, UserUsageRow } from './usage-data'

export const WINDOWS = [30, 90] as const
export type Window = (typeof WINDOWS)[number]

/** Sums as the API shows them: dollars, tokens, and `messages` (the model calls recorded, one per reply). */
const sumsJson = (sums: UsageSums) => ({
  spendUsd: microsToDollars(sums.costMicros),
  promptTokens: sums.promptTokens,
  completionTokens: sums.completionTokens,
  messages: sums.calls,
})

const userJson = (row: UserUsageRow) => ({
  userId: row.userId,
  email: row.email,
  fullName: row.fullName,
  ...sumsJson(row),
})

/** GET /api/admin/usage's answer, from the window's sums in micro-dollars (service.ts gathers them). */
export function toUsageJson(usage: {
  days: Window
  timeZone: string
  dates: string[]
  total: UsageSums
  activeUsers: number
  daily: UsageSums[]
  models: {
    modelId: string
    name: string
    nameCode?: 'workflow' | 'demo'
    total: UsageSums
    daily: UsageSums[]
  }[]
  topUsers: UserUsageRow[]
  ratings: (ModelRatingRow & { name: string })[]
  tools: ToolUsageRow[]
  recentToolCalls: ToolCallAuditRow[]
}) {
  const { dates, total, daily, models } = usage
  return {
    days: usage.days,
    timeZone: usage.timeZone,
    /** The first and last local dates of the window (today). */
    from: dates[0]!,
    to: dates.at(-1)!,
    totals: { ...sumsJson(total), activeUsers: usage.activeUsers },
    /** One entry per day, oldest first, every day present. */
    daily: dates.map((date, index) => ({ date, ...sumsJson(daily[index]!) })),
    /** Each model with usage in the window, highest spend first; `daily` is aligned with the top-level `daily`. */
    models: models.map((model) => ({
      modelId: model.modelId,
      name: model.name,
      /** Parley's own model, not renamed: the client shows its name in the reader's language. */
      ...(model.nameCode ? { nameCode: model.nameCode } : {}),
      ...sumsJson(model.total),
      daily: model.daily.map(sumsJson),
    })),
    /** The highest spenders of the window (at most 10), highest first. */
    topUsers: usage.topUsers.map(userJson),
    /** Answers of the window rated thumbs up and down, per model, most rated first (issue 27). */
    ratings: usage.ratings.map(({ modelId, name, up, down }) => ({ modelId, name, up, down })),
    /** Tool calls of the window per chat tool (a built-in tool or one MCP server), most called first (issue 30). */
    tools: usage.tools.map(({ tool, server, calls, failed, denied, avgMs }) => ({
      tool,
      server,
      calls,
      failed,
      denied,
      avgMs,
    })),
    /** The window's latest tool calls, newest first: the audit view, never the arguments. */
    recentToolCalls: usage.recentToolCalls.map(toolCallJson),
  }
}

const toolCallJson = (row: ToolCallAuditRow) => ({
  id: row.id,
  at: row.at.toISOString(),
  user: { id: row.userId, name: row.fullName, email: row.email },
  actingAdmin: row.actingAdmin,
  chatId: row.chatId,
  tool: row.tool,
  server: row.server,
  name: row.name,
  status: row.status,
  durationMs: row.durationMs,
})

export type UsageJson = ReturnType<typeof toUsageJson>

/*
 * Request shapes. Loose strings here, checked in service.ts, so a wrong value gets its own code
 * (`bad_request:days`, `bad_request:by`) and a sentence naming what is accepted — and so a non-admin
 * is refused (403) before any value is looked at.
 */

export const usageQuery = t.Object({
  days: t.Optional(t.String({ maxLength: 10 })),
})

export const usageCsvQuery = t.Object({
  days: t.Optional(t.String({ maxLength: 10 })),
  by: t.Optional(t.String({ maxLength: 10 })),
})

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const usageJson = t.Object({
  days: t.Union([t.Literal(30), t.Literal(90)]),
  timeZone: t.String(),
  from: t.String(),
  to: t.String(),
  totals: t.Object({
    activeUsers: t.Number(),
    spendUsd: t.Number(),
    promptTokens: t.Number(),
    completionTokens: t.Number(),
    messages: t.Number(),
  }),
  daily: t.Array(
    t.Object({
      spendUsd: t.Number(),
      promptTokens: t.Number(),
      completionTokens: t.Number(),
      messages: t.Number(),
      date: t.String(),
    }),
  ),
  models: t.Array(
    t.Object({
      daily: t.Array(
        t.Object({
          spendUsd: t.Number(),
          promptTokens: t.Number(),
          completionTokens: t.Number(),
          messages: t.Number(),
        }),
      ),
      spendUsd: t.Number(),
      promptTokens: t.Number(),
      completionTokens: t.Number(),
      messages: t.Number(),
      modelId: t.String(),
      name: t.String(),
      nameCode: t.Optional(t.Union([t.Literal('workflow'), t.Literal('demo')])),
    }),
  ),
  topUsers: t.Array(
    t.Object({
      spendUsd: t.Number(),
      promptTokens: t.Number(),
      completionTokens: t.Number(),
      messages: t.Number(),
      userId: t.String(),
      email: t.String(),
      fullName: t.String(),
    }),
  ),
  ratings: t.Array(t.Object({ modelId: t.String(), name: t.String(), up: t.Number(), down: t.Number() })),
  tools: t.Array(
    t.Object({
      tool: t.String(),
      server: t.Nullable(t.String()),
      calls: t.Number(),
      failed: t.Number(),
      denied: t.Number(),
      avgMs: t.Number(),
    }),
  ),
  recentToolCalls: t.Array(
    t.Object({
      id: t.String(),
      at: t.String(),
      user: t.Object({ id: t.String(), name: t.String(), email: t.String() }),
      actingAdmin: t.Nullable(t.String()),
      chatId: t.Nullable(t.String()),
      tool: t.String(),
      server: t.Nullable(t.String()),
      name: t.String(),
      // Spelled out: a mapped array would type as a union of nothing.
      status: t.Union([
        t.Literal('running'),
        t.Literal('awaiting_approval'),
        t.Literal('done'),
        t.Literal('failed'),
        t.Literal('denied'),
      ]),
      durationMs: t.Number(),
    }),
  ),
})

export const adminUsageGetResponse = ok(usageJson)
