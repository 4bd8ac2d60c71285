import { useSyncExternalStore } from 'react'

/**
 * Which knowledge screen is open. The header, the '+' menu and a message's sources open them from
 * different places; the dashboard's `KnowledgeHost` shows them. Small on purpose: it is in the
 * chat page's first chunk, the screens are not.
 */
export type KnowledgeScreen =
  | { kind: 'panel'; entryId: string | null }
  | { kind: 'export'; chatId: string }
  | null

let screen: KnowledgeScreen = null
const listeners = new Set<() => void>()

function set(next: KnowledgeScreen) {
  screen = next
  for (const listener of listeners) listener()
}

/** Opens the Knowledge Base panel, with an entry's detail pane when given. */
export function openKnowledge(entryId: string | null = null) {
  set({ kind: 'panel', entryId })
}

export function openExportChat(chatId: string) {
  set({ kind: 'export', chatId })
}

export function closeKnowledge() {
  set(null)
}

export function useKnowledgeScreen(): KnowledgeScreen {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => screen,
  )
}
