import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { cn } from '../../lib/cn'

/** Room kept between the panel and the window's edges, and between the panel and its button. */
const MARGIN = 8
const GAP = 6

/**
 * A small panel under (or, without room, over) the button that opened it: a message's cost, a
 * rating's comment. In a portal with fixed coordinates, because the message list moves its rows
 * with transforms, which would carry a fixed panel along and clip it. Escape closes it and gives
 * the focus back to the button; a press outside closes it. It follows its button when the list
 * scrolls or the window resizes (a phone's keyboard opening), and closes once the button is gone.
 */
export function AnchoredPanel({
  anchor,
  returnFocus,
  onClose,
  id,
  className,
  testId,
  label,
  children,
}: {
  anchor: HTMLElement
  /** Where Escape puts the focus back (default: `anchor`, when it is the button itself). */
  returnFocus?: HTMLElement | null
  onClose: () => void
  id?: string
  className?: string
  testId?: string
  /** The panel's name for screen readers. */
  label: string
  children: ReactNode
}) {
  const panel = useRef<HTMLElement>(null)
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null)
  const close = useRef(onClose)
  close.current = onClose
  const focusBack = useRef(returnFocus)
  focusBack.current = returnFocus

  useLayoutEffect(() => {
    const element = panel.current
    if (!element) return
    const place = () => {
      if (!anchor.isConnected) return close.current()
      const button = anchor.getBoundingClientRect()
      const { offsetWidth: width, offsetHeight: height } = element
      const below = button.bottom + GAP
      const top =
        below + height <= window.innerHeight - MARGIN || button.top - GAP - height < MARGIN
          ? below
          : button.top - GAP - height
      const left = Math.max(MARGIN, Math.min(button.left, window.innerWidth - width - MARGIN))
      setPosition((current) => (current?.top === top && current.left === left ? current : { top, left }))
    }
    place()
    // The content may grow (a comment typed over several lines): keep the panel in the window.
    const observer = new ResizeObserver(place)
    observer.observe(element)
    const keydown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      close.current()
      ;(focusBack.current ?? anchor).focus()
    }
    const pointerdown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!element.contains(target) && !anchor.contains(target)) close.current()
    }
    document.addEventListener('keydown', keydown, true)
    document.addEventListener('pointerdown', pointerdown, true)
    document.addEventListener('scroll', place, true)
    window.addEventListener('resize', place)
    return () => {
      observer.disconnect()
      document.removeEventListener('keydown', keydown, true)
      document.removeEventListener('pointerdown', pointerdown, true)
      document.removeEventListener('scroll', place, true)
      window.removeEventListener('resize', place)
    }
  }, [anchor])

  return createPortal(
    <section
      ref={panel}
      id={id}
      aria-label={label}
      data-testid={testId}
      style={{
        top: position?.top ?? 0,
        left: position?.left ?? 0,
        visibility: position ? undefined : 'hidden',
      }}
      className={cn(
        'fixed z-50 max-w-[calc(100vw-1rem)] rounded-xl border border-zinc-200 bg-white p-3 text-sm text-zinc-800 shadow-xl dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200',
        className,
      )}
    >
      {children}
    </section>,
    document.body,
  )
}
