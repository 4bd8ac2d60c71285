import { expect, test } from 'bun:test'
import { chatJoins } from './chat-joins'

test('work waiting for a join runs once, when the join is acknowledged', () => {
  const runs: string[] = []
  expect(chatJoins.isJoined('chat-1')).toBe(false)
  chatJoins.onceJoined('chat-1', () => runs.push('refetch'))
  expect(runs).toEqual([])
  chatJoins.markJoined('chat-1')
  expect(runs).toEqual(['refetch'])
  expect(chatJoins.isJoined('chat-1')).toBe(true)
  chatJoins.markJoined('chat-1')
  expect(runs).toEqual(['refetch'])
  chatJoins.markLeft('chat-1')
  expect(chatJoins.isJoined('chat-1')).toBe(false)
})
