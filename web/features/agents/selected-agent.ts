import { useSyncExternalStore } from 'react'
import type { Agent } from './agents-api'

/** This browser's chosen agent (the settings themselves live on the server). */
export const SELECTED_AGENT_KEY = 'parley.agent'
export const DEFAULT_AGENT_ID = 'rag'

/** Agents a message may go to: enabled and not hidden, in the server's order. */
export function selectableAgents(agents: readonly Agent[]): Agent[] {
  return agents.filter((agent) => agent.enabled && agent.visible)
}

/**
 * Spec section 4: the chosen agent while it is selectable; a hidden (or disabled) one is replaced
 * by the first visible agent; none when no agent is visible.
 */
export function pickAgent(agents: readonly Agent[], chosenId: string | null): Agent | null {
  const selectable = selectableAgents(agents)
  const wanted = chosenId ?? DEFAULT_AGENT_ID
  return selectable.find((agent) => agent.id === wanted) ?? selectable[0] ?? null
}

const listeners = new Set<() => void>()

function read(): string | null {
  try {
    return localStorage.getItem(SELECTED_AGENT_KEY)
  } catch {
    return null
  }
}

export function setChosenAgentId(id: string) {
  try {
    localStorage.setItem(SELECTED_AGENT_KEY, id)
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page only.
  }
  memory = id
  for (const listener of listeners) listener()
}

let memory: string | null = null

/** The id chosen in this browser ('rag' until one is chosen), shared by every component. */
export function useChosenAgentId(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      const storage = (event: StorageEvent) => event.key === SELECTED_AGENT_KEY && listener()
      window.addEventListener('storage', storage)
      return () => {
        listeners.delete(listener)
        window.removeEventListener('storage', storage)
      }
    },
    () => read() ?? memory ?? DEFAULT_AGENT_ID,
  )
}
