import { useSyncExternalStore } from 'react'

/**
 * Which agent dialog is open. The composer's '+' menu and the agent dropdown open them; the
 * dashboard's `AgentsHost` shows them (lazy chunks). Small on purpose: it is in the chat page's
 * first chunk, the dialogs are not.
 */
export type AgentsScreen = 'config' | 'calendar' | null

let screen: AgentsScreen = null
/** Where closing the current screen goes: Agent Configuration when the calendar was opened from it. */
let returnTo: AgentsScreen = null
const listeners = new Set<() => void>()

function notify() {
  for (const listener of listeners) listener()
}

export function openAgentsScreen(next: AgentsScreen) {
  screen = next
  returnTo = null
  // Opened afresh: Agent Configuration starts from the saved settings.
  dropConfigDraft()
  notify()
}

/**
 * 'Calendar connection' in Agent Configuration: the calendar's dialog, then back to Agent
 * Configuration with the switches and fields as they were left (issue 26). The unsaved draft is
 * kept for this tab's session, so it also survives the trip to the calendar provider and back.
 */
export function openCalendarFromConfig(draft: unknown) {
  keepConfigDraft(draft)
  screen = 'calendar'
  returnTo = 'config'
  notify()
}

/** Closes the current screen: back to the one it was opened from, if any. */
export function closeAgentsScreen() {
  if (returnTo === null) dropConfigDraft()
  screen = returnTo
  returnTo = null
  notify()
}

/** Back from the calendar provider: Agent Configuration again when its unsaved changes wait there. */
export function resumeAgentsAfterCalendar() {
  if (keptConfigDraft() === null) return
  screen = 'config'
  returnTo = null
  notify()
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

const DRAFT_KEY = 'parley.agentConfigDraft'

function keepConfigDraft(draft: unknown) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft))
  } catch {
    // Storage full or refused: the draft then lives only as long as this page.
    memoryDraft = draft
  }
}

let memoryDraft: unknown = null

/** Agent Configuration's unsaved switches and fields, when the calendar step interrupted it. */
export function keptConfigDraft(): unknown {
  try {
    const stored = sessionStorage.getItem(DRAFT_KEY)
    return stored === null ? memoryDraft : JSON.parse(stored)
  } catch {
    return memoryDraft
  }
}

export function dropConfigDraft() {
  memoryDraft = null
  try {
    sessionStorage.removeItem(DRAFT_KEY)
  } catch {}
}
