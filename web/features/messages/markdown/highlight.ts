import type { HLJSApi } from 'highlight.js'

/**
 * The highlighter chunk (highlighter.ts), fetched once. One `import()` of one chunk: twelve
 * separate language imports cost ~10 ms of module-loader work inside the render that first
 * showed a code block (trace of opening a chat).
 */
let loading: Promise<HLJSApi> | undefined

export function loadHighlighter(): Promise<HLJSApi> {
  loading ??= import('./highlighter').then((module) => module.default)
  return loading
}

/** Longer code stays plain: highlighting it would hold the page for too long in one go. */
const MAX_HIGHLIGHT_CHARS = 30_000

/**
 * Highlights `code` once the browser is idle (at the latest after a second) and hands the HTML to
 * `done`, unless the language is unknown or the code too long. Returns a cancel function.
 */
export function highlightWhenIdle(code: string, language: string, done: (html: string) => void): () => void {
  let cancelled = false
  let idle: number | undefined
  if (code.length <= MAX_HIGHLIGHT_CHARS) {
    // Even the first fetch starts when idle, not inside the commit that mounted the block.
    idle = whenIdle(() => {
      idle = undefined
      void loadHighlighter().then((hljs) => {
        if (cancelled || !hljs.getLanguage(language)) return
        idle = whenIdle(() => {
          if (!cancelled) done(hljs.highlight(code, { language, ignoreIllegals: true }).value)
        })
      })
    })
  }
  return () => {
    cancelled = true
    if (idle !== undefined) cancelIdle(idle)
  }
}

const whenIdle = (run: () => void): number =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(run, { timeout: 1000 })
    : window.setTimeout(run, 0)

const cancelIdle = (id: number) =>
  typeof cancelIdleCallback === 'function' ? cancelIdleCallback(id) : window.clearTimeout(id)
