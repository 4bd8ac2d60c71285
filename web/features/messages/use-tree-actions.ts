import { useMutation, useQueryClient } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { addChatToLists } from '../chats/chats-query'
import { useSelectChat } from '../chats/use-current-chat'
import { branchFrom, showPath, siblingIdsOf } from './message-tree'
import { cachedMessage, normaliseMessage, reloadMessages } from './messages-query'
import {
  justAfter,
  placeholder,
  readAgainOnceJoined,
  sendFailure,
  toastSendFailure,
} from './use-reply-actions'
import '../../i18n/areas/chat'

/**
 * Edits a sent message: the server keeps it and adds the edited text beside it, with a new answer
 * under it (docs/decisions/158). The path then shows the edited message and its streaming answer in
 * the original's place; the original is one arrow away.
 */
export function useEditMessage(chatId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      messageId,
      content,
      modelId,
      agentId = null,
      attachmentIds,
    }: {
      messageId: string
      content: string
      modelId: string | null
      agentId?: string | null
      /** The files kept (the edited message's own ids) and new uploads. */
      attachmentIds: string[]
    }) => {
      if (!chatId) throw new Error(t('chat.reply.noChat'))
      readAgainOnceJoined(queryClient, chatId)
      const { data, error } = await api.messages({ id: messageId }).edit.post({
        content,
        modelId,
        ...(agentId ? { agentId } : {}),
        ...(attachmentIds.length > 0 ? { attachmentIds } : {}),
      })
      if (error) throw sendFailure(error)
      return { ...data.data, chatId, modelId, messageId }
    },
    onSuccess: ({ userMessage: sent, assistantMessageId, chatId, modelId, messageId }) => {
      const original = cachedMessage(queryClient, chatId, messageId)
      if (!original) return void reloadMessages(queryClient, chatId)
      const edited = normaliseMessage(sent)
      const userMessage = {
        ...edited,
        sibling_ids: edited.sibling_ids ?? [...siblingIdsOf(original), edited.id],
      }
      const answer = placeholder(chatId, assistantMessageId, justAfter(edited.created_at), modelId, {
        parentId: edited.id,
      })
      branchFrom(queryClient, chatId, original.id, [userMessage, answer])
    },
    onError: toastSendFailure,
  })
}

/** Shows another version of a message ('‹ 2 / 3 ›'): the server stores the path, every tab follows it. */
export function useSwitchBranch(chatId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (messageId: string) => {
      if (!chatId) throw new Error(t('chat.reply.noChat'))
      const { data, error } = await api.chats({ id: chatId }).branch.put({ messageId })
      if (error) throw apiFailure(error, t('chat.branch.switchFailed'))
      return { ...data.data, chatId }
    },
    onSuccess: ({ chatId, messages, nextCursor }) => showPath(queryClient, chatId, { messages, nextCursor }),
    onError: (error) => toast.error(error.message),
  })
}

/** 'Branch in new chat': a new chat holding the path up to the message, listed first and opened. */
export function useForkChat(chatId: string | undefined) {
  const queryClient = useQueryClient()
  const selectChat = useSelectChat()
  return useMutation({
    mutationFn: async (messageId: string) => {
      if (!chatId) throw new Error(t('chat.reply.noChat'))
      const { data, error } = await api.chats({ id: chatId }).fork.post({ messageId })
      if (error) throw apiFailure(error, t('chat.branch.forkFailed'))
      return data.data.chat
    },
    onSuccess: (chat) => {
      addChatToLists(queryClient, chat)
      void selectChat(chat.id)
    },
    onError: (error) => toast.error(error.message),
  })
}
