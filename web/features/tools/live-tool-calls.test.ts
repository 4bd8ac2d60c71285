import { expect, test } from 'bun:test'
import { liveToolCalls, mergeToolCalls } from './live-tool-calls'
import type { ToolCall } from './tool-calls'

const call = (id: string, status: ToolCall['status']): ToolCall => ({
  id,
  tool: 'mcp:s1',
  server: 'Records',
  name: 'delete_everything',
  arguments: '{}',
  status,
  result_preview: null,
  duration_ms: null,
})

test('a live call shows before the message has it, and its newer state wins over a stored one still running', () => {
  expect(mergeToolCalls([], [call('a', 'awaiting_approval')])).toEqual([call('a', 'awaiting_approval')])
  expect(mergeToolCalls([call('a', 'running')], [call('a', 'done')])).toEqual([call('a', 'done')])
})

test('a stored call that has ended is final', () => {
  expect(mergeToolCalls([call('a', 'denied')], [call('a', 'awaiting_approval')])).toEqual([
    call('a', 'denied'),
  ])
})

test('the store keeps each message’s calls by id', () => {
  liveToolCalls.upsert('m1', call('a', 'running'))
  liveToolCalls.upsert('m1', call('b', 'running'))
  liveToolCalls.upsert('m1', call('a', 'done'))
  expect(liveToolCalls.get('m1').map((c) => [c.id, c.status])).toEqual([
    ['a', 'done'],
    ['b', 'running'],
  ])
  expect(liveToolCalls.get('m2')).toEqual([])
})
