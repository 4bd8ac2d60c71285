import { useSyncExternalStore } from 'react'
import type { Project } from './projects-query'

/**
 * Which project dialog is open (issue 28), from the sidebar, a chat's menu or the palette. The
 * dialogs are fetched when first opened (decision 105's rule for the first visit's size).
 * `moveChatIds`: a project created from "Move to project › New project…" takes these chats in.
 */
export type ProjectDialogState =
  | { kind: 'create'; moveChatIds?: string[] }
  | { kind: 'edit'; project: Project }
  | { kind: 'delete'; project: Project }
  | null

let state: ProjectDialogState = null
const listeners = new Set<() => void>()

export function openProjectDialog(next: ProjectDialogState) {
  state = next
  for (const listener of listeners) listener()
}

export const closeProjectDialog = () => openProjectDialog(null)

export function useProjectDialog(): ProjectDialogState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
  )
}
