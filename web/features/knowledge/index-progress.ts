import { useSyncExternalStore } from 'react'

/**
 * How many chunks of a long entry are embedded so far (`knowledge:progress`, decision 130), by
 * entry id, for the cards and the detail pane of the open panel. Forgotten when the entry's
 * indexing ends (or it goes).
 */
export interface IndexProgress {
  done: number
  total: number
}

const progressById = new Map<string, IndexProgress>()
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

export function setIndexProgress(entryId: string, progress: IndexProgress | null): void {
  if (progress) progressById.set(entryId, progress)
  else if (!progressById.delete(entryId)) return
  notify()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useIndexProgress(entryId: string): IndexProgress | undefined {
  return useSyncExternalStore(subscribe, () => progressById.get(entryId))
}
