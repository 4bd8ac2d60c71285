import { type DragEvent, useState } from 'react'

/** A chat row dragged onto a project (or onto "Chats" to move it out): its id travels as this type. */
export const CHAT_DRAG_TYPE = 'application/x-parley-chat'

export function startChatDrag(event: DragEvent, chatId: string) {
  event.dataTransfer.setData(CHAT_DRAG_TYPE, chatId)
  event.dataTransfer.effectAllowed = 'move'
}

/**
 * A drop target for dragged chat rows: `over` while one hovers it (for its highlight), the handlers
 * to spread on the element. Other drags (files, text) are ignored. The keyboard's way to the same
 * move is the row's menu, "Move to project".
 */
export function useChatDrop(onDrop: (chatId: string) => void) {
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
        const chatId = event.dataTransfer.getData(CHAT_DRAG_TYPE)
        if (!chatId) return
        event.preventDefault()
        onDrop(chatId)
      },
    },
  }
}
