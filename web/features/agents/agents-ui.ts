import { useSyncExternalStore } from 'react'

/**
 * Which agent dialog is open. The composer's '+' menu and the agent dropdown open them; the
 * dashboard's `AgentsHost` shows them (lazy chunks). Small on purpose: it is in the chat page's
 * first chunk, the dialogs are not.
 */
export type AgentsScreen = 'config' | 'calendar' | null

let screen: AgentsScreen = null
const listeners = new Set<() => void>()

export function openAgentsScreen(next: AgentsScreen) {
  screen = next
  for (const listener of listeners) listener()
}

/** Configure on an agent: the calendar has a dialog of its own, the others the shared one. */
export function configureAgent(id: string) {
  openAgentsScreen(id === 'calendar' ? 'calendar' : 'config')
}

export function useAgentsScreen(): AgentsScreen {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => screen,
  )
}
