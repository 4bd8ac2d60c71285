import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { toast } from 'sonner'
import { api, errorText } from '../../lib/api'
import { addChatToLists, type Chat, chatsQuery, removeChatFromLists, replaceChatInLists } from './chats-query'
import { useCurrentChatId, useSelectChat } from './use-current-chat'

/** Creates a 'New Chat', puts it first in the list and makes it current. */
/** Shared by every create-chat button, so a send can tell that a chat is already on its way. */
export const CREATE_CHAT_KEY = ['chats', 'create'] as const

export function useCreateChat() {
  const queryClient = useQueryClient()
  const selectChat = useSelectChat()
  return useMutation({
    mutationKey: CREATE_CHAT_KEY,
    mutationFn: async () => {
      const { data, error } = await api.chats.post({})
      if (error) throw new Error(errorText(error, 'Failed to create new chat'))
      return data.data
    },
    onSuccess: (chat) => {
      addChatToLists(queryClient, chat)
      void selectChat(chat.id)
    },
    onError: () => toast.error('Failed to create new chat'),
  })
}

export function useRenameChat() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, title }: { id: string; title: string }) => {
      const { data, error } = await api.chats({ id }).patch({ title })
      if (error) throw new Error(errorText(error, 'Failed to rename chat'))
      return data.data
    },
    onSuccess: (chat) => replaceChatInLists(queryClient, chat),
    onError: () => toast.error('Failed to rename chat'),
  })
}

/**
 * After the current chat goes away (deleted here or in another tab): when the list held more than
 * one chat, the first remaining chat becomes current, else none.
 */
export function useForgetChat() {
  const queryClient = useQueryClient()
  const currentId = useCurrentChatId()
  const selectChat = useSelectChat()
  return useCallback(
    (chatId: string) => {
      // The delete's answer and its `chat:deleted` echo both arrive here; act once.
      if (forgotten.has(chatId)) return
      forgotten.add(chatId)
      const previous =
        queryClient
          .getQueryData<InfiniteData<{ chats: Chat[] }>>(chatsQuery('').queryKey)
          ?.pages.flatMap((page) => page.chats) ?? []
      removeChatFromLists(queryClient, chatId)
      queryClient.removeQueries({ queryKey: ['messages', chatId] })
      if (chatId !== currentId) return
      const next = previous.length > 1 ? previous.find((chat) => chat.id !== chatId) : undefined
      void selectChat(next?.id ?? null, { replace: true })
    },
    [queryClient, currentId, selectChat],
  )
}

const forgotten = new Set<string>()

export function useDeleteChat() {
  const forgetChat = useForgetChat()
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await api.chats({ id }).delete()
      if (error) throw new Error(errorText(error, 'Failed to delete chat'))
      return id
    },
    onSuccess: forgetChat,
    onError: () => toast.error('Failed to delete chat'),
  })
}
