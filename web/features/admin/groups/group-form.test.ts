import { describe, expect, test } from 'bun:test'
import {
  type GroupValues,
  groupChangesOf,
  groupFormOf,
  groupLimitText,
  groupProblemsOf,
  groupValuesOf,
  NEW_GROUP,
  parseGroupLimit,
} from './group-form'

const saved: GroupValues = {
  name: 'Research',
  providerGroup: 'research-team',
  models: ['gpt-4o-mini'],
  agents: null,
  dailyLimit: 0.01,
  monthlyLimit: null,
}

describe('a group limit', () => {
  test('empty means the group sets none; 0 means no limit; amounts read as the language writes them', () => {
    expect(parseGroupLimit('')).toBeNull()
    expect(parseGroupLimit('  ')).toBeNull()
    expect(parseGroupLimit('0')).toBe(0)
    expect(parseGroupLimit('12,50')).toBe(12.5)
    expect(parseGroupLimit('$ 0.01')).toBe(0.01)
    expect(parseGroupLimit('ten')).toBeUndefined()
  })
  test('shows none as empty and no limit as 0, never the same text', () => {
    expect(groupLimitText(null)).toBe('')
    expect(groupLimitText(0)).toBe('0')
    expect(groupLimitText(12.5, 'de')).toBe('12,50')
  })
})

describe('the group form', () => {
  test('a saved group fills the form and reads back unchanged', () => {
    const form = groupFormOf(saved, 'en')
    expect(form.modelsMode).toBe('chosen')
    expect(form.agentsMode).toBe('all')
    expect(form.dailyLimit).toBe('0.01')
    expect(form.monthlyLimit).toBe('')
    expect(groupValuesOf(form)).toEqual(saved)
    expect(groupChangesOf(saved, form)).toEqual({})
  })

  test('Save sends only what changed; an emptied provider group becomes null', () => {
    const form = {
      ...groupFormOf(saved, 'en'),
      providerGroup: ' ',
      monthlyLimit: '0',
      modelsMode: 'all' as const,
    }
    expect(groupChangesOf(saved, form)).toEqual({ providerGroup: null, monthlyLimit: 0, models: null })
  })

  test('the chosen models in another order are no change', () => {
    const group = { ...saved, models: ['a', 'b'] }
    expect(groupChangesOf(group, { ...groupFormOf(group, 'en'), models: ['b', 'a'] })).toEqual({})
  })

  test('a new group needs a name, valid amounts and, when narrowed, at least one model or agent', () => {
    expect(groupProblemsOf(NEW_GROUP)).toEqual({ name: 'nameRequired' })
    expect(
      groupProblemsOf({
        ...NEW_GROUP,
        name: 'Sales',
        modelsMode: 'chosen',
        agentsMode: 'chosen',
        dailyLimit: 'lots',
      }),
    ).toEqual({ models: 'modelsNone', agents: 'agentsNone', dailyLimit: 'invalidAmount' })
    expect(groupValuesOf({ ...NEW_GROUP, name: ' Sales ' })).toEqual({
      name: 'Sales',
      providerGroup: null,
      models: null,
      agents: null,
      dailyLimit: null,
      monthlyLimit: null,
    })
  })
})
