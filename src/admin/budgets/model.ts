import { t } from 'elysia'
import { MICROS_PER_DOLLAR, type Micros, parseDollars } from '../../budget/money'
import { canonicalTimeZone } from '../../budget/periods'
import { AppError } from '../../http/errors'

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
