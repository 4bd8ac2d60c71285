import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { addChatToLists, type Chat, replaceChatInLists } from './chats-query'
import { useSocket } from './socket-context'
import { useForgetChat } from './use-chat-mutations'

/** Chats created, renamed or deleted in another tab or device show here at once. */
export function useChatListEvents() {
  const socket = useSocket()
  const queryClient = useQueryClient()
  const forgetChat = useForgetChat()
  useEffect(() => {
    if (!socket) return
    const created = ({ chat }: { chat: Chat }) => addChatToLists(queryClient, chat)
    const updated = ({ chat }: { chat: Chat }) => replaceChatInLists(queryClient, chat)
    const deleted = ({ chatId }: { chatId: string }) => forgetChat(chatId)
    socket.on('chat:created', created)
    socket.on('chat:updated', updated)
    socket.on('chat:deleted', deleted)
    return () => {
      socket.off('chat:created', created)
      socket.off('chat:updated', updated)
      socket.off('chat:deleted', deleted)
    }
  }, [socket, queryClient, forgetChat])
}
