import { useSyncExternalStore } from 'react'

/**
 * What the sidebar lists: the chats, or the archived chats (issue 28). A store in the first chunk,
 * so the command palette can open the archived view; the view itself is fetched on first use.
 */
export type SidebarView = 'chats' | 'archived'

let view: SidebarView = 'chats'
const listeners = new Set<() => void>()

export function showSidebarView(next: SidebarView) {
  if (view === next) return
  view = next
  for (const listener of listeners) listener()
}

export function useSidebarView(): SidebarView {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => view,
  )
}
