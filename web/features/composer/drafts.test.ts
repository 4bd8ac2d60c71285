import { describe, expect, test } from 'bun:test'
import { carryDraftToNewChat, createDraftStore, NO_CHAT } from './drafts'

function fakeStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

describe('drafts', () => {
  test('each chat keeps its own unsent text', () => {
    const store = createDraftStore(fakeStorage())
    store.write('chat-a', 'half a question')
    expect(store.read('chat-b')).toBe('')
    store.write('chat-b', 'another thought')
    expect(store.read('chat-a')).toBe('half a question')
    expect(store.read('chat-b')).toBe('another thought')
  })

  test('a draft survives a reload of the tab (sessionStorage) and is gone once cleared', () => {
    const storage = fakeStorage()
    createDraftStore(storage).write('chat-a', 'typed before reload')
    const afterReload = createDraftStore(storage)
    expect(afterReload.read('chat-a')).toBe('typed before reload')
    afterReload.write('chat-a', '')
    expect(storage.items.size).toBe(0)
    expect(createDraftStore(storage).read('chat-a')).toBe('')
  })

  test('a storage that refuses still keeps drafts in memory', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => {},
    }
    const store = createDraftStore(refusing)
    store.write('chat-a', 'kept')
    expect(store.read('chat-a')).toBe('kept')
    expect(store.read('chat-b')).toBe('')
  })

  describe('a new chat on its way', () => {
    test('from the welcome, the whole text goes to the new chat and the welcome is left empty', () => {
      const store = createDraftStore(fakeStorage())
      store.write(NO_CHAT, 'typed on the welcome')
      const started = { from: NO_CHAT, before: store.read(NO_CHAT) }
      store.write(NO_CHAT, 'typed on the welcome, and more')
      carryDraftToNewChat(store, started, 'new-chat')
      expect(store.read('new-chat')).toBe('typed on the welcome, and more')
      expect(store.read(NO_CHAT)).toBe('')
    })

    test('from another chat, only what was typed after the click goes along; that chat keeps its draft', () => {
      const store = createDraftStore(fakeStorage())
      store.write('chat-a', 'an old draft')
      const started = { from: 'chat-a', before: store.read('chat-a') }
      store.write('chat-a', 'an old draft new question')
      carryDraftToNewChat(store, started, 'new-chat')
      expect(store.read('new-chat')).toBe('new question')
      expect(store.read('chat-a')).toBe('an old draft')
    })

    test('nothing typed meanwhile moves nothing', () => {
      const store = createDraftStore(fakeStorage())
      store.write('chat-a', 'an old draft')
      carryDraftToNewChat(store, { from: 'chat-a', before: 'an old draft' }, 'new-chat')
      carryDraftToNewChat(store, { from: NO_CHAT, before: '' }, 'other-chat')
      expect(store.read('new-chat')).toBe('')
      expect(store.read('other-chat')).toBe('')
      expect(store.read('chat-a')).toBe('an old draft')
    })
  })
})
