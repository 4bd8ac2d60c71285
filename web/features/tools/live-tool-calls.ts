import { useCallback, useSyncExternalStore } from 'react'
import { type ToolCall, upsertToolCall } from './tool-calls'

/**
 * The tool calls `message:tool` announced, by message id, kept beside the query cache: an event
 * that comes before its answer is in the cache (or while the messages are read again) is not lost,
 * and the answer shows it as soon as it is there.
 */
const calls = new Map<string, ToolCall[]>()
const listeners = new Map<string, Set<() => void>>()
const NONE: ToolCall[] = []

export const liveToolCalls = {
  upsert(messageId: string, call: ToolCall) {
    calls.set(messageId, upsertToolCall(calls.get(messageId) ?? [], call))
    for (const listener of listeners.get(messageId) ?? []) listener()
  },
  get: (messageId: string): ToolCall[] => calls.get(messageId) ?? NONE,
}

export function useLiveToolCalls(messageId: string): ToolCall[] {
  const subscribe = useCallback(
    (listener: () => void) => {
      const set = listeners.get(messageId) ?? new Set()
      set.add(listener)
      listeners.set(messageId, set)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(messageId)
      }
    },
    [messageId],
  )
  return useSyncExternalStore(subscribe, () => liveToolCalls.get(messageId))
}

const ENDED: readonly ToolCall['status'][] = ['done', 'failed', 'denied']

/**
 * The answer's calls: the stored ones, each replaced by its live copy unless the stored one has
 * already ended (a finished answer's calls are final); live calls the message lacks are added.
 */
export function mergeToolCalls(stored: readonly ToolCall[], live: readonly ToolCall[]): ToolCall[] {
  let merged = [...stored]
  for (const call of live) {
    const known = merged.find((candidate) => candidate.id === call.id)
    if (known && ENDED.includes(known.status)) continue
    merged = upsertToolCall(merged, call)
  }
  return merged
}
