import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSocket } from '../chats/socket-context'
import { type Feedback, patchFeedback, ratingInFlight } from './feedback-cache'
import { messagesQuery, reloadMessages } from './messages-query'

/**
 * Keeps ratings live across the person's tabs: `message:feedback` (sent to every tab of the person)
 * puts the new rating on the cached answer of whichever chat this tab holds, so a chat opened later
 * shows it too. For `chatId`, the chat on screen, an event that comes while its messages are still
 * loading reads them again: that load may have read the database before the rating. While this tab
 * has its own change of that answer on its way, the events are left be: its answer, the newest, sets it.
 */
export function useFeedbackEvents(chatId: string | undefined) {
  const socket = useSocket()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!socket) return
    const rated = (event: { chatId: string; messageId: string; feedback: Feedback | null }) => {
      if (ratingInFlight(queryClient, event.messageId)) return
      if (event.chatId === chatId && !queryClient.getQueryData(messagesQuery(chatId).queryKey)) {
        void reloadMessages(queryClient, chatId)
        return
      }
      patchFeedback(queryClient, event.chatId, event.messageId, event.feedback)
    }
    socket.on('message:feedback', rated)
    return () => {
      socket.off('message:feedback', rated)
    }
  }, [socket, chatId, queryClient])
}
