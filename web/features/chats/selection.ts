import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * Which chats are ticked while selecting (issue 28): a click toggles one, a shift-click ticks every
 * row between the last one clicked and this one, in the order the list shows them. Ticked chats
 * that leave the list (deleted, moved elsewhere in another tab) are dropped.
 */
export function useChatSelection(order: string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const anchor = useRef<string | null>(null)
  const orderRef = useRef(order)
  orderRef.current = order

  useEffect(() => {
    setSelected((current) => {
      const shown = new Set(order)
      const kept = [...current].filter((id) => shown.has(id))
      return kept.length === current.size ? current : new Set(kept)
    })
  }, [order])

  const toggle = useCallback((id: string, range: boolean) => {
    const list = orderRef.current
    const from = anchor.current ? list.indexOf(anchor.current) : -1
    const to = list.indexOf(id)
    setSelected((current) => {
      const next = new Set(current)
      if (range && from >= 0 && to >= 0) {
        const [start, end] = from < to ? [from, to] : [to, from]
        for (const between of list.slice(start, end + 1)) next.add(between)
      } else if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
    anchor.current = id
  }, [])

  const clear = useCallback(() => {
    setSelected(new Set())
    anchor.current = null
  }, [])

  return { selected, toggle, clear }
}
