import type { Locale } from '../../../i18n/locales'
import { limitText, parseLimit } from '../budgets/budget-form'

/** What a group is made of, as the server answers it (models/agents null: all allowed; a limit null: none set). */
export interface GroupValues {
  name: string
  providerGroup: string | null
  models: string[] | null
  agents: string[] | null
  dailyLimit: number | null
  monthlyLimit: number | null
}

/** The dialog's form as typed: text for the limits (a half-typed amount stays as typed). */
export interface GroupForm {
  name: string
  providerGroup: string
  modelsMode: 'all' | 'chosen'
  models: string[]
  agentsMode: 'all' | 'chosen'
  agents: string[]
  dailyLimit: string
  monthlyLimit: string
}

export type GroupFormField = keyof GroupForm
export type GroupProblem = 'nameRequired' | 'invalidAmount' | 'modelsNone' | 'agentsNone'

export const NEW_GROUP: GroupForm = {
  name: '',
  providerGroup: '',
  modelsMode: 'all',
  models: [],
  agentsMode: 'all',
  agents: [],
  dailyLimit: '',
  monthlyLimit: '',
}

/**
 * A group's limit as the field shows it: empty when the group sets none, '0' for its 'no limit'
 * (the two differ here, unlike the organisation's budget, where empty is 'no limit').
 */
export function groupLimitText(dollars: number | null, locale?: Locale): string {
  if (dollars === null) return ''
  return dollars === 0 ? '0' : limitText(dollars, locale)
}

/** Dollars from what was typed: null when empty (the group sets no limit), undefined when not an amount. */
export function parseGroupLimit(text: string): number | null | undefined {
  if (text.replace(/[\s$]/g, '') === '') return null
  return parseLimit(text)
}

export function groupFormOf(group: GroupValues, locale?: Locale): GroupForm {
  return {
    name: group.name,
    providerGroup: group.providerGroup ?? '',
    modelsMode: group.models === null ? 'all' : 'chosen',
    models: group.models ?? [],
    agentsMode: group.agents === null ? 'all' : 'chosen',
    agents: group.agents ?? [],
    dailyLimit: groupLimitText(group.dailyLimit, locale),
    monthlyLimit: groupLimitText(group.monthlyLimit, locale),
  }
}

/** What is wrong with each field that cannot be sent. */
export function groupProblemsOf(form: GroupForm): Partial<Record<GroupFormField, GroupProblem>> {
  const problems: Partial<Record<GroupFormField, GroupProblem>> = {}
  if (!form.name.trim()) problems.name = 'nameRequired'
  if (form.modelsMode === 'chosen' && form.models.length === 0) problems.models = 'modelsNone'
  if (form.agentsMode === 'chosen' && form.agents.length === 0) problems.agents = 'agentsNone'
  if (parseGroupLimit(form.dailyLimit) === undefined) problems.dailyLimit = 'invalidAmount'
  if (parseGroupLimit(form.monthlyLimit) === undefined) problems.monthlyLimit = 'invalidAmount'
  return problems
}

/** The whole group as the form says (the body of a new group). Only for a form without problems. */
export function groupValuesOf(form: GroupForm): GroupValues {
  return {
    name: form.name.trim(),
    providerGroup: form.providerGroup.trim() || null,
    models: form.modelsMode === 'all' ? null : [...form.models].sort(),
    agents: form.agentsMode === 'all' ? null : [...form.agents].sort(),
    dailyLimit: parseGroupLimit(form.dailyLimit) ?? null,
    monthlyLimit: parseGroupLimit(form.monthlyLimit) ?? null,
  }
}

/** The same ids, in any order (null: all). */
const sameList = (a: string[] | null, b: string[] | null) =>
  a === null || b === null ? a === b : [...a].sort().join('\n') === [...b].sort().join('\n')

/** Only the fields that differ from the group as saved (the body of Save). */
export function groupChangesOf(group: GroupValues, form: GroupForm): Partial<GroupValues> {
  const next = groupValuesOf(form)
  const change: Partial<GroupValues> = {}
  if (next.name !== group.name) change.name = next.name
  if (next.providerGroup !== group.providerGroup) change.providerGroup = next.providerGroup
  if (!sameList(next.models, group.models)) change.models = next.models
  if (!sameList(next.agents, group.agents)) change.agents = next.agents
  if (next.dailyLimit !== group.dailyLimit) change.dailyLimit = next.dailyLimit
  if (next.monthlyLimit !== group.monthlyLimit) change.monthlyLimit = next.monthlyLimit
  return change
}
