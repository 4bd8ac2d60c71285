import { useSyncExternalStore } from 'react'

/** Which chat's share dialog is open (issue 32), from a chat's menu. Fetched when first opened. */
export type ShareDialogState = { chatId: string; title: string } | null

let state: ShareDialogState = null
const listeners = new Set<() => void>()

export function openShareDialog(next: ShareDialogState) {
  state = next
  for (const listener of listeners) listener()
}

export const closeShareDialog = () => openShareDialog(null)

export function useShareDialog(): ShareDialogState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
  )
}
