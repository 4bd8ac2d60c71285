import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { chatJoins } from './chat-joins'
import {
  type Message,
  normaliseMessage,
  reloadMessages,
  removeMessage,
  upsertMessage,
} from './messages-query'
import { sendFailureToast } from './send-failure'
import '../../i18n/areas/chat'

/** Eden's error for a non-OK answer: the server's text and code, else the spec's 'HTTP error! status: N'. */
function sendFailure(error: { status: number; value: unknown }) {
  return apiFailure(error, t('chat.reply.httpError', { status: error.status }))
}

function toastSendFailure(error: Error) {
  const { title, description } = sendFailureToast(error)
  toast.error(title, { description })
}

/**
 * A reply to a chat whose room this tab has not joined yet (the send went out as the chat opened)
 * sends its events to no one here: read the messages once the join is acknowledged.
 */
function readAgainOnceJoined(queryClient: QueryClient, chatId: string) {
  if (chatJoins.isJoined(chatId)) return
  chatJoins.onceJoined(chatId, () => void reloadMessages(queryClient, chatId))
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

/**
 * Sends a message: the server stores it and streams the answer over the socket. The chat is named
 * per call, so a send goes to the chat it was meant for even if the current chat changes meanwhile.
 */
export function useSendMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      chatId,
      content,
      modelId,
      agentId = null,
      attachmentIds = [],
    }: {
      chatId: string
      content: string
      modelId: string | null
      /** The composer's agent; none when no agent is visible. */
      agentId?: string | null
      attachmentIds?: string[]
    }) => {
      readAgainOnceJoined(queryClient, chatId)
      const { data, error } = await api.chats({ id: chatId }).messages.post({
        content,
        modelId,
        ...(agentId ? { agentId } : {}),
        ...(attachmentIds.length > 0 ? { attachmentIds } : {}),
      })
      if (error) throw sendFailure(error)
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
    onError: toastSendFailure,
  })
}

/** Stops the running answer; the text so far is kept and marked stopped. */
export function useStopReply(chatId: string | undefined) {
  return useMutation({
    mutationFn: async () => {
      if (!chatId) return
      const { error } = await api.chats({ id: chatId }).stop.post()
      if (error) throw apiFailure(error, t('chat.reply.stopFailed'))
    },
    onError: (error) => toast.error(error.message),
  })
}

/** Answers the last question again, replacing the last answer (Retry after a failure). */
export function useRegenerate(chatId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ modelId, agentId = null }: { modelId: string | null; agentId?: string | null }) => {
      if (!chatId) throw new Error(t('chat.reply.noChat'))
      readAgainOnceJoined(queryClient, chatId)
      const { data, error } = await api
        .chats({ id: chatId })
        .regenerate.post({ modelId, ...(agentId ? { agentId } : {}) })
      if (error) throw sendFailure(error)
      return { ...data.data, chatId, modelId }
    },
    onSuccess: ({ assistantMessageId, replacedMessageId, chatId, modelId }) => {
      if (replacedMessageId) removeMessage(queryClient, chatId, replacedMessageId)
      upsertMessage(queryClient, placeholder(chatId, assistantMessageId, new Date().toISOString(), modelId), {
        onlyIfMissing: true,
      })
    },
    onError: toastSendFailure,
  })
}
