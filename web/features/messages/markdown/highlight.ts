import type { HLJSApi } from 'highlight.js'

/**
 * highlight.js core with a handful of common languages, fetched the first time a code block shows
 * (a chunk of its own, not part of the first download).
 */
let loading: Promise<HLJSApi> | undefined

export function loadHighlighter(): Promise<HLJSApi> {
  loading ??= (async () => {
    const [core, ts, js, py, bash, json, css, xml, sql, go, rust, java] = await Promise.all([
      import('highlight.js/lib/core'),
      import('highlight.js/lib/languages/typescript'),
      import('highlight.js/lib/languages/javascript'),
      import('highlight.js/lib/languages/python'),
      import('highlight.js/lib/languages/bash'),
      import('highlight.js/lib/languages/json'),
      import('highlight.js/lib/languages/css'),
      import('highlight.js/lib/languages/xml'),
      import('highlight.js/lib/languages/sql'),
      import('highlight.js/lib/languages/go'),
      import('highlight.js/lib/languages/rust'),
      import('highlight.js/lib/languages/java'),
    ])
    const hljs = core.default
    const languages = {
      typescript: ts,
      javascript: js,
      python: py,
      bash,
      json,
      css,
      xml,
      sql,
      go,
      rust,
      java,
    }
    for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language.default)
    hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' })
    hljs.registerAliases(['js', 'jsx'], { languageName: 'javascript' })
    hljs.registerAliases(['py'], { languageName: 'python' })
    hljs.registerAliases(['sh', 'shell', 'zsh'], { languageName: 'bash' })
    hljs.registerAliases(['html'], { languageName: 'xml' })
    return hljs
  })()
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
    void loadHighlighter().then((hljs) => {
      if (cancelled || !hljs.getLanguage(language)) return
      idle = whenIdle(() => {
        if (!cancelled) done(hljs.highlight(code, { language, ignoreIllegals: true }).value)
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
