import { memo, useMemo } from 'react'
import ReactMarkdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { AnswerImage } from './answer-image'
import { CodeBlock, OpenBlockContext } from './code-block'
import { closeOpenMarkdown, splitBlocks } from './split-blocks'
import { safeUrl } from './url-safety'

const plugins = [remarkGfm]

const components: Components = {
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
  img: ({ src, alt }) => <AnswerImage src={typeof src === 'string' ? src : undefined} alt={alt} />,
}

/** URLs are checked by the link and image components above, which need the original value. */
const keepUrl = (url: string) => url

/**
 * One top-level block; memoised, so a finished block is parsed once however long the answer grows.
 * A finished block skips layout and paint while off screen (`content-visibility: auto`), so a
 * long answer that keeps growing lays out only its visible part; the open block is always laid
 * out, and its code is highlighted only once it is finished.
 */
const MarkdownBlock = memo(function MarkdownBlock({ text, open }: { text: string; open: boolean }) {
  return (
    <div
      className={
        open ? 'space-y-3' : 'space-y-3 [content-visibility:auto] [contain-intrinsic-size:auto_60px]'
      }
    >
      <OpenBlockContext value={open}>
        <ReactMarkdown remarkPlugins={plugins} components={components} skipHtml urlTransform={keepUrl}>
          {text}
        </ReactMarkdown>
      </OpenBlockContext>
    </div>
  )
})

/**
 * GitHub-flavoured markdown with raw HTML skipped. While `streaming`, the last block is the open
 * one: it alone is re-parsed per delta, after closing its unfinished fence or bold run.
 */
export function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const blocks = useMemo(() => splitBlocks(text), [text])
  return (
    <div className="markdown space-y-3 break-words">
      {blocks.map((block, index) => {
        const open = streaming && index === blocks.length - 1
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks only ever grow at the end
        return <MarkdownBlock key={index} text={open ? closeOpenMarkdown(block) : block} open={open} />
      })}
    </div>
  )
}
