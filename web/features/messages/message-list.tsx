import { useNavigate, useSearch } from '@tanstack/react-router'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Loader2 } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { MessageBubble } from './message-bubble'
import type { Message } from './messages-query'
import '../../i18n/areas/chat'

/** Space above the first message: the list's top padding, the 'Load older' row and one gap. */
const TOP_PADDING = 24
const LOAD_OLDER_ROW = 32
const GAP = 20
const BOTTOM_PADDING = 24
/** Scrolled to less than this from the top, the next older page loads (the row plus 200 px). */
const LOAD_OLDER_AT = TOP_PADDING + LOAD_OLDER_ROW + 200
/** Within this many pixels of the end the reader counts as at the bottom and is followed. */
const AT_END = 48

/**
 * The virtualizer asks again for every message each time it re-measures (each page that loads):
 * per message object, which the cache replaces whenever the message changes.
 */
const estimates = new WeakMap<Message, number>()

/**
 * A first guess at a message's height before it is measured: a line of about 80 characters per
 * 24 px, plus the bubble's padding and its time row. Only the rows in view are ever measured.
 */
function estimateHeight(message: Message | undefined): number {
  if (!message) return 120
  let estimate = estimates.get(message)
  if (estimate === undefined) {
    const lines = message.content
      .split('\n')
      .reduce((sum, line) => sum + Math.ceil((line.length || 1) / 80), 0)
    estimate = Math.min(4000, 56 + lines * 24)
    estimates.set(message, estimate)
  }
  return estimate
}

/**
 * The conversation, oldest at the top, windowed: only the messages in and near the view are
 * mounted, so a chat of any length keeps a bounded DOM. Row heights are measured as rows mount.
 * The virtualizer anchors to the end: prepending older pages keeps the reader's row in place,
 * a reply growing while the reader is at the bottom is followed, and new messages appended at
 * the bottom are scrolled to. The next older page loads when the top comes into view.
 */
export function MessageList({
  messages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: Message[]
  hasOlder: boolean
  loadingOlder: boolean
  onLoadOlder: () => void
}) {
  const t = useT()
  const scrollRef = useRef<HTMLDivElement>(null)
  const topRef = useRef<HTMLDivElement>(null)
  const messagesRef = useRef(messages)
  messagesRef.current = messages

  const virtualizerRef = useRef<{ getTotalSize(): number } | null>(null)
  const virtualizer = useVirtualizer({
    count: messages.length,
    // The first render already mounts the rows at the end, where the chat opens, rather than the
    // first rows only to swap them for the last ones when `scrollToEnd` runs (a trace of opening
    // a chat showed both sets rendered and laid out in one task). The real size and offset
    // replace these before the first paint.
    initialRect: { width: 0, height: window.innerHeight },
    initialOffset: () => Math.max(0, (virtualizerRef.current?.getTotalSize() ?? 0) - window.innerHeight),
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimateHeight(messagesRef.current[index]),
    getItemKey: (index) => messagesRef.current[index]?.id ?? index,
    gap: GAP,
    paddingStart: TOP_PADDING + LOAD_OLDER_ROW + GAP,
    paddingEnd: BOTTOM_PADDING,
    overscan: 4,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END,
  })

  virtualizerRef.current = virtualizer

  // A chat opens at its latest message; the virtualizer re-aims as the rows get measured.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the list mounts
  useLayoutEffect(() => {
    virtualizer.scrollToEnd()
  }, [])

  const loadOlderRef = useRef(() => {})
  loadOlderRef.current = () => {
    if (hasOlder && !loadingOlder) onLoadOlder()
  }
  /** Whether the top of the list (the 'Load older' row) is within 200 px of the view. */
  const nearTop = () => (scrollRef.current?.scrollTop ?? Number.POSITIVE_INFINITY) < LOAD_OLDER_AT
  useEffect(() => {
    const top = topRef.current
    if (!top || !hasOlder) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlderRef.current()
      },
      { root: scrollRef.current, rootMargin: '200px 0px 0px 0px' },
    )
    observer.observe(top)
    return () => observer.disconnect()
  }, [hasOlder])
  // The observer only speaks when the top enters or leaves the view, and can miss a quick
  // out-and-back (a page arrives, the anchor pushes the top away, the reader jumps back up before
  // the observer looked): the list then stood still at the top. So scrolling near the top, or
  // still being there when a page has loaded, asks for the next page too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: nearTop reads the DOM, not state
  useEffect(() => {
    if (hasOlder && !loadingOlder && nearTop()) loadOlderRef.current()
  }, [hasOlder, loadingOlder])

  const marked = useFoundMessage(messages, hasOlder, loadingOlder, loadOlderRef, (index) =>
    virtualizer.scrollToIndex(index, { align: 'center' }),
  )

  const items = virtualizer.getVirtualItems()
  const lastId = messages.at(-1)?.id
  return (
    <div
      ref={scrollRef}
      onScroll={() => {
        if (nearTop()) loadOlderRef.current()
      }}
      className="min-h-0 flex-1 overflow-y-auto [overflow-anchor:none]"
      data-testid="message-list"
      data-loaded={messages.length}
    >
      <div className="relative mx-auto w-full max-w-3xl" style={{ height: virtualizer.getTotalSize() }}>
        <div
          ref={topRef}
          className="absolute inset-x-0 flex items-center justify-center"
          style={{ top: TOP_PADDING, height: LOAD_OLDER_ROW }}
        >
          {hasOlder ? (
            <button
              type="button"
              onClick={() => loadOlderRef.current()}
              disabled={loadingOlder}
              className="flex items-center gap-1.5 rounded-full px-3 py-1 text-sm text-zinc-600 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:bg-zinc-800"
            >
              {loadingOlder ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
              {t('chat.messages.loadOlder')}
            </button>
          ) : null}
        </div>
        <div
          role="log"
          aria-label={t('chat.messages.label')}
          className="absolute inset-x-0 top-0 px-3 sm:px-6"
          style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
        >
          {items.map((item) => {
            const message = messages[item.index]
            if (!message) return null
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ marginBottom: GAP }}
                className={message.id === marked ? FOUND_CLASS : undefined}
                data-found={message.id === marked ? '' : undefined}
              >
                <MessageBubble message={message} isLast={message.id === lastId} />
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}

/** How a search result's message is marked when the chat opens at it (decision 161). */
const FOUND_CLASS =
  'rounded-2xl bg-amber-100/70 ring-2 ring-amber-400 transition-colors duration-700 dark:bg-amber-400/10 dark:ring-amber-500/70'
const FOUND_FOR_MS = 2500

/**
 * `?m=<messageId>` (a search result): older pages load until the message is there, then it is
 * scrolled to the middle and marked for a moment; the parameter is dropped so a reload does not
 * mark it again.
 */
function useFoundMessage(
  messages: Message[],
  hasOlder: boolean,
  loadingOlder: boolean,
  loadOlder: { current: () => void },
  scrollTo: (index: number) => void,
): string | null {
  const wanted = useSearch({ strict: false, select: (search: { m?: string }) => search.m })
  const navigate = useNavigate()
  const [marked, setMarked] = useState<string | null>(null)
  const scrollRef = useRef(scrollTo)
  scrollRef.current = scrollTo
  useEffect(() => {
    if (!wanted) return
    const index = messages.findIndex((message) => message.id === wanted)
    if (index < 0) {
      if (hasOlder && !loadingOlder) loadOlder.current()
      return
    }
    scrollRef.current(index)
    setMarked(wanted)
    void navigate({
      to: '.',
      search: (previous: { m?: string }) => ({ ...previous, m: undefined }),
      replace: true,
    })
  }, [wanted, messages, hasOlder, loadingOlder, loadOlder, navigate])
  useEffect(() => {
    if (!marked) return
    const timer = setTimeout(() => setMarked(null), FOUND_FOR_MS)
    return () => clearTimeout(timer)
  }, [marked])
  return marked
}
