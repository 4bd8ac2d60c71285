import { useSyncExternalStore } from 'react'

type MarkdownComponent = typeof import('./markdown').Markdown

/**
 * The markdown stack (react-markdown, remark-gfm, micromark...) is a chunk of its own, so it is
 * evaluated in a task of its own rather than inside the app's start. The fetch starts as soon as
 * this module runs (with the signed-in view), in parallel with the first messages request.
 * 'failed' (the chunk could not be fetched) lets answers show as plain text rather than never.
 */
let state: MarkdownComponent | 'failed' | null = null
const listeners = new Set<() => void>()

function settle(next: MarkdownComponent | 'failed') {
  state = next
  for (const listener of listeners) listener()
}

void import('./markdown').then(
  (module) => settle(module.Markdown),
  () => settle('failed'),
)

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The markdown renderer once its chunk has arrived, 'failed' if it cannot, else null. */
export function useMarkdown(): MarkdownComponent | 'failed' | null {
  return useSyncExternalStore(subscribe, () => state)
}
