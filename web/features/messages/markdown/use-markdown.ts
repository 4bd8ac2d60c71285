import { useEffect, useState, useSyncExternalStore } from 'react'

type MarkdownModule = typeof import('./markdown')
type MarkdownComponent = MarkdownModule['Markdown']

/**
 * The markdown stack (micromark, mdast-util-from-markdown, GFM...) is a chunk of its own, so it is
 * evaluated in a task of its own rather than inside the app's start. The fetch starts as soon as
 * this module runs (with the signed-in view), in parallel with the first messages request.
 * 'failed' (the chunk could not be fetched) lets answers show as plain text rather than never.
 */
let state: MarkdownModule | 'failed' | null = null
const listeners = new Set<() => void>()

function settle(next: MarkdownModule | 'failed') {
  state = next
  for (const listener of listeners) listener()
}

void import('./markdown').then(settle, () => settle('failed'))

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function useMarkdownModule() {
  return useSyncExternalStore(subscribe, () => state)
}

/** The markdown renderer once its chunk has arrived, 'failed' if it cannot, else null. */
export function useMarkdown(): MarkdownComponent | 'failed' | null {
  const module = useMarkdownModule()
  return module === null || module === 'failed' ? module : module.Markdown
}

/**
 * True once the markdown of `texts` has been parsed in slices (see `warmBlocks`), and from then
 * on for as long as `key` (the chat) stays the same; false while `texts` is null (not loaded).
 * If the markdown chunk failed to load there is nothing to wait for.
 */
export function useWarmMarkdown(key: string | undefined, texts: string[] | null): boolean {
  const module = useMarkdownModule()
  const [warmKey, setWarmKey] = useState<string | undefined | null>(null)
  // A chat opened before has its answers cached: no need to wait for an effect to say so.
  const ready =
    warmKey === key ||
    module === 'failed' ||
    (module !== null && texts !== null && module.blocksCached(texts))
  useEffect(() => {
    // Once ready, a chat stays shown, whatever arrives later.
    if (ready) {
      setWarmKey(key)
      return
    }
    if (!texts || module === null) return
    return module.warmBlocks(texts, () => setWarmKey(key))
  }, [ready, texts, module, key])
  return ready
}
