import { useCallback, useSyncExternalStore } from 'react'

/**
 * The text of replies still streaming, by message id, with the seq of the last delta applied.
 * Kept outside the query cache so a delta re-renders only the one bubble that shows it.
 */
export interface LiveText {
  content: string
  seq: number
}

const texts = new Map<string, LiveText>()
const listeners = new Map<string, Set<() => void>>()
const pending = new Set<string>()
let frameScheduled = false

function notify(messageId: string) {
  for (const listener of listeners.get(messageId) ?? []) listener()
}

/**
 * Deltas arrive far more often than the screen refreshes (a fast model sends hundreds a second):
 * the text is updated at once, but its bubble re-renders at most once per animation frame.
 */
function notifyNextFrame(messageId: string) {
  if (typeof requestAnimationFrame !== 'function') return notify(messageId)
  pending.add(messageId)
  if (frameScheduled) return
  frameScheduled = true
  requestAnimationFrame(() => {
    frameScheduled = false
    const ids = [...pending]
    pending.clear()
    for (const id of ids) notify(id)
  })
}

export const liveTexts = {
  get: (messageId: string) => texts.get(messageId),
  /** A snapshot (from `chat:join`) replaces what we have unless ours is already further along. */
  setSnapshot(messageId: string, snapshot: LiveText) {
    const current = texts.get(messageId)
    if (current && current.seq >= snapshot.seq) return
    texts.set(messageId, snapshot)
    notify(messageId)
  },
  /** Applies a delta; 'gap' when deltas were missed (the caller re-joins for a fresh snapshot). */
  applyDelta(messageId: string, delta: string, seq: number): 'applied' | 'stale' | 'gap' {
    const current = texts.get(messageId) ?? { content: '', seq: 0 }
    if (seq <= current.seq) return 'stale'
    if (seq > current.seq + 1) return 'gap'
    texts.set(messageId, { content: current.content + delta, seq })
    notifyNextFrame(messageId)
    return 'applied'
  },
  delete(messageId: string) {
    texts.delete(messageId)
    notify(messageId)
  },
}

export function useLiveText(messageId: string): LiveText | undefined {
  const subscribe = useCallback(
    (listener: () => void) => {
      let set = listeners.get(messageId)
      if (!set) {
        set = new Set()
        listeners.set(messageId, set)
      }
      set.add(listener)
      return () => {
        set.delete(listener)
        if (!set.size) listeners.delete(messageId)
      }
    },
    [messageId],
  )
  return useSyncExternalStore(subscribe, () => texts.get(messageId))
}
