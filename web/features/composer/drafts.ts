/**
 * Unsent text per chat, so what was typed in one chat stays there (and comes back on return)
 * rather than following the user into the next. Kept in memory and in sessionStorage: a reload
 * of the tab keeps its drafts, closing the tab forgets them.
 */
type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const PREFIX = 'parley:draft:'

/** The draft key of the composer with no current chat. */
export const NO_CHAT = 'no-chat'

export function createDraftStore(storage: DraftStorage | null) {
  const memory = new Map<string, string>()
  // Storage can refuse (quota, privacy mode): the in-memory copy is enough for this page's life.
  const attempt = <T>(run: () => T): T | undefined => {
    try {
      return run()
    } catch {
      return undefined
    }
  }
  return {
    read(key: string): string {
      return memory.get(key) ?? attempt(() => storage?.getItem(PREFIX + key)) ?? ''
    },
    write(key: string, text: string) {
      if (text) {
        memory.set(key, text)
        attempt(() => storage?.setItem(PREFIX + key, text))
      } else {
        memory.delete(key)
        attempt(() => storage?.removeItem(PREFIX + key))
      }
    },
  }
}

type DraftStore = ReturnType<typeof createDraftStore>

/** Where a 'New Chat' click was made and what that draft held then. */
export interface DraftAtCreate {
  from: string
  before: string
}

/**
 * Moves what was typed while a new chat was on its way into that chat, so nothing typed in that
 * instant is dropped: from the welcome (no chat) the whole text goes along; from another chat only
 * what was added after the click, and that chat keeps the draft it had.
 */
export function carryDraftToNewChat(store: DraftStore, started: DraftAtCreate, chatId: string) {
  const now = store.read(started.from)
  if (started.from === NO_CHAT) {
    if (!now) return
    store.write(chatId, now)
    store.write(NO_CHAT, '')
    return
  }
  if (now === started.before) return
  const typed = now.startsWith(started.before) ? now.slice(started.before.length).trimStart() : now
  store.write(chatId, typed)
  store.write(started.from, started.before)
}

export const drafts = createDraftStore(typeof sessionStorage === 'undefined' ? null : sessionStorage)
