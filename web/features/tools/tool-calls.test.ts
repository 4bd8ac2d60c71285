import { describe, expect, test } from 'bun:test'
import { durationOf, shownArguments, type ToolCall, toolCallsOf, upsertToolCall } from './tool-calls'

const call = (id: string, status: ToolCall['status'] = 'running'): ToolCall => ({
  id,
  tool: 'web-search',
  name: 'web_search',
  arguments: '{"query":"bun"}',
  status,
  result_preview: null,
  duration_ms: null,
})

describe('toolCallsOf', () => {
  test('reads the stored calls, and none from a message without the field or with null', () => {
    expect(toolCallsOf({ tool_calls: [call('a')] })).toEqual([call('a')])
    expect(toolCallsOf({ id: 'm' })).toEqual([])
    expect(toolCallsOf({ tool_calls: null })).toEqual([])
  })

  test('leaves out what is not a call (an unknown status, a missing name)', () => {
    expect(
      toolCallsOf({ tool_calls: [{ ...call('a'), status: 'exploded' }, { id: 'b' }, call('c')] }),
    ).toEqual([call('c')])
  })
})

describe('upsertToolCall', () => {
  test('a new call goes at the end, a known one is replaced where it is', () => {
    const calls = upsertToolCall(upsertToolCall([], call('a')), call('b'))
    expect(calls.map((c) => c.id)).toEqual(['a', 'b'])
    const done = upsertToolCall(calls, { ...call('a', 'done'), duration_ms: 12, result_preview: 'ok' })
    expect(done.map((c) => [c.id, c.status])).toEqual([
      ['a', 'done'],
      ['b', 'running'],
    ])
    // The list it was given is left as it was (it is the query cache's).
    expect(calls[0]!.status).toBe('running')
  })
})

describe('shownArguments', () => {
  test('valid JSON is indented', () => {
    expect(shownArguments('{"query":"bun","n":2}')).toBe('{\n  "query": "bun",\n  "n": 2\n}')
  })
  test('malformed JSON is shown as the model sent it', () => {
    expect(shownArguments('{"query": "bun"')).toBe('{"query": "bun"')
  })
  test('no arguments: nothing to show', () => {
    expect(shownArguments('')).toBeNull()
    expect(shownArguments(' {} ')).toBeNull()
  })
})

describe('durationOf', () => {
  test('milliseconds under a second, tenths of seconds above', () => {
    expect(durationOf(42.4)).toEqual({ unit: 'ms', value: 42 })
    expect(durationOf(999)).toEqual({ unit: 'ms', value: 999 })
    expect(durationOf(1000)).toEqual({ unit: 's', value: 1 })
    expect(durationOf(12_345)).toEqual({ unit: 's', value: 12.3 })
  })
})
