import { type RequestOrigin, recordAudit } from '../../access/audit'
import type { Actor } from '../../auth/actor'
import type { SessionUser } from '../../auth/session'
import { localDate, startOfLocalDay } from '../../budget/periods'
import { getOrgBudget } from '../../budget/service'
import type { AppContext } from '../../context'
import { AppError } from '../../http/errors'
import { microsToDecimal, toCsv } from './csv'
import { toUsageJson, WINDOWS, type Window } from './model'
import { adminUsageFor, type UsageSums } from './usage-data'

/*
 * The admin area's usage figures (docs/decisions/114-admin-usage.md): the last 30 or 90 days of the
 * organisation's time zone, today included, summed in SQL; every day present, zeros filled. Money is
 * summed as integer micro-dollars and turned into dollars once, at the edge (as src/admin/budgets).
 */

export const TOP_USERS = 10
/** The audit view's length: the latest tool calls of the window (issue 30 point 9). */
export const RECENT_TOOL_CALLS = 20
export const CSV_KINDS = ['day', 'model', 'user', 'key', 'tools'] as const
export type CsvKind = (typeof CSV_KINDS)[number]

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'orgSettings'>

export function parseDays(value: string | undefined): Window {
  if (value === undefined || value === '') return 30
  const days = WINDOWS.find((window) => String(window) === value)
  if (!days) throw new AppError('bad_request:days', 'days must be 30 or 90')
  return days
}

export function parseCsvKind(value: string | undefined): CsvKind {
  if (value === undefined || value === '') return 'day'
  const kind = CSV_KINDS.find((candidate) => candidate === value)
  if (!kind) throw new AppError('bad_request:by', 'by must be day, model, user, key or tools')
  return kind
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * The window's days in `timeZone`: each local date ('2026-11-24'), oldest first, and `bounds`, each
 * day's first instant followed by the end of the last day (tomorrow's first instant): today and the
 * `days - 1` before it, days as the budget counts them (src/budget/periods.ts).
 */
export function windowDays(now: Date, timeZone: string, days: number) {
  const today = localDate(now, timeZone)
  const dates: string[] = []
  const bounds: Date[] = []
  for (let offset = days - 1; offset >= -1; offset -= 1) {
    // Date.UTC normalises a day 0 or -3 into the month before: calendar arithmetic without a zone.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day - offset))
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]
    bounds.push(startOfLocalDay(year, month, day, timeZone))
    if (offset >= 0) dates.push(`${year}-${pad(month)}-${pad(day)}`)
  }
  return { dates, bounds }
}

const zero = (): UsageSums => ({ costMicros: 0, promptTokens: 0, completionTokens: 0, calls: 0 })
function add(into: UsageSums, row: UsageSums) {
  into.costMicros += row.costMicros
  into.promptTokens += row.promptTokens
  into.completionTokens += row.completionTokens
  into.calls += row.calls
}

/** The window's sums per day and per model (each model with its own full daily series), in micro-dollars. */
async function gather(ctx: Ctx, actor: Actor, days: Window) {
  const { timeZone } = await getOrgBudget(ctx)
  const { dates, bounds } = windowDays(ctx.now(), timeZone, days)
  const data = adminUsageFor(ctx.db, actor)
  const rows = await data.byDayAndModel(bounds)
  const daily = dates.map(zero)
  const total = zero()
  const byModel = new Map<string, { total: UsageSums; daily: UsageSums[] }>()
  for (const row of rows) {
    // width_bucket puts nothing outside the window (the query's range), but a row never lands astray.
    if (row.day < 0 || row.day >= dates.length) continue
    let model = byModel.get(row.modelId)
    if (!model) {
      model = { total: zero(), daily: dates.map(zero) }
      byModel.set(row.modelId, model)
    }
    add(model.total, row)
    add(model.daily[row.day]!, row)
    add(daily[row.day]!, row)
    add(total, row)
  }
  const ids = [...byModel.keys()]
  const [names, codes] = await Promise.all([data.modelNames(ids), data.builtinNameCodes(ids)])
  const models = [...byModel.entries()]
    .map(([modelId, sums]) => ({
      modelId,
      name: names.get(modelId) ?? modelId,
      nameCode: codes.get(modelId),
      ...sums,
    }))
    .sort(
      (a, b) =>
        b.total.costMicros - a.total.costMicros ||
        b.total.promptTokens + b.total.completionTokens - (a.total.promptTokens + a.total.completionTokens) ||
        a.modelId.localeCompare(b.modelId),
    )
  const from = bounds[0]!
  const to = bounds.at(-1)!
  return { timeZone, dates, daily, total, models, from, to, data }
}

/** GET /api/admin/usage: the charts' figures for the last `days` days. */
export async function getUsage(ctx: Ctx, actor: Actor, query: { days?: string }) {
  const days = parseDays(query.days)
  const { timeZone, dates, daily, total, models, from, to, data } = await gather(ctx, actor, days)
  const [{ rows: topUsers, activeUsers }, rated, tools, recentToolCalls] = await Promise.all([
    data.usersBySpend(from, to, TOP_USERS),
    data.ratingsByModel(from, to),
    data.toolsByServer(from, to),
    data.recentToolCalls(from, to, RECENT_TOOL_CALLS),
  ])
  // Names for models rated but not called in the window (an answer's call recorded the day before).
  const named = new Map(models.map((model) => [model.modelId, model.name]))
  const unnamed = await data.modelNames(rated.map((row) => row.modelId).filter((id) => !named.has(id)))
  const ratings = rated.map((row) => ({
    ...row,
    name: named.get(row.modelId) ?? unnamed.get(row.modelId) ?? row.modelId,
  }))
  return toUsageJson({
    days,
    timeZone,
    dates,
    total,
    activeUsers,
    daily,
    models,
    topUsers,
    ratings,
    tools,
    recentToolCalls,
  })
}

/**
 * GET /api/admin/usage.csv: the same figures as a spreadsheet (by day; by day and model; by user,
 * every user with usage, not only the top ten; by key; by tool). A data export (the by-user one holds e-mail
 * addresses), so each download is audited as `usage.export`.
 */
export async function exportUsageCsv(
  ctx: Ctx,
  admin: { actor: Actor; user: SessionUser },
  query: { days?: string; by?: string },
  origin: RequestOrigin | null,
): Promise<{ filename: string; csv: string; rows: number }> {
  const days = parseDays(query.days)
  const by = parseCsvKind(query.by)
  const { dates, daily, models, from, to, data } = await gather(ctx, admin.actor, days)
  const tokens = (sums: UsageSums) => [
    sums.promptTokens,
    sums.completionTokens,
    sums.promptTokens + sums.completionTokens,
    sums.calls,
  ]
  const counts = ['prompt_tokens', 'completion_tokens', 'total_tokens', 'messages']
  let header: string[]
  let rows: (string | number)[][]
  if (by === 'day') {
    header = ['date', 'spend_usd', ...counts]
    rows = dates.map((date, index) => [
      date,
      microsToDecimal(daily[index]!.costMicros),
      ...tokens(daily[index]!),
    ])
  } else if (by === 'model') {
    header = ['date', 'model_id', 'model_name', 'spend_usd', ...counts]
    rows = dates.flatMap((date, index) =>
      models.map((model) => {
        const sums = model.daily[index]!
        return [date, model.modelId, model.name, microsToDecimal(sums.costMicros), ...tokens(sums)]
      }),
    )
  } else if (by === 'key') {
    // Per team-API key (issue 31): the calls made with each key, whoever's it is.
    header = ['key_id', 'key_name', 'key_prefix', 'user_id', 'email', 'spend_usd', ...counts]
    rows = (await data.keysBySpend(from, to)).map((row) => [
      row.keyId,
      row.name,
      `pk-${row.prefix}`,
      row.userId,
      row.email,
      microsToDecimal(row.costMicros),
      ...tokens(row),
    ])
  } else if (by === 'tools') {
    // Per chat tool (issue 30): a built-in tool, or one MCP server (its tool id is mcp:<server id>).
    header = ['tool', 'server', 'calls', 'failed', 'denied', 'avg_ms']
    rows = (await data.toolsByServer(from, to)).map((row) => [
      row.tool,
      row.server ?? '',
      row.calls,
      row.failed,
      row.denied,
      row.avgMs,
    ])
  } else {
    header = ['user_id', 'name', 'email', 'spend_usd', ...counts]
    rows = (await data.usersBySpend(from, to, null)).rows.map((row) => [
      row.userId,
      row.fullName,
      row.email,
      microsToDecimal(row.costMicros),
      ...tokens(row),
    ])
  }
  await recordAudit(
    ctx,
    { ...admin.actor, email: admin.user.email },
    { action: 'usage.export', targetType: 'usage', targetId: null, details: { by, days, rows: rows.length } },
    origin,
  )
  return {
    filename: `parley-usage-by-${by}-${days}d-${dates.at(-1)}.csv`,
    // A byte-order mark, so spreadsheet programs read the names' accents as UTF-8.
    csv: `\uFEFF${toCsv(header, rows)}`,
    rows: rows.length,
  }
}
