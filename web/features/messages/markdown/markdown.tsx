import {
  memo,
  type ReactElement,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { OpenBlockContext } from './code-block'
import {
  cachedBlock,
  gfmReady,
  loadGfm,
  needsGfm,
  onGfmReady,
  parseSlicer,
  renderAndCacheBlock,
  renderBlock,
} from './render-block'
import { blocksToRender, splitBlocks } from './split-blocks'

/**
 * The elements of one block. The open (streaming) block changes with every delta and is parsed on
 * each render. A finished block comes from the cache, else is parsed now if this task's parsing
 * budget allows, else in a later slice; meanwhile the block keeps what it showed before (its
 * text while it was still open) or, never shown yet, an invisible stand-in of the right size.
 * `gfm` (the extensions have arrived) is part of what a late parse is kept for: one made before
 * them may lack a table.
 */
function useBlockElements(text: string, open: boolean, gfm: boolean): ReactElement | null {
  const [late, setLate] = useState<{ text: string; gfm: boolean; element: ReactElement } | null>(null)
  const shown = useRef<ReactElement | null>(null)
  let element: ReactElement | null
  if (open) element = renderBlock(text)
  else if (late?.text === text && late.gfm === gfm) element = late.element
  else element = cachedBlock(text) ?? (parseSlicer.tryNow() ? renderAndCacheBlock(text) : null)
  const waiting = element === null
  useEffect(() => {
    if (!waiting) return
    return parseSlicer.defer(() => setLate({ text, gfm, element: renderAndCacheBlock(text) }))
  }, [waiting, text, gfm])
  useLayoutEffect(() => {
    if (element) shown.current = element
  })
  return element ?? shown.current
}

/**
 * One top-level block; memoised, so a finished block renders once however long the answer grows.
 * A finished block skips layout and paint while off screen (`content-visibility: auto`), so a
 * long answer that keeps growing lays out only its visible part; the open block is always laid
 * out, and its code is highlighted only once it is finished.
 */
const MarkdownBlock = memo(function MarkdownBlock({
  text,
  open,
  gfm,
}: {
  text: string
  open: boolean
  gfm: boolean
}) {
  const element = useBlockElements(text, open, gfm)
  return (
    <div
      className={
        open ? 'space-y-3' : 'space-y-3 [content-visibility:auto] [contain-intrinsic-size:auto_60px]'
      }
    >
      {element ? (
        <OpenBlockContext value={open}>{element}</OpenBlockContext>
      ) : (
        // Not parsed yet: takes about the room the block will, shows nothing (no raw syntax).
        <p className="invisible whitespace-pre-wrap" aria-hidden>
          {text}
        </p>
      )}
    </div>
  )
})

/**
 * GitHub-flavoured markdown with raw HTML shown as text. While `streaming`, the last block is the
 * open one: it alone is re-parsed per delta, after closing its unfinished fence or emphasis. An
 * answer `cut` short (stopped, failed) has its last block closed the same way.
 */
export function Markdown({
  text,
  streaming = false,
  cut = false,
}: {
  text: string
  streaming?: boolean
  cut?: boolean
}) {
  const blocks = useMemo(() => blocksToRender(text, { streaming, cut }), [text, streaming, cut])
  // GitHub-flavoured syntax is parsed once its extensions are in: blocks drawn without them then
  // render again (they were not cached).
  const gfm = useSyncExternalStore(onGfmReady, gfmReady)
  return (
    <div className="markdown space-y-3 break-words">
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks only ever grow at the end
        <MarkdownBlock key={index} text={block.text} open={block.open} gfm={gfm} />
      ))}
    </div>
  )
}

/**
 * Parses the finished blocks of `texts` into the cache in slices (tasks of their own), then calls
 * `done`, at once if they are all cached already. The chat view shows a freshly opened chat once
 * its latest answers are parsed, so they appear whole rather than block by block (GitHub-flavoured
 * extensions fetched first when one of them needs them). Returns a cancel function.
 */
export function warmBlocks(texts: string[], done: () => void): () => void {
  if (gfmReady() || !texts.some(needsGfm)) return warmParsed(texts, done)
  let cancelled = false
  let cancel = () => {}
  // A failed fetch settles too: the blocks are then parsed without the extensions.
  void loadGfm().then(() => {
    if (!cancelled) cancel = warmParsed(texts, done)
  })
  return () => {
    cancelled = true
    cancel()
  }
}

function warmParsed(texts: string[], done: () => void): () => void {
  const missing = uncachedBlocks(texts)
  if (!missing.length) {
    done()
    return () => {}
  }
  const cancels = missing.map((block) => parseSlicer.defer(() => renderAndCacheBlock(block)))
  // Jobs run in the order they were deferred, so this one comes after the blocks.
  cancels.push(parseSlicer.defer(done))
  return () => {
    for (const cancel of cancels) cancel()
  }
}

/** Whether every finished block of `texts` is parsed already (a chat opened before). */
export function blocksCached(texts: string[]): boolean {
  return uncachedBlocks(texts).length === 0
}

function uncachedBlocks(texts: string[]): string[] {
  return texts.flatMap(splitBlocks).filter((block) => !cachedBlock(block))
}
