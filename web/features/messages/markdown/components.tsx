import { AnswerImage } from './answer-image'
import { CodeBlock } from './code-block'
import type { MarkdownComponents } from './mdast-to-react'
import { safeUrl } from './url-safety'

const CITATION = /^\[\d{1,3}\]$/

/**
 * How markdown elements render: code blocks with Copy, links and images through `safeUrl`. URLs
 * arrive as written (only percent-encoded), so this is where unsafe schemes are stopped.
 */
export const components: MarkdownComponents = {
  pre: ({ children }) => <>{children}</>,
  code: ({ className, children }) => {
    const text = String(children ?? '')
    const language = /language-([\w+-]+)/.exec(className ?? '')?.[1] ?? null
    // Fenced blocks end in a newline (or carry a language); inline code does neither.
    if (language || text.endsWith('\n'))
      return <CodeBlock code={text.replace(/\n$/, '')} language={language} />
    return <code className="rounded bg-zinc-200/70 px-1 py-0.5 text-[0.9em] dark:bg-zinc-700/70">{text}</code>
  },
  a: ({ href, children }) => {
    const url = safeUrl(href)
    // A link with a scheme we do not allow (javascript:, data:...) stays as its text.
    if (!url) return <span data-testid="inert-link">{children}</span>
    // A research report's citation (`[n]`, see features/research/citations.ts): small and quiet.
    if (typeof children === 'string' && CITATION.test(children)) {
      return (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          title={url}
          data-testid="citation"
          className="rounded px-0.5 text-[0.85em] font-semibold text-brand-ink no-underline hover:bg-brand/10 hover:underline"
        >
          {children}
        </a>
      )
    }
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="font-medium text-brand-ink underline"
      >
        {children}
      </a>
    )
  },
  img: ({ src, alt }) => <AnswerImage src={src} alt={alt} />,
}
