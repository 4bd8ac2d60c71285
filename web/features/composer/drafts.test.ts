import { describe, expect, test } from 'bun:test'
import { createDraftStore } from './drafts'

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
})
