import { and, desc, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ToolCallStatus } from '../../../db/catalogues/tools'
import type { Db } from '../../../db/client'
import { apiKeys, messages, models, toolRuns, usageRecords, users } from '../../../db/schema'
import type { Actor } from '../../auth/actor'
import { assertAdmin } from '../users/users-data'

/** Sums of usage records: integer micro-dollars, tokens, and the number of records (model calls). */
export interface UsageSums {
  costMicros: number
  promptTokens: number
  completionTokens: number
  calls: number
}

export interface DayModelRow extends UsageSums {
  /** 0-based index of the day: the record's instant is in [bounds[day], bounds[day + 1]). */
  day: number
  modelId: string
}

/** How many answers of one model were rated up and down. */
export interface ModelRatingRow {
  modelId: string
  up: number
  down: number
}

export interface UserUsageRow extends UsageSums {
  userId: string
  email: string
  fullName: string
}

export interface KeyUsageRow extends UsageSums {
  keyId: string
  name: string
  prefix: string
  userId: string
  email: string
}

/** One chat tool's calls in a window (issue 30 point 9): a built-in tool, or one MCP server. */
export interface ToolUsageRow {
  tool: string
  /** The MCP server's name at its latest call in the window; null for a built-in tool. */
  server: string | null
  calls: number
  failed: number
  denied: number
  /** The calls' mean duration, rounded to the millisecond. */
  avgMs: number
}

/** One call as the audit shows it: who, where, what, how it ended; never its arguments. */
export interface ToolCallAuditRow {
  id: string
  at: Date
  userId: string
  email: string
  fullName: string
  /** The administrator who ran it during support access. */
  actingAdmin: string | null
  chatId: string | null
  tool: string
  server: string | null
  name: string
  status: ToolCallStatus
  durationMs: number
}

/** bigint sums come back as text on Postgres: read as numbers (micro-dollars stay below 2^53 for any real spend). */
const sums = {
  costMicros: sql<number>`coalesce(sum(${usageRecords.costMicros}), 0)::bigint`.mapWith(Number),
  promptTokens: sql<number>`coalesce(sum(${usageRecords.promptTokens}), 0)::bigint`.mapWith(Number),
  completionTokens: sql<number>`coalesce(sum(${usageRecords.completionTokens}), 0)::bigint`.mapWith(Number),
  calls: sql<number>`count(*)::int`.mapWith(Number),
}

/** A Postgres timestamptz[] literal, sent as one parameter. */
const instants = (bounds: Date[]) => `{${bounds.map((bound) => bound.toISOString()).join(',')}}`

/**
 * The admin area's usage figures: every user's records of a window of days, summed in SQL over
 * usage_created_idx. Cross-user on purpose (decision 103), held to a non-impersonating admin here as
 * well as by the route's `admin` macro.
 */
export function adminUsageFor(db: Db, actor: Actor) {
  assertAdmin(actor)
  const within = (from: Date, to: Date) =>
    and(gte(usageRecords.createdAt, from), lt(usageRecords.createdAt, to))
  return {
    /**
     * Sums per day and model. `bounds` are the days' first instants, in order, then the end of the
     * last day: each record falls in the day whose bounds enclose it (width_bucket's binary search),
     * so the days are exactly the ones the caller computed (the budget's, in the organisation's zone).
     */
    async byDayAndModel(bounds: Date[]): Promise<DayModelRow[]> {
      const day = sql<number>`width_bucket(${usageRecords.createdAt}, ${instants(bounds)}::timestamptz[]) - 1`
      const rows = await db
        .select({ day: day.mapWith(Number), modelId: usageRecords.modelId, ...sums })
        .from(usageRecords)
        .where(within(bounds[0]!, bounds.at(-1)!))
        .groupBy(sql`1`, usageRecords.modelId)
      return rows
    },

    /**
     * Users by spend in [from, to), highest first (then by tokens, then id, so the order is stable);
     * only users with a record in the window. `limit` null: all of them (the CSV). `activeUsers`:
     * how many users have a record in the window, counted in the same scan (a window function over
     * the groups) rather than by a second `count(distinct)` pass.
     */
    async usersBySpend(
      from: Date,
      to: Date,
      limit: number | null,
    ): Promise<{ rows: UserUsageRow[]; activeUsers: number }> {
      const spend = db
        .select({
          userId: usageRecords.userId,
          costMicros: sums.costMicros.as('cost_micros'),
          promptTokens: sums.promptTokens.as('prompt_tokens'),
          completionTokens: sums.completionTokens.as('completion_tokens'),
          calls: sums.calls.as('calls'),
          userCount: sql<number>`count(*) over ()`.as('user_count'),
        })
        .from(usageRecords)
        .where(within(from, to))
        .groupBy(usageRecords.userId)
        .as('spend')
      const query = db
        .select({
          userId: spend.userId,
          email: users.email,
          fullName: users.fullName,
          costMicros: sql<number>`${spend.costMicros}`.mapWith(Number),
          promptTokens: sql<number>`${spend.promptTokens}`.mapWith(Number),
          completionTokens: sql<number>`${spend.completionTokens}`.mapWith(Number),
          calls: sql<number>`${spend.calls}`.mapWith(Number),
          userCount: sql<number>`${spend.userCount}`.mapWith(Number),
        })
        .from(spend)
        .innerJoin(users, sql`${users.id} = ${spend.userId}`)
        .orderBy(
          desc(spend.costMicros),
          desc(sql`${spend.promptTokens} + ${spend.completionTokens}`),
          spend.userId,
        )
      const found = await (limit === null ? query : query.limit(limit))
      return {
        rows: found.map(({ userCount: _, ...row }) => row),
        activeUsers: found[0]?.userCount ?? 0,
      }
    },

    /**
     * Team-API keys by spend in [from, to) (issue 31), highest first, with each key's name, prefix and
     * owner; only keys with a record in the window (a revoked key's spend still counts).
     */
    async keysBySpend(from: Date, to: Date): Promise<KeyUsageRow[]> {
      const rows = await db
        .select({
          keyId: apiKeys.id,
          name: apiKeys.name,
          prefix: apiKeys.prefix,
          userId: apiKeys.userId,
          email: users.email,
          ...sums,
        })
        .from(usageRecords)
        .innerJoin(apiKeys, sql`${apiKeys.id} = ${usageRecords.apiKeyId}`)
        .innerJoin(users, sql`${users.id} = ${apiKeys.userId}`)
        .where(and(within(from, to), isNotNull(usageRecords.apiKeyId)))
        .groupBy(apiKeys.id, users.email)
        .orderBy(desc(sql`coalesce(sum(${usageRecords.costMicros}), 0)`), apiKeys.id)
      return rows
    },

    /**
     * Rated answers per model, of answers given in [from, to) (a rating has no time of its own; the
     * answer's is the one the window is about). Most rated first, then by id, so the order is stable.
     */
    async ratingsByModel(from: Date, to: Date): Promise<ModelRatingRow[]> {
      const up = sql<number>`count(*) filter (where ${messages.feedbackRating} = 'up')::int`.mapWith(Number)
      const down = sql<number>`count(*) filter (where ${messages.feedbackRating} = 'down')::int`.mapWith(
        Number,
      )
      const rows = await db
        .select({ modelId: sql<string>`${messages.modelId}`, up, down })
        .from(messages)
        .where(
          and(
            isNotNull(messages.feedbackRating),
            isNotNull(messages.modelId),
            gte(messages.createdAt, from),
            lt(messages.createdAt, to),
          ),
        )
        .groupBy(messages.modelId)
        .orderBy(desc(sql`count(*)`), messages.modelId)
      return rows
    },

    /**
     * Tool calls in [from, to) per chat tool (tool_runs, written by the tool loop), most called
     * first. An MCP server's id is in its tool id (`mcp:<id>`), so one row is one server even when
     * it was renamed; the row shows the name of its latest call.
     */
    async toolsByServer(from: Date, to: Date): Promise<ToolUsageRow[]> {
      const calls = sql<number>`count(*)::int`.mapWith(Number)
      return db
        .select({
          tool: toolRuns.tool,
          server: sql<
            string | null
          >`(array_agg(${toolRuns.serverName} order by ${toolRuns.createdAt} desc))[1]`,
          calls,
          failed: sql<number>`count(*) filter (where ${toolRuns.status} = 'failed')::int`.mapWith(Number),
          denied: sql<number>`count(*) filter (where ${toolRuns.status} = 'denied')::int`.mapWith(Number),
          avgMs: sql<number>`coalesce(round(avg(${toolRuns.durationMs})), 0)::int`.mapWith(Number),
        })
        .from(toolRuns)
        .where(and(gte(toolRuns.createdAt, from), lt(toolRuns.createdAt, to)))
        .groupBy(toolRuns.tool)
        .orderBy(desc(sql`count(*)`), toolRuns.tool)
    },

    /** The latest `limit` tool calls in [from, to), newest first, with the person and any acting administrator. */
    async recentToolCalls(from: Date, to: Date, limit: number): Promise<ToolCallAuditRow[]> {
      const admin = alias(users, 'acting_admin')
      return db
        .select({
          id: toolRuns.id,
          at: toolRuns.createdAt,
          userId: toolRuns.userId,
          email: users.email,
          fullName: users.fullName,
          actingAdmin: sql<string | null>`coalesce(nullif(trim(${admin.fullName}), ''), ${admin.email})`,
          chatId: toolRuns.chatId,
          tool: toolRuns.tool,
          server: toolRuns.serverName,
          name: toolRuns.name,
          status: toolRuns.status,
          durationMs: toolRuns.durationMs,
        })
        .from(toolRuns)
        .innerJoin(users, sql`${users.id} = ${toolRuns.userId}`)
        .leftJoin(admin, sql`${admin.id} = ${toolRuns.actingAdminId}`)
        .where(and(gte(toolRuns.createdAt, from), lt(toolRuns.createdAt, to)))
        .orderBy(desc(toolRuns.createdAt), desc(toolRuns.id))
        .limit(limit)
    },

    /**
     * Parley's own models (the workflow agents, the demo) among the ids given, by their code, while
     * no administrator renamed them: the client words their name in the reader's language, as the
     * model picker does (docs/decisions/150).
     */
    async builtinNameCodes(ids: string[]): Promise<Map<string, 'workflow' | 'demo'>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({ id: models.id, provider: models.provider })
        .from(models)
        .where(and(inArray(models.id, ids), ne(models.provider, 'openai'), isNull(models.displayName)))
      return new Map(
        rows.flatMap((row) => (row.provider === 'openai' ? [] : [[row.id, row.provider] as const])),
      )
    },

    /** The names the admin gave models (or the provider's), for the ids given. */
    async modelNames(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({
          id: models.id,
          name: sql<string>`coalesce(nullif(${models.displayName}, ''), ${models.name})`,
        })
        .from(models)
        .where(inArray(models.id, ids))
      return new Map(rows.map((row) => [row.id, row.name]))
    },
  }
}
