import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'
import type { ReactElement } from 'react'
import { components } from './components'
import { LruCache } from './lru-cache'
import { mdastToReact } from './mdast-to-react'
import { createSlicer, nextTask } from './slicer'

/**
 * GitHub-flavoured markdown: the extensions are plain objects that hold no state between
 * documents, so they are built once rather than per block (building them was nearly half of a
 * block's parse when remark-gfm did it per processor).
 */
const extensions = [gfm()]
const mdastExtensions = gfmFromMarkdown()

/**
 * One markdown block parsed into React elements: GitHub-flavoured, raw HTML shown as text. The
 * result is a plain element tree (no hooks run here), so it can be kept and mounted again and
 * again without parsing; the components still render as usual.
 */
export function renderBlock(text: string): ReactElement {
  return mdastToReact(fromMarkdown(text, { extensions, mdastExtensions }), components)
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
