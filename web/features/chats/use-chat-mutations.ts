import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { carryDraftToNewChat, type DraftAtCreate, drafts, NO_CHAT } from '../composer/drafts'
import { addChatToLists, type Chat, chatsQuery, removeChatFromLists, replaceChatInLists } from './chats-query'
import { useCurrentChatId, useSelectChat } from './use-current-chat'
import '../../i18n/areas/shell'

/** Shared by every create-chat button, so the view can tell that a chat is already on its way. */
export const CREATE_CHAT_KEY = ['chats', 'create'] as const

let creating: Promise<Chat> | null = null

/**
 * The chat a create now on its way will give, else null. A message sent meanwhile belongs there:
 * the user clicked 'New Chat' and is already typing, so it must not land in the old chat.
 */
export function chatBeingCreated(): Promise<Chat> | null {
  return creating
}

/**
 * A new chat; in a project when one is given (issue 28): created, then moved in by the same
 * mutation, so the chat that becomes current already belongs to the project.
 */
async function postChat(projectId?: string): Promise<Chat> {
  const { data, error } = await api.chats.post({})
  if (error) throw apiFailure(error, t('shell.chats.createFailed'))
  if (!projectId) return data.data
  const moved = await api.chats({ id: data.data.id }).patch({ project_id: projectId })
  return moved.data?.data ?? data.data
}

/** Creates a 'New Chat' (in a project when given), puts it first in its list and makes it current. */
export function useCreateChat() {
  const queryClient = useQueryClient()
  const selectChat = useSelectChat()
  const currentId = useCurrentChatId()
  return useMutation({
    mutationKey: CREATE_CHAT_KEY,
    // void: every other caller creates a chat in no project with `mutate()`.
    // biome-ignore lint/suspicious/noConfusingVoidType: TanStack Query's way to make the variables optional
    mutationFn: (variables: { projectId?: string } | void) => {
      creating = postChat(variables ? variables.projectId : undefined)
      return creating
    },
    onMutate: (): DraftAtCreate => {
      const from = currentId ?? NO_CHAT
      return { from, before: drafts.read(from) }
    },
    onSuccess: (chat, _variables, started) => {
      // Before the chat becomes current, so its composer opens with the text already there.
      if (started) carryDraftToNewChat(drafts, started, chat.id)
      addChatToLists(queryClient, chat)
      void selectChat(chat.id)
    },
    onError: () => toast.error(t('shell.chats.createFailed')),
    // After onSuccess has made the new chat current, so there is no moment with neither.
    onSettled: () => {
      creating = null
    },
  })
}

export function useRenameChat() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, title }: { id: string; title: string }) => {
      const { data, error } = await api.chats({ id }).patch({ title })
      if (error) throw apiFailure(error, t('shell.chats.renameFailed'))
      return data.data
    },
    onSuccess: (chat) => replaceChatInLists(queryClient, chat),
    onError: () => toast.error(t('shell.chats.renameFailed')),
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
      if (error) throw apiFailure(error, t('shell.chats.deleteFailed'))
      return id
    },
    onSuccess: forgetChat,
    onError: () => toast.error(t('shell.chats.deleteFailed')),
  })
}
