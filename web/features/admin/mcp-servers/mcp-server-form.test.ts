import { describe, expect, test } from 'bun:test'
import {
  changesOf,
  emptyHeaderRow,
  formOf,
  hasProblems,
  headersChanged,
  type McpServerForm,
  newServerOf,
  problemsOf,
} from './mcp-server-form'
import type { McpServer } from './mcp-servers-query'

const saved: McpServer = {
  id: 's1',
  name: 'Tracker',
  url: 'https://mcp.example.com/mcp',
  header_names: ['Authorization', 'X-Team'],
  enabled: true,
  groups: [],
  approval: 'destructive',
  created_at: '2026-11-29T10:00:00Z',
  updated_at: '2026-11-29T10:00:00Z',
}

const filled = (change: Partial<McpServerForm> = {}): McpServerForm => ({
  ...formOf(null),
  name: 'Tracker',
  url: 'https://mcp.example.com/mcp',
  ...change,
})

describe('a new server', () => {
  test('needs a name and an http(s) URL; the empty header row is left out', () => {
    const problems = problemsOf(formOf(null), null)
    expect(problems.name).toBe('required')
    expect(problems.url).toBe('required')
    expect(problemsOf(filled({ url: 'ftp://example.com' }), null).url).toBe('invalidUrl')
    expect(hasProblems(problemsOf(filled(), null))).toBe(false)
    expect(newServerOf(filled())).toEqual({
      name: 'Tracker',
      url: 'https://mcp.example.com/mcp',
      enabled: true,
      groups: [],
      approval: 'destructive',
    })
  })

  test('headers: a named row needs a value, names are tokens and named once', () => {
    const a = { ...emptyHeaderRow(), name: 'Authorization', value: '' }
    const b = { ...emptyHeaderRow(), name: 'authorization', value: 'x' }
    const c = { ...emptyHeaderRow(), name: 'Bad Name', value: 'y' }
    const problems = problemsOf(filled({ headers: [a, b, c] }), null)
    expect(problems.headerValues).toEqual({ [a.key]: 'valueRequired' })
    expect(problems.headerNames).toEqual({ [b.key]: 'duplicateHeader', [c.key]: 'invalidHeader' })
    const ok = { ...a, value: 'Bearer 1' }
    expect(newServerOf(filled({ headers: [ok] })).headers).toEqual({ Authorization: 'Bearer 1' })
  })

  test('only chosen groups needs one', () => {
    expect(problemsOf(filled({ who: 'groups' }), null).groups).toBe('chooseGroup')
    expect(newServerOf(filled({ who: 'groups', groups: ['g1'] })).groups).toEqual(['g1'])
    // Groups ticked, then Everyone chosen again: everyone it is.
    expect(newServerOf(filled({ who: 'everyone', groups: ['g1'] })).groups).toEqual([])
  })
})

describe('an edit', () => {
  test('shows the stored header names with no values, and sends nothing when nothing changed', () => {
    const form = formOf(saved)
    expect(form.headers.map((row) => [row.name, row.value, row.stored])).toEqual([
      ['Authorization', '', true],
      ['X-Team', '', true],
    ])
    expect(headersChanged(saved, form)).toBe(false)
    expect(hasProblems(problemsOf(form, saved))).toBe(false)
    expect(changesOf(saved, form)).toEqual({})
  })

  test('a renamed server and a new approval rule: only those are sent, the headers stay', () => {
    const form = { ...formOf(saved), name: 'Tracker 2', approval: 'always' as const }
    expect(changesOf(saved, form)).toEqual({ name: 'Tracker 2', approval: 'always' })
  })

  test('a header removed: all the others must be typed again, as they replace the stored ones', () => {
    const form = formOf(saved)
    const kept = form.headers[0]!
    const edited = { ...form, headers: [kept] }
    expect(problemsOf(edited, saved).headerValues).toEqual({ [kept.key]: 'valueAgain' })
    const typed = { ...edited, headers: [{ ...kept, value: 'Bearer 2' }] }
    expect(hasProblems(problemsOf(typed, saved))).toBe(false)
    expect(changesOf(saved, typed)).toEqual({ headers: { Authorization: 'Bearer 2' } })
  })

  test('every header removed: sent as none', () => {
    expect(changesOf(saved, { ...formOf(saved), headers: [] })).toEqual({ headers: {} })
  })

  test('groups: changed only when the set differs', () => {
    const withGroups = { ...saved, groups: ['g1', 'g2'] }
    expect(changesOf(withGroups, { ...formOf(withGroups), groups: ['g2', 'g1'] })).toEqual({})
    expect(changesOf(withGroups, { ...formOf(withGroups), who: 'everyone' })).toEqual({ groups: [] })
  })
})
