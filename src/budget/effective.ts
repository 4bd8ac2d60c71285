import type { OrgSettings, UserBudgetOverride } from '../../db/schema'
import type { Config } from '../config'
import type { BudgetStatus } from './budget-state'
import { dollarsToMicros, type Micros, microsToDollars } from './money'

/**
 * Where an effective budget value comes from: the user's override, their groups' limits (the most
 * generous, issue 29), the organisation's setting, or the environment.
 */
export type BudgetSource = 'user' | 'group' | 'organisation' | 'environment'

export type BudgetField = 'dailyLimit' | 'monthlyLimit' | 'alertThreshold' | 'enforce'

/** The budget that applies to one user, in micro-dollars. A limit of 0 means no limit. */
export interface EffectiveBudget {
  dailyLimitMicros: Micros
  monthlyLimitMicros: Micros
  alertThreshold: number
  enforce: boolean
  /** Where budget days and months begin at midnight. */
  timeZone: string
  sources: Record<BudgetField | 'timeZone', BudgetSource>
}

type OrgRow = Pick<
  OrgSettings,
  'dailyLimitMicros' | 'monthlyLimitMicros' | 'alertThreshold' | 'enforce' | 'timeZone'
>
type OverrideRow = Pick<
  UserBudgetOverride,
  'dailyLimitMicros' | 'monthlyLimitMicros' | 'alertThreshold' | 'enforce'
>
/** The most generous limits of the person's groups (src/groups/policy.ts); null: their groups set none. */
export interface GroupLimits {
  dailyLimitMicros: Micros | null
  monthlyLimitMicros: Micros | null
}

/** What the environment gives (BUDGET_*, ORG_TIME_ZONE): the values before any administrator's. */
export function environmentBudget(config: Pick<Config, 'budget' | 'orgTimeZone'>) {
  return {
    dailyLimitMicros: dollarsToMicros(config.budget.dailyLimit ?? 0),
    monthlyLimitMicros: dollarsToMicros(config.budget.monthlyLimit ?? 0),
    alertThreshold: config.budget.alertThreshold,
    enforce: config.budget.enforce,
    timeZone: config.orgTimeZone,
  }
}

/**
 * The user's override ?? their groups' limit ?? the organisation's setting ?? the environment, field
 * by field (groups set only the two limits). Pass `override` and `groups` null for the organisation's
 * defaults.
 */
export function effectiveBudget(
  config: Pick<Config, 'budget' | 'orgTimeZone'>,
  org: OrgRow | null | undefined,
  override: OverrideRow | null | undefined,
  groups?: GroupLimits | null,
): EffectiveBudget {
  const env = environmentBudget(config)
  const pick = <T>(user: T | null | undefined, organisation: T | null | undefined, fallback: T) =>
    user != null
      ? { value: user, source: 'user' as const }
      : organisation != null
        ? { value: organisation, source: 'organisation' as const }
        : { value: fallback, source: 'environment' as const }
  const limit = (
    user: Micros | null | undefined,
    group: Micros | null | undefined,
    organisation: Micros | null | undefined,
    fallback: Micros,
  ) =>
    user == null && group != null
      ? { value: group, source: 'group' as const }
      : pick(user, organisation, fallback)
  const daily = limit(
    override?.dailyLimitMicros,
    groups?.dailyLimitMicros,
    org?.dailyLimitMicros,
    env.dailyLimitMicros,
  )
  const monthly = limit(
    override?.monthlyLimitMicros,
    groups?.monthlyLimitMicros,
    org?.monthlyLimitMicros,
    env.monthlyLimitMicros,
  )
  const threshold = pick(override?.alertThreshold, org?.alertThreshold, env.alertThreshold)
  const enforce = pick(override?.enforce, org?.enforce, env.enforce)
  const timeZone = pick<string>(null, org?.timeZone, env.timeZone)
  return {
    dailyLimitMicros: daily.value,
    monthlyLimitMicros: monthly.value,
    alertThreshold: threshold.value,
    enforce: enforce.value,
    timeZone: timeZone.value,
    sources: {
      dailyLimit: daily.source,
      monthlyLimit: monthly.source,
      alertThreshold: threshold.source,
      enforce: enforce.source,
      timeZone: timeZone.source,
    },
  }
}

/** True when a request can be refused: enforcement on and at least one limit set. */
export const isEnforced = (budget: EffectiveBudget) =>
  budget.enforce && (budget.dailyLimitMicros > 0 || budget.monthlyLimitMicros > 0)

/** `GET /api/tokens/budget`'s shape (dollars) from a budget and the spend in its periods. */
export function budgetStatus(
  budget: EffectiveBudget,
  spent: { daily: Micros; monthly: Micros },
): BudgetStatus {
  return {
    dailyUsed: microsToDollars(spent.daily),
    dailyLimit: microsToDollars(budget.dailyLimitMicros),
    monthlyUsed: microsToDollars(spent.monthly),
    monthlyLimit: microsToDollars(budget.monthlyLimitMicros),
    alertThreshold: budget.alertThreshold,
    enforceLimit: budget.enforce,
  }
}
