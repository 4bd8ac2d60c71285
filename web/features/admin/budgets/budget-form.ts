import { currentLocale } from '../../../i18n/i18n'
import type { OrgBudget, OrgBudgetChange } from './budget-query'

/** The form as typed: text for numbers (so a half-typed value stays as typed). */
export interface BudgetForm {
  dailyLimit: string
  monthlyLimit: string
  alertThreshold: string
  enforce: boolean
  timeZone: string
}

export type BudgetFieldName = keyof BudgetForm

/** A limit as the language writes it, without grouping: '12,5' → '12,50' in German, '' for none. */
export function limitText(dollars: number | null, locale = currentLocale()): string {
  if (dollars === null || dollars === 0) return ''
  return new Intl.NumberFormat(locale, {
    useGrouping: false,
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 20,
  }).format(dollars)
}

export function formOf(budget: OrgBudget): BudgetForm {
  return {
    dailyLimit: limitText(budget.dailyLimit),
    monthlyLimit: limitText(budget.monthlyLimit),
    alertThreshold: String(budget.alertThreshold),
    enforce: budget.enforce,
    timeZone: budget.timeZone,
  }
}

/**
 * Dollars from what was typed: '' is 0 (no limit); '12.50', '12,50' and '$ 12.5' read as 12.5.
 * Undefined when it is not a number. More than two decimals pass, for the server to refuse in words.
 */
export function parseLimit(text: string): number | undefined {
  const plain = text.replace(/[\s$]/g, '')
  if (plain === '') return 0
  if (!/^\d+([.,]\d+)?$/.test(plain)) return undefined
  return Number(plain.replace(',', '.'))
}

/** A whole percent from 1 to 100, else undefined. */
export function parsePercent(text: string): number | undefined {
  const plain = text.replace(/[\s%]/g, '')
  if (!/^\d+$/.test(plain)) return undefined
  const value = Number(plain)
  return value >= 1 && value <= 100 ? value : undefined
}

export function isTimeZone(name: string, zones: readonly string[]): boolean {
  return zones.includes(name)
}

export type FormProblem = 'invalidAmount' | 'invalidPercent' | 'invalidTimeZone'

/** What is wrong with each field that cannot be sent. */
export function problemsOf(form: BudgetForm, zones: readonly string[]) {
  const problems: Partial<Record<BudgetFieldName, FormProblem>> = {}
  if (parseLimit(form.dailyLimit) === undefined) problems.dailyLimit = 'invalidAmount'
  if (parseLimit(form.monthlyLimit) === undefined) problems.monthlyLimit = 'invalidAmount'
  if (parsePercent(form.alertThreshold) === undefined) problems.alertThreshold = 'invalidPercent'
  if (!isTimeZone(form.timeZone, zones)) problems.timeZone = 'invalidTimeZone'
  return problems
}

/** Only the fields that differ from what applies now (the request body for Save). */
export function changesOf(budget: OrgBudget, form: BudgetForm): OrgBudgetChange {
  const change: OrgBudgetChange = {}
  const daily = parseLimit(form.dailyLimit)
  const monthly = parseLimit(form.monthlyLimit)
  const percent = parsePercent(form.alertThreshold)
  if (daily !== undefined && daily !== (budget.dailyLimit ?? 0)) change.dailyLimit = daily
  if (monthly !== undefined && monthly !== (budget.monthlyLimit ?? 0)) change.monthlyLimit = monthly
  if (percent !== undefined && percent !== budget.alertThreshold) change.alertThreshold = percent
  if (form.enforce !== budget.enforce) change.enforce = form.enforce
  if (form.timeZone !== budget.timeZone) change.timeZone = form.timeZone
  return change
}
