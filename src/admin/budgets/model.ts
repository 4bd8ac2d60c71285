import { t } from 'elysia'
import type { BudgetStatus } from '../../budget/budget-state'
import type { BudgetSource } from '../../budget/effective'
import { budgetSource, budgetStatus } from '../../budget/model'
import { MICROS_PER_DOLLAR, type Micros, parseDollars } from '../../budget/money'
import { canonicalTimeZone } from '../../budget/periods'
import { AppError } from '../../http/errors'
import { ok } from '../../http/model'

/** Budget values as an administrator set them, dollars; null = not set here. */
export interface BudgetValuesJson {
  dailyLimit: number | null
  monthlyLimit: number | null
  alertThreshold: number | null
  enforce: boolean | null
}

/** The values that apply, dollars; a limit of null means no limit. */
export interface EffectiveJson {
  dailyLimit: number | null
  monthlyLimit: number | null
  alertThreshold: number
  enforce: boolean
  timeZone: string
  /** Where each value comes from: 'user' (an override), 'group' (the most generous of the user's groups' limits), 'organisation' (the admin settings) or 'environment' (BUDGET_*, ORG_TIME_ZONE). */
  sources: Record<'dailyLimit' | 'monthlyLimit' | 'alertThreshold' | 'enforce' | 'timeZone', BudgetSource>
}

export interface OrgBudgetJson extends EffectiveJson {
  /** What the organisation's settings hold; null = the environment's value applies. */
  settings: BudgetValuesJson & { timeZone: string | null }
}

export interface UserBudgetJson {
  userId: string
  /** The user's own values; null = the organisation's applies. All null when there is no override. */
  override: BudgetValuesJson
  effective: EffectiveJson
  /** What the user's banner reads now (GET /api/tokens/budget for them). */
  status: BudgetStatus
}

/** The largest limit accepted, in dollars: far above any real budget, far below where micro-dollars stop being exact. */
export const MAX_LIMIT_DOLLARS = 1_000_000_000

const limit = (name: string) =>
  t.Optional(
    t.Union([t.Number(), t.Null()], { error: `${name} must be a dollar amount, or null to clear it` }),
  )

/**
 * A change to budget values. A field left out stays as it is; null clears it, so the next level's
 * value applies again (a user's → the organisation's → the environment's). Limits are dollars with at
 * most cents (0 = no limit), the threshold a whole percent from 1 to 100.
 */
const budgetFields = {
  dailyLimit: limit('dailyLimit'),
  monthlyLimit: limit('monthlyLimit'),
  alertThreshold: t.Optional(
    t.Union([t.Number(), t.Null()], {
      error: 'alertThreshold must be a whole percent from 1 to 100, or null',
    }),
  ),
  enforce: t.Optional(t.Union([t.Boolean(), t.Null()], { error: 'enforce must be true, false or null' })),
}

export const userBudgetBody = t.Object(budgetFields)
export const orgBudgetBody = t.Object({
  ...budgetFields,
  timeZone: t.Optional(
    t.Union([t.String({ maxLength: 100 }), t.Null()], {
      error: 'timeZone must be an IANA time zone name, or null',
    }),
  ),
})
export type UserBudgetBody = typeof userBudgetBody.static
export type OrgBudgetBody = typeof orgBudgetBody.static

export const userParams = t.Object({ id: t.String() })

/**
 * A limit in dollars to micro-dollars: non-negative, at most two decimals. Read through its decimal
 * text ("12.34"), so no binary fraction decides; 0.1 + 0.2 style noise is refused, not rounded.
 */
export function limitMicros(name: string, dollars: number | null | undefined): Micros | null | undefined {
  if (dollars === null || dollars === undefined) return dollars
  const micros = Number.isFinite(dollars) ? parseDollars(String(dollars)) : null
  if (micros === null || micros % (MICROS_PER_DOLLAR / 100) !== 0 || dollars > MAX_LIMIT_DOLLARS) {
    throw new AppError(
      'bad_request:budget_limit',
      `${name} must be an amount in dollars from 0 to ${MAX_LIMIT_DOLLARS} with at most two decimals (cents), or null`,
    )
  }
  return micros
}

export function threshold(value: number | null | undefined): number | null | undefined {
  if (value === null || value === undefined) return value
  if (!Number.isInteger(value) || value < 1 || value > 100) {
    throw new AppError('bad_request:budget_threshold', 'alertThreshold must be a whole percent from 1 to 100')
  }
  return value
}

export function timeZone(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value
  const zone = canonicalTimeZone(value)
  if (!zone) {
    throw new AppError(
      'bad_request:time_zone',
      `timeZone must be an IANA time zone such as Europe/Paris or America/New_York, got "${value}"`,
    )
  }
  return zone
}

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const budgetValuesJson = t.Object({
  dailyLimit: t.Nullable(t.Number()),
  monthlyLimit: t.Nullable(t.Number()),
  alertThreshold: t.Nullable(t.Number()),
  enforce: t.Nullable(t.Boolean()),
})

export const budgetSourcesJson = t.Object({
  timeZone: budgetSource,
  dailyLimit: budgetSource,
  monthlyLimit: budgetSource,
  alertThreshold: budgetSource,
  enforce: budgetSource,
})

export const effectiveJson = t.Object({
  dailyLimit: t.Nullable(t.Number()),
  monthlyLimit: t.Nullable(t.Number()),
  alertThreshold: t.Number(),
  enforce: t.Boolean(),
  timeZone: t.String(),
  sources: budgetSourcesJson,
})

export const userBudgetJson = t.Object({
  userId: t.String(),
  override: budgetValuesJson,
  effective: effectiveJson,
  status: budgetStatus,
})

export const orgBudgetJson = t.Object({
  settings: t.Object({
    dailyLimit: t.Nullable(t.Number()),
    monthlyLimit: t.Nullable(t.Number()),
    alertThreshold: t.Nullable(t.Number()),
    enforce: t.Nullable(t.Boolean()),
    timeZone: t.Nullable(t.String()),
  }),
  dailyLimit: t.Nullable(t.Number()),
  monthlyLimit: t.Nullable(t.Number()),
  alertThreshold: t.Number(),
  enforce: t.Boolean(),
  timeZone: t.String(),
  sources: budgetSourcesJson,
})

export const orgBudgetResponse = ok(orgBudgetJson)

export const userBudgetResponse = ok(userBudgetJson)
