import { expect, test } from 'bun:test'
import { QueryClient } from '@tanstack/react-query'
import type { Message } from '../messages/messages-query'
import type { Research } from './research-api'

// The query modules build the API client from the page's origin when they load; no request is made here.
Object.assign(globalThis, { window: { location: { origin: 'http://localhost' } } })
const { cachedMessage, messagesQuery } = await import('../messages/messages-query')
const { researchKey } = await import('./research-api')
const { storeRetried, writingAgain } = await import('./retry-state')

/*
 * A retried run can be written to the end before the retry's HTTP answer arrives: its socket
 * events ('research:progress', 'message:completed') come first. The late answer (status 'queued')
 * must not turn the finished report back into an empty 'streaming' answer that nothing completes.
 */

const chatId = 'chat-1'
const messageId = 'message-1'

function answer(status: string, content: string): Message {
  return {
    id: messageId,
    chat_id: chatId,
    content,
    is_user: false,
    status,
    error: status === 'failed' ? 'Failed to conduct research' : null,
    model_id: 'fake-model',
    research_id: 'run-1',
    created_at: '2026-11-25T00:00:00.000Z',
  } as Message
}

function run(status: Research['status']): Research {
  return {
    id: 'run-1',
    chatId,
    messageId,
    topic: 'Tidal power',
    depth: 'quick',
    sources: { web: true, academic: false, news: true, stats: false },
    status,
    step: null,
    round: 1,
    rounds: 1,
    sourcesFound: 0,
    sourcesRead: 0,
    notes: [],
    startedAt: null,
    finishedAt: null,
    elapsedMs: 0,
    tokens: 0,
    costMicros: 0,
    error: null,
  }
}

function withAnswer(message: Message, research: Research) {
  const queryClient = new QueryClient()
  queryClient.setQueryData(messagesQuery(chatId).queryKey, {
    pages: [{ messages: [message], nextCursor: null }],
    pageParams: [''],
  })
  queryClient.setQueryData(researchKey('run-1'), research)
  return queryClient
}

test('a retry answered before any event: the failed answer is being written again', () => {
  const queryClient = withAnswer(answer('failed', '## Key Findings'), run('failed'))
  storeRetried(queryClient, run('queued'))
  writingAgain(queryClient, run('queued'))
  expect(cachedMessage(queryClient, chatId, messageId)).toMatchObject({ status: 'streaming', content: '' })
  expect(queryClient.getQueryData<Research>(researchKey('run-1'))?.status).toBe('queued')
})

test('a retry answered after the run finished over the socket leaves the finished report alone', () => {
  const queryClient = withAnswer(answer('complete', '## Overview\nThe report.'), run('completed'))
  storeRetried(queryClient, run('queued'))
  writingAgain(queryClient, run('queued'))
  expect(cachedMessage(queryClient, chatId, messageId)).toMatchObject({
    status: 'complete',
    content: '## Overview\nThe report.',
  })
  expect(queryClient.getQueryData<Research>(researchKey('run-1'))?.status).toBe('completed')
})

test('a cancelled answer retried from another tab goes back to writing; a running one is not emptied again', () => {
  const queryClient = withAnswer(answer('stopped', ''), run('cancelled'))
  writingAgain(queryClient, run('queued'))
  expect(cachedMessage(queryClient, chatId, messageId)?.status).toBe('streaming')
  // Later progress of the same run: the answer's text so far is kept.
  const running = withAnswer(answer('streaming', 'partial'), run('running'))
  writingAgain(running, run('running'))
  expect(cachedMessage(running, chatId, messageId)?.content).toBe('partial')
})
