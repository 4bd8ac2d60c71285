import { limitText, parseLimit, parsePercent } from '../budgets/budget-form'
import type { UserBudget, UserBudgetChange } from './user-budget-query'

/** A user's budget form as typed (the organisation's form without the time zone, which is the organisation's). */
export interface UserBudgetForm {
  dailyLimit: string
  monthlyLimit: string
  alertThreshold: string
  enforce: boolean
}

export type UserBudgetField = keyof UserBudgetForm
export const USER_BUDGET_FIELDS = ['dailyLimit', 'monthlyLimit', 'alertThreshold', 'enforce'] as const

/** The values that apply to the user now, as the form shows them. */
export function userFormOf(budget: UserBudget): UserBudgetForm {
  return {
    dailyLimit: limitText(budget.effective.dailyLimit),
    monthlyLimit: limitText(budget.effective.monthlyLimit),
    alertThreshold: String(budget.effective.alertThreshold),
    enforce: budget.effective.enforce,
  }
}

export function userProblemsOf(form: UserBudgetForm) {
  const problems: Partial<Record<UserBudgetField, 'invalidAmount' | 'invalidPercent'>> = {}
  if (parseLimit(form.dailyLimit) === undefined) problems.dailyLimit = 'invalidAmount'
  if (parseLimit(form.monthlyLimit) === undefined) problems.monthlyLimit = 'invalidAmount'
  if (parsePercent(form.alertThreshold) === undefined) problems.alertThreshold = 'invalidPercent'
  return problems
}

/**
 * The fields that differ from what applies to the user now: each becomes the user's own value (an
 * emptied limit is the user's own 'no limit', 0, not a return to the organisation's: that is Clear).
 */
export function userChangesOf(budget: UserBudget, form: UserBudgetForm): UserBudgetChange {
  const change: UserBudgetChange = {}
  const { effective } = budget
  const daily = parseLimit(form.dailyLimit)
  const monthly = parseLimit(form.monthlyLimit)
  const percent = parsePercent(form.alertThreshold)
  if (daily !== undefined && daily !== (effective.dailyLimit ?? 0)) change.dailyLimit = daily
  if (monthly !== undefined && monthly !== (effective.monthlyLimit ?? 0)) change.monthlyLimit = monthly
  if (percent !== undefined && percent !== effective.alertThreshold) change.alertThreshold = percent
  if (form.enforce !== effective.enforce) change.enforce = form.enforce
  return change
}

/** Whether the user has any value of their own. */
export const hasOverride = (budget: UserBudget) =>
  USER_BUDGET_FIELDS.some((name) => budget.effective.sources[name] === 'user')
