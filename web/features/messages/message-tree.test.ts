import { expect, test } from 'bun:test'
import { QueryClient } from '@tanstack/react-query'
import type { Message, MessagePages } from './messages-query'

// The query modules build the API client from the page's origin when they load; no request is made here.
Object.assign(globalThis, { window: { location: { origin: 'http://localhost' } } })
const { messagesQuery } = await import('./messages-query')
const { branchFrom, heardOffPath, receiveMessage, shownLeafId, showPath, siblingIdsOf } = await import(
  './message-tree'
)

const chatId = 'chat-1'

function message(id: string, parentId: string | null, second: number, extra: Partial<Message> = {}): Message {
  return {
    id,
    chat_id: chatId,
    content: id,
    is_user: id.startsWith('q'),
    status: 'complete',
    error: null,
    model_id: 'fake-model',
    parent_id: parentId,
    sibling_ids: [id],
    created_at: new Date(Date.UTC(2026, 10, 29, 0, 0, second)).toISOString(),
    ...extra,
  } as Message
}

/** A cache holding the path q1 → a1 → q2 → a2 (pages newest first, as the query keeps them). */
function cacheWithPath() {
  const queryClient = new QueryClient()
  const path = [
    message('q1', null, 1),
    message('a1', 'q1', 2),
    message('q2', 'a1', 3),
    message('a2', 'q2', 4),
  ]
  queryClient.setQueryData<MessagePages>(messagesQuery(chatId).queryKey, {
    pages: [{ messages: path.slice().reverse(), nextCursor: null }],
    pageParams: [''],
  })
  return queryClient
}

/** The shown path, oldest first, as the chat view lists it. */
function shown(queryClient: QueryClient): string[] {
  const data = queryClient.getQueryData<MessagePages>(messagesQuery(chatId).queryKey)
  return (data?.pages.flatMap((page) => page.messages) ?? []).map((m) => m.id).reverse()
}

function siblingsOf(queryClient: QueryClient, id: string): string[] {
  const data = queryClient.getQueryData<MessagePages>(messagesQuery(chatId).queryKey)
  const found = data?.pages.flatMap((page) => page.messages).find((m) => m.id === id)
  return found ? siblingIdsOf(found) : []
}

test('a message under the shown leaf continues the path', () => {
  const queryClient = cacheWithPath()
  expect(receiveMessage(queryClient, message('q3', 'a2', 5))).toBe(true)
  expect(shown(queryClient)).toEqual(['q1', 'a1', 'q2', 'a2', 'q3'])
  expect(shownLeafId(queryClient, chatId)).toBe('q3')
})

test('a sibling made elsewhere (another tab regenerated) is counted by the arrows, not shown', () => {
  const queryClient = cacheWithPath()
  const other = message('a2b', 'q2', 6, { sibling_ids: ['a2', 'a2b'], status: 'streaming' })
  expect(receiveMessage(queryClient, other)).toBe(false)
  expect(shown(queryClient)).toEqual(['q1', 'a1', 'q2', 'a2'])
  expect(siblingsOf(queryClient, 'a2')).toEqual(['a2', 'a2b'])
  // Heard of, for when this tab's own regenerate puts it on the path.
  expect(heardOffPath('a2b')?.status).toBe('streaming')
  // The same event again (or its completion) adds nothing twice.
  receiveMessage(queryClient, { ...other, status: 'complete' })
  expect(siblingsOf(queryClient, 'a2')).toEqual(['a2', 'a2b'])
  expect(heardOffPath('a2b')?.status).toBe('complete')
})

test('a shown message is merged, wherever it is on the path', () => {
  const queryClient = cacheWithPath()
  receiveMessage(queryClient, message('a1', 'q1', 2, { content: 'changed' }))
  expect(shown(queryClient)).toEqual(['q1', 'a1', 'q2', 'a2'])
  const data = queryClient.getQueryData<MessagePages>(messagesQuery(chatId).queryKey)
  expect(data?.pages[0]?.messages.find((m) => m.id === 'a1')?.content).toBe('changed')
})

test('a first message goes into an empty chat; a second root is a sibling of the first', () => {
  const queryClient = new QueryClient()
  queryClient.setQueryData<MessagePages>(messagesQuery(chatId).queryKey, {
    pages: [{ messages: [], nextCursor: null }],
    pageParams: [''],
  })
  expect(receiveMessage(queryClient, message('q1', null, 1))).toBe(true)
  expect(receiveMessage(queryClient, message('q1b', null, 2, { sibling_ids: ['q1', 'q1b'] }))).toBe(false)
  expect(shown(queryClient)).toEqual(['q1'])
  expect(siblingsOf(queryClient, 'q1')).toEqual(['q1', 'q1b'])
})

test('an edit replaces the path from the edited message down with the new message and its answer', () => {
  const queryClient = cacheWithPath()
  const edited = message('q1b', null, 7, { sibling_ids: ['q1', 'q1b'] })
  const answer = message('a1b', 'q1b', 8, { status: 'streaming', content: '' })
  branchFrom(queryClient, chatId, 'q1', [edited, answer])
  expect(shown(queryClient)).toEqual(['q1b', 'a1b'])
  expect(siblingsOf(queryClient, 'q1b')).toEqual(['q1', 'q1b'])
  expect(shownLeafId(queryClient, chatId)).toBe('a1b')
})

test('a regenerate shows the new answer in the old one’s place, as already heard of when its events came first', () => {
  const queryClient = cacheWithPath()
  // The new answer's events arrived before the regenerate's HTTP answer: it finished meanwhile.
  receiveMessage(
    queryClient,
    message('a2c', 'q2', 9, { sibling_ids: ['a2', 'a2c'], content: 'Done already' }),
  )
  const placeholder = message('a2c', 'q2', 9, {
    status: 'streaming',
    content: '',
    sibling_ids: ['a2', 'a2c'],
  })
  branchFrom(queryClient, chatId, 'a2', [placeholder])
  expect(shown(queryClient)).toEqual(['q1', 'a1', 'q2', 'a2c'])
  const data = queryClient.getQueryData<MessagePages>(messagesQuery(chatId).queryKey)
  const shownAnswer = data?.pages[0]?.messages[0]
  expect([shownAnswer?.status, shownAnswer?.content]).toEqual(['complete', 'Done already'])
})

test('a branch switch replaces every loaded page with the answered path, newest first', () => {
  const queryClient = cacheWithPath()
  showPath(queryClient, chatId, {
    messages: [message('q1', null, 1), message('a1b', 'q1', 3, { sibling_ids: ['a1', 'a1b'] })],
    nextCursor: 'older',
  })
  const data = queryClient.getQueryData<MessagePages>(messagesQuery(chatId).queryKey)
  expect(data?.pages.length).toBe(1)
  expect(data?.pages[0]?.nextCursor).toBe('older')
  expect(shown(queryClient)).toEqual(['q1', 'a1b'])
  expect(shownLeafId(queryClient, chatId)).toBe('a1b')
})

test('a message without siblings counts as its only version', () => {
  expect(siblingIdsOf(message('q1', null, 1, { sibling_ids: undefined }))).toEqual(['q1'])
})
