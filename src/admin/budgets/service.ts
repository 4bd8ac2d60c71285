import type { OrgSettings, UserBudgetOverride } from '../../../db/schema'
import { type RequestOrigin, recordAudit } from '../../access/audit'
import { isUuid } from '../../attachments/errors'
import type { Actor } from '../../auth/actor'
import { budgetStatus, type EffectiveBudget, effectiveBudget } from '../../budget/effective'
import { type Micros, microsToDollars } from '../../budget/money'
import { readOrgSettingsRow } from '../../budget/org-settings-data'
import { periodStarts } from '../../budget/periods'
import type { AppContext } from '../../context'
import { readGroupPolicies, readGroupPolicy } from '../../groups/policy'
import { AppError } from '../../http/errors'
import { adminBudgetsData, type BudgetColumns, type OrgColumns } from './budgets-data'
import type { BudgetValuesJson, EffectiveJson, OrgBudgetJson, UserBudgetJson } from './model'
import { limitMicros, type OrgBudgetBody, threshold, timeZone, type UserBudgetBody } from './model'

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'realtime' | 'orgSettings'>
type Admin = Actor & { email: string }

const dollarsOrNull = (micros: Micros | null | undefined) => (micros == null ? null : microsToDollars(micros))
const limitJson = (micros: Micros) => (micros > 0 ? microsToDollars(micros) : null)

function valuesJson(row: BudgetColumns | null): BudgetValuesJson {
  return {
    dailyLimit: dollarsOrNull(row?.dailyLimitMicros),
    monthlyLimit: dollarsOrNull(row?.monthlyLimitMicros),
    alertThreshold: row?.alertThreshold ?? null,
    enforce: row?.enforce ?? null,
  }
}

function effectiveJson(budget: EffectiveBudget): EffectiveJson {
  return {
    dailyLimit: limitJson(budget.dailyLimitMicros),
    monthlyLimit: limitJson(budget.monthlyLimitMicros),
    alertThreshold: budget.alertThreshold,
    enforce: budget.enforce,
    timeZone: budget.timeZone,
    sources: budget.sources,
  }
}

function orgJson(ctx: Ctx, org: OrgSettings | null): OrgBudgetJson {
  return {
    ...effectiveJson(effectiveBudget(ctx.config, org, null)),
    settings: { ...valuesJson(org), timeZone: org?.timeZone ?? null },
  }
}

/** The fields of `body` turned into columns; a field left out is left out. Throws 400 on a bad value. */
function budgetColumns(body: UserBudgetBody): Partial<BudgetColumns> {
  const columns: Partial<BudgetColumns> = {}
  const daily = limitMicros('dailyLimit', body.dailyLimit)
  const monthly = limitMicros('monthlyLimit', body.monthlyLimit)
  const percent = threshold(body.alertThreshold)
  if (daily !== undefined) columns.dailyLimitMicros = daily
  if (monthly !== undefined) columns.monthlyLimitMicros = monthly
  if (percent !== undefined) columns.alertThreshold = percent
  if (body.enforce !== undefined) columns.enforce = body.enforce
  return columns
}

/** `{ field: { from, to } }` for each field whose value changed, in the API's units. */
function changesBetween<T extends object>(before: T, after: T) {
  const changes: Record<string, { from: unknown; to: unknown }> = {}
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] }
  }
  return changes
}

export async function getOrgBudgetSettings(ctx: Ctx): Promise<OrgBudgetJson> {
  return orgJson(ctx, await readOrgSettingsRow(ctx.db))
}

/**
 * Changes the organisation's defaults, audited as `budget.org_update` with each changed value's
 * old → new, then pushes `budget:updated` to everyone whose banner the change can move.
 */
export async function updateOrgBudget(
  ctx: Ctx,
  admin: Admin,
  body: OrgBudgetBody,
  origin: RequestOrigin | null,
): Promise<OrgBudgetJson> {
  const columns: Partial<OrgColumns> = budgetColumns(body)
  const zone = timeZone(body.timeZone)
  if (zone !== undefined) columns.timeZone = zone
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const data = adminBudgetsData(tx)
    const before = await data.lockOrgSettings()
    await data.updateOrgSettings(columns, ctx.now())
    const after = { ...before, ...columns }
    const changes = changesBetween(
      { ...valuesJson(before), timeZone: before.timeZone },
      { ...valuesJson(after), timeZone: after.timeZone },
    )
    if (Object.keys(changes).length > 0) {
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        { action: 'budget.org_update', targetType: 'organisation', targetId: null, details: { changes } },
        origin,
      )
    }
    return { before, after }
  })
  ctx.orgSettings.forget()
  await pushToSpenders(ctx, before, after)
  return orgJson(ctx, after)
}

/**
 * Pushes each user's new status after an organisation change: to the users with spend this month
 * (in the old or the new time zone, whichever month began earlier). Nobody else's banner can move:
 * with nothing spent this month, it reads 0 % and stays hidden whatever the limits. One grouped query
 * for all of them, not one per user. (Any connected socket would also do, but this set is smaller,
 * known on every instance, and exactly the one that matters.)
 */
async function pushToSpenders(ctx: Ctx, before: OrgSettings, after: OrgSettings): Promise<void> {
  try {
    const now = ctx.now()
    const env = ctx.config.orgTimeZone
    const periods = periodStarts(now, after.timeZone ?? env)
    const old = periodStarts(now, before.timeZone ?? env)
    const since = new Date(Math.min(old.month.getTime(), periods.month.getTime()))
    const spenders = await adminBudgetsData(ctx.db).spendersSince(since, periods.day, periods.month)
    const groups = await readGroupPolicies(
      ctx.db,
      spenders.map((spender) => spender.userId),
    )
    for (const spender of spenders) {
      const budget = effectiveBudget(ctx.config, after, spender.override, groups.get(spender.userId))
      ctx.realtime.toUser(spender.userId, 'budget:updated', budgetStatus(budget, spender))
    }
  } catch (error) {
    // The change is saved; banners catch up on their next fetch.
    ctx.log.warn('could not push budget:updated after an organisation change', { error })
  }
}

async function userBudgetJson(ctx: Ctx, userId: string, override: UserBudgetOverride | null) {
  const [org, groups] = await Promise.all([readOrgSettingsRow(ctx.db), readGroupPolicy(ctx.db, userId)])
  const budget = effectiveBudget(ctx.config, org, override, groups)
  const { day, month } = periodStarts(ctx.now(), budget.timeZone)
  const spent = await adminBudgetsData(ctx.db).spendOf(userId, day, month)
  return {
    userId,
    override: valuesJson(override),
    effective: effectiveJson(budget),
    status: budgetStatus(budget, spent),
  } satisfies UserBudgetJson
}

async function requireUser(ctx: Ctx, userId: string): Promise<void> {
  if (!isUuid(userId) || !(await adminBudgetsData(ctx.db).userExists(userId))) {
    throw new AppError('not_found:user', 'User not found')
  }
}

/** A user's override, the values that apply to them (their groups' limits included), and their status now (also for the admin user detail). */
export async function getUserBudget(ctx: Ctx, userId: string): Promise<UserBudgetJson> {
  await requireUser(ctx, userId)
  return userBudgetJson(ctx, userId, await adminBudgetsData(ctx.db).override(userId))
}

/** Sets fields of a user's override (audited `budget.user_update`, old → new) and pushes their new status. */
export async function updateUserBudget(
  ctx: Ctx,
  admin: Admin,
  userId: string,
  body: UserBudgetBody,
  origin: RequestOrigin | null,
): Promise<UserBudgetJson> {
  const columns = budgetColumns(body)
  await requireUser(ctx, userId)
  const after = await ctx.db.transaction(async (tx) => {
    const data = adminBudgetsData(tx)
    const before = await data.override(userId, { lock: true })
    const next: BudgetColumns = {
      dailyLimitMicros: before?.dailyLimitMicros ?? null,
      monthlyLimitMicros: before?.monthlyLimitMicros ?? null,
      alertThreshold: before?.alertThreshold ?? null,
      enforce: before?.enforce ?? null,
      ...columns,
    }
    await data.saveOverride(userId, next, ctx.now())
    const changes = changesBetween(valuesJson(before), valuesJson(next))
    if (Object.keys(changes).length > 0) {
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        { action: 'budget.user_update', targetType: 'user', targetId: userId, details: { changes } },
        origin,
      )
    }
    return data.override(userId)
  })
  return pushUserStatus(ctx, await userBudgetJson(ctx, userId, after))
}

/** Removes a user's override (audited `budget.user_reset`, old → none): the organisation's values apply again. */
export async function resetUserBudget(
  ctx: Ctx,
  admin: Admin,
  userId: string,
  origin: RequestOrigin | null,
): Promise<UserBudgetJson> {
  await requireUser(ctx, userId)
  await ctx.db.transaction(async (tx) => {
    const data = adminBudgetsData(tx)
    const before = await data.override(userId, { lock: true })
    if (!before) return
    await data.deleteOverride(userId)
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      {
        action: 'budget.user_reset',
        targetType: 'user',
        targetId: userId,
        details: { from: valuesJson(before), to: null },
      },
      origin,
    )
  })
  return pushUserStatus(ctx, await userBudgetJson(ctx, userId, null))
}

export function pushUserStatus(ctx: Ctx, json: UserBudgetJson): UserBudgetJson {
  ctx.realtime.toUser(json.userId, 'budget:updated', json.status)
  return json
}
