import { type DragEvent, useState } from 'react'

/**
 * Chat rows dragged onto a project (or onto "Chats" to move them out): their ids travel as this
 * type, one per line. A ticked row carries every ticked chat with it (issue 28).
 */
export const CHAT_DRAG_TYPE = 'application/x-parley-chat'

/**
 * Starts dragging `ids`. Several show as one badge under the pointer (`label`, e.g. "3 selected")
 * rather than the one row grabbed, so it is clear they all go.
 */
export function startChatDrag(event: DragEvent, ids: string[], label?: string) {
  event.dataTransfer.setData(CHAT_DRAG_TYPE, ids.join('\n'))
  event.dataTransfer.effectAllowed = 'move'
  if (ids.length < 2 || !label) return
  const badge = document.createElement('div')
  badge.textContent = label
  badge.className =
    'fixed -top-96 left-0 rounded-lg bg-brand px-3 py-1.5 text-sm font-medium text-white shadow-lg'
  document.body.append(badge)
  event.dataTransfer.setDragImage(badge, 12, 12)
  // The browser takes its picture of the badge now; it is not needed after this task.
  setTimeout(() => badge.remove())
}

/**
 * A drop target for dragged chat rows: `over` while one hovers it (for its highlight), the handlers
 * to spread on the element. Other drags (files, text) are ignored. The keyboard's way to the same
 * move is the row's menu, "Move to project", or the selection bar's "Move".
 */
export function useChatDrop(onDrop: (chatIds: string[]) => void) {
  const [over, setOver] = useState(false)
  const carries = (event: DragEvent) => event.dataTransfer.types.includes(CHAT_DRAG_TYPE)
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!carries(event)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        setOver(true)
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
      },
      onDrop: (event: DragEvent) => {
        setOver(false)
        const ids = event.dataTransfer.getData(CHAT_DRAG_TYPE).split('\n').filter(Boolean)
        if (ids.length === 0) return
        event.preventDefault()
        onDrop(ids)
      },
    },
  }
}
