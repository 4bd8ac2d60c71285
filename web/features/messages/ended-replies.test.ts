import { expect, test } from 'bun:test'
import { endedReplies } from './ended-replies'

test('a read that left before the reply ended gets the end this tab heard, not streaming again', () => {
  endedReplies.remember('answer-1', { id: 'answer-1', status: 'complete', content: 'Bring an umbrella.' })
  const stale = { id: 'answer-1', status: 'streaming', content: 'Bring', chat_id: 'chat-1' }
  expect(endedReplies.keepEnded(stale)).toEqual({
    id: 'answer-1',
    status: 'complete',
    content: 'Bring an umbrella.',
    chat_id: 'chat-1',
  })
})

test('a failure heard is kept the same way; a reply not heard ending still streams', () => {
  endedReplies.remember('answer-2', { status: 'failed', error: 'The provider is down.' })
  const stale: { id: string; status: string; error?: string } = { id: 'answer-2', status: 'streaming' }
  expect(endedReplies.keepEnded(stale)).toEqual({
    id: 'answer-2',
    status: 'failed',
    error: 'The provider is down.',
  })
  expect(endedReplies.keepEnded({ id: 'answer-3', status: 'streaming' }).status).toBe('streaming')
})

test('a copy the server already read as ended is left as the server has it', () => {
  endedReplies.remember('answer-4', { status: 'complete', content: 'old' })
  const read = { id: 'answer-4', status: 'complete', content: 'edited later' }
  expect(endedReplies.keepEnded(read)).toBe(read)
})

test('only the latest fifty ends are kept', () => {
  for (let n = 0; n < 60; n++) endedReplies.remember(`many-${n}`, { status: 'complete' })
  expect(endedReplies.keepEnded({ id: 'many-0', status: 'streaming' }).status).toBe('streaming')
  expect(endedReplies.keepEnded({ id: 'many-59', status: 'streaming' }).status).toBe('complete')
})
