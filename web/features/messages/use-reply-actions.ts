import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { api, errorText } from '../../lib/api'
import { type Message, normaliseMessage, removeMessage, upsertMessage } from './messages-query'

export const SEND_FAILED = 'Failed to send message. Please try again.'

/** Eden's error for a non-OK answer: the server's text, else the spec's 'HTTP error! status: N'. */
function failureText(error: { status: number; value: unknown }) {
  return errorText(error, `HTTP error! status: ${error.status}`)
}

function placeholder(chatId: string, id: string, createdAt: string, modelId: string | null): Message {
  return {
    id,
    chat_id: chatId,
    content: '',
    is_user: false,
    status: 'streaming',
    error: null,
    model_id: modelId,
    created_at: createdAt,
  }
}

/** Sends a message: the server stores it and streams the answer over the socket. */
export function useSendMessage(chatId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      content,
      modelId,
      attachmentIds = [],
    }: {
      content: string
      modelId: string | null
      attachmentIds?: string[]
    }) => {
      if (!chatId) throw new Error('No chat')
      const { data, error } = await api
        .chats({ id: chatId })
        .messages.post({ content, modelId, ...(attachmentIds.length > 0 ? { attachmentIds } : {}) })
      if (error) throw new Error(failureText(error))
      return { ...data.data, modelId }
    },
    onSuccess: ({ userMessage: sent, assistantMessageId, modelId }) => {
      const userMessage = normaliseMessage(sent)
      upsertMessage(queryClient, userMessage)
      const at = new Date(new Date(userMessage.created_at).getTime() + 1).toISOString()
      upsertMessage(queryClient, placeholder(userMessage.chat_id, assistantMessageId, at, modelId), {
        onlyIfMissing: true,
      })
    },
    onError: (error) => toast.error(SEND_FAILED, { description: error.message }),
  })
}

/** Stops the running answer; the text so far is kept and marked stopped. */
export function useStopReply(chatId: string | undefined) {
  return useMutation({
    mutationFn: async () => {
      if (!chatId) return
      const { error } = await api.chats({ id: chatId }).stop.post()
      if (error) throw new Error(errorText(error, 'Failed to stop the answer'))
    },
    onError: (error) => toast.error(error.message),
  })
}

/** Answers the last question again, replacing the last answer (Retry after a failure). */
export function useRegenerate(chatId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ modelId }: { modelId: string | null }) => {
      if (!chatId) throw new Error('No chat')
      const { data, error } = await api.chats({ id: chatId }).regenerate.post({ modelId })
      if (error) throw new Error(failureText(error))
      return { ...data.data, chatId, modelId }
    },
    onSuccess: ({ assistantMessageId, replacedMessageId, chatId, modelId }) => {
      if (replacedMessageId) removeMessage(queryClient, chatId, replacedMessageId)
      upsertMessage(queryClient, placeholder(chatId, assistantMessageId, new Date().toISOString(), modelId), {
        onlyIfMissing: true,
      })
    },
    onError: (error) => toast.error(SEND_FAILED, { description: error.message }),
  })
}
