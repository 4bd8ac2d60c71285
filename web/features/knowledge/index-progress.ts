import { useSyncExternalStore } from 'react'
import type { KnowledgeEntry } from './knowledge-query'

/**
 * How many chunks of a long entry are embedded so far (`knowledge:progress`, decision 130), by
 * entry id, for the cards and the detail pane of the open panel. Forgotten when the entry's
 * indexing starts over or stops (or it goes), and when the panel closes: it no longer hears the
 * events, so the entry's stored count is newer then.
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

export function forgetIndexProgress(): void {
  if (progressById.size === 0) return
  progressById.clear()
  notify()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The count an entry's status shows while it is indexed: the one heard last, else the one stored
 * with the entry (a panel opened or reloaded mid-way); none once it is not pending.
 */
export function shownProgress(
  entry: Pick<KnowledgeEntry, 'index_status' | 'index_progress'>,
  heard: IndexProgress | undefined,
): IndexProgress | null {
  if (entry.index_status !== 'pending') return null
  return heard ?? entry.index_progress
}

export function useIndexProgress(
  entry: Pick<KnowledgeEntry, 'id' | 'index_status' | 'index_progress'>,
): IndexProgress | null {
  const heard = useSyncExternalStore(subscribe, () => progressById.get(entry.id))
  return shownProgress(entry, heard)
}
