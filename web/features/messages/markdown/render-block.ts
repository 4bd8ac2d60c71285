import { fromMarkdown } from 'mdast-util-from-markdown'
import type { ReactElement } from 'react'
import { components } from './components'
import { LruCache } from './lru-cache'
import { mdastToReact } from './mdast-to-react'
import { createSlicer, nextTask } from './slicer'

type Gfm = typeof import('./gfm')

/** GitHub-flavoured markdown's extensions once their chunk is in (loadGfm). */
let gfm: Gfm | null = null
let gfmLoading: Promise<void> | null = null
const gfmListeners = new Set<() => void>()

/**
 * Where GitHub-flavoured syntax can begin: a table's '|', strikethrough's '~', a footnote's '[^', a
 * task's '[ ]' or '[x]', and the literal autolinks (www., http(s)://, mailto:, xmpp:, an e-mail's
 * '@'). A text with none of them parses to the same tree with or without the extensions (a test
 * holds every sample of render-block.test.tsx to it), so most answers need no more than CommonMark.
 */
const GFM_SIGNS = /[|~@]|\[\^|\[[ xX]\]|www\.|https?:\/\/|mailto:|xmpp:/i

export const needsGfm = (text: string) => GFM_SIGNS.test(text)

export const gfmReady = () => gfm !== null

/** Fetches the extensions (once; again after a failed fetch). Never rejects. */
export function loadGfm(): Promise<void> {
  gfmLoading ??= import('./gfm').then(
    (module) => {
      gfm = module
      for (const listener of gfmListeners) listener()
    },
    () => {
      gfmLoading = null
    },
  )
  return gfmLoading
}

/** Called once the extensions have arrived: blocks parsed without them are parsed again. */
export function onGfmReady(listener: () => void): () => void {
  gfmListeners.add(listener)
  return () => gfmListeners.delete(listener)
}

/** The markdown tree of `text`, with or without the extensions (tests compare the two). */
export function parseTree(text: string, withGfm: boolean) {
  return withGfm && gfm
    ? fromMarkdown(text, { extensions: gfm.extensions, mdastExtensions: gfm.mdastExtensions })
    : fromMarkdown(text)
}

/**
 * One markdown block parsed into React elements: GitHub-flavoured, raw HTML shown as text. The
 * result is a plain element tree (no hooks run here), so it can be kept and mounted again and
 * again without parsing; the components still render as usual. A block that needs the extensions
 * before they have arrived is parsed as CommonMark for now (and the fetch started); see isFinal.
 */
export function renderBlock(text: string): ReactElement {
  const withGfm = needsGfm(text)
  if (withGfm && !gfm) void loadGfm()
  return mdastToReact(parseTree(text, withGfm), components)
}

/** Whether `text` parses as it always will: it needs no extensions, or they are in. */
const isFinal = (text: string) => gfm !== null || !needsGfm(text)

/**
 * Finished blocks by text. Parsing is the costly part of showing a message (a few ms per block),
 * and the windowed list unmounts rows as they scroll away; 3,000 blocks is a few hundred answers.
 */
const cache = new LruCache<string, ReactElement>(3000)

export function cachedBlock(text: string): ReactElement | undefined {
  return cache.get(text)
}

/** The block's elements, kept for next time unless they were parsed without extensions it needs. */
export function renderAndCacheBlock(text: string): ReactElement {
  const cached = cache.get(text)
  if (cached) return cached
  const element = renderBlock(text)
  if (isFinal(text)) cache.set(text, element)
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
