import { Check, Copy } from 'lucide-react'
import { createContext, use, useEffect, useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { highlightWhenIdle } from './highlight'
import '../../../i18n/areas/chat'

/** True inside the block that is still streaming: its code changes with every delta. */
export const OpenBlockContext = createContext(false)

/**
 * A fenced code block with its language and a Copy button. Plain text first; once the block is
 * finished, the code is highlighted when the browser is idle (highlight.js escapes the code it
 * marks up), so neither a stream nor a freshly shown page of messages waits for the highlighter.
 */
export function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const t = useT()
  const open = use(OpenBlockContext)
  const [highlighted, setHighlighted] = useState<{ code: string; html: string } | null>(null)
  const [copied, setCopied] = useState(false)
  const html = highlighted?.code === code ? highlighted.html : null

  useEffect(() => {
    if (open || !language) return
    return highlightWhenIdle(code, language, (result) => setHighlighted({ code, html: result }))
  }, [code, language, open])

  async function copy() {
    await navigator.clipboard.writeText(code)
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }

  return (
    <div className="not-prose my-3 overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-950">
      <div className="flex items-center justify-between border-b border-zinc-200 px-3 py-1 text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        <span>{language ?? t('chat.markdown.plainText')}</span>
        <button
          type="button"
          onClick={() => void copy()}
          className="flex items-center gap-1 rounded px-1.5 py-1 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-zinc-800"
          data-testid="copy-code"
        >
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
          {copied ? t('chat.markdown.copied') : t('chat.markdown.copyCode')}
        </button>
      </div>
      <pre className="overflow-x-auto p-3 text-[13px] leading-relaxed">
        {html === null ? (
          <code>{code}</code>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js output escapes the code
          <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </pre>
    </div>
  )
}
