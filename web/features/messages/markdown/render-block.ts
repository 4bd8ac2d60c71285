import type { ReactElement } from 'react'
import ReactMarkdown from 'react-markdown'
import { components } from './components'
import { LruCache } from './lru-cache'
import { remarkGfmOnce } from './remark-gfm-once'
import { remarkHtmlAsText } from './remark-html-as-text'
import { createSlicer, nextTask } from './slicer'

const plugins = [remarkGfmOnce as never, remarkHtmlAsText]

/** URLs are checked by the link and image components, which need the original value. */
const keepUrl = (url: string) => url

/**
 * One markdown block parsed into React elements: GitHub-flavoured, raw HTML shown as text. react-markdown's
 * `Markdown` is a plain function without hooks, so calling it directly gives an element tree that
 * can be kept and mounted again and again without parsing (the components still render as usual).
 */
export function renderBlock(text: string): ReactElement {
  return ReactMarkdown({
    children: text,
    remarkPlugins: plugins,
    components,
    skipHtml: true,
    urlTransform: keepUrl,
  })
}

/**
 * Finished blocks by text. Parsing is the costly part of showing a message (a few ms per block),
 * and the windowed list unmounts rows as they scroll away; 3,000 blocks is a few hundred answers.
 */
const cache = new LruCache<string, ReactElement>(3000)

export function cachedBlock(text: string): ReactElement | undefined {
  return cache.get(text)
}

export function renderAndCacheBlock(text: string): ReactElement {
  const element = cache.get(text) ?? renderBlock(text)
  cache.set(text, element)
  return element
}

/**
 * Parsing budget per task: blocks a render needs are parsed at once until 10 ms have gone by in
 * the current task, the rest in later tasks of 10 ms, so mounting a page of long answers leaves
 * room in each task for React's commit, style and layout under the 50 ms long-task line.
 */
export const parseSlicer = createSlicer({
  sliceMs: 10,
  now: () => performance.now(),
  schedule: nextTask,
})
