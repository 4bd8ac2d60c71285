import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { addChatToLists, type Chat, replaceChatInLists } from './chats-query'
import { useSocket } from './socket-context'
import { useForgetChat } from './use-chat-mutations'

/**
 * Chats created, renamed or deleted in another tab or device show here at once. A chat whose path
 * changed (`chat:branch`) while this tab does not show it is read again when it is next opened (the
 * chat view follows the one it shows).
 */
export function useChatListEvents() {
  const socket = useSocket()
  const queryClient = useQueryClient()
  const forgetChat = useForgetChat()
  useEffect(() => {
    if (!socket) return
    const created = ({ chat }: { chat: Chat }) => addChatToLists(queryClient, chat)
    const updated = ({ chat }: { chat: Chat }) => replaceChatInLists(queryClient, chat)
    const deleted = ({ chatId }: { chatId: string }) => forgetChat(chatId)
    const branched = ({ chatId }: { chatId: string }) => {
      const queryKey = ['messages', chatId]
      if (queryClient.getQueryCache().find({ queryKey, exact: true })?.getObserversCount()) return
      void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' })
    }
    socket.on('chat:created', created)
    socket.on('chat:updated', updated)
    socket.on('chat:deleted', deleted)
    socket.on('chat:branch', branched)
    return () => {
      socket.off('chat:created', created)
      socket.off('chat:updated', updated)
      socket.off('chat:deleted', deleted)
      socket.off('chat:branch', branched)
    }
  }, [socket, queryClient, forgetChat])
}
