import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { chatJoins } from './chat-joins'
import { branchFrom, siblingIdsOf } from './message-tree'
import {
  cachedMessage,
  type Message,
  normaliseMessage,
  reloadMessages,
  upsertMessage,
} from './messages-query'
import { sendFailureToast } from './send-failure'
import '../../i18n/areas/chat'

/** Eden's error for a non-OK answer: the server's text and code, else the spec's 'HTTP error! status: N'. */
export function sendFailure(error: { status: number; value: unknown }) {
  return apiFailure(error, t('chat.reply.httpError', { status: error.status }))
}

export function toastSendFailure(error: Error) {
  const { title, description } = sendFailureToast(error)
  toast.error(title, { description })
}

/**
 * A reply to a chat whose room this tab has not joined yet (the send went out as the chat opened)
 * sends its events to no one here: read the messages once the join is acknowledged.
 */
export function readAgainOnceJoined(queryClient: QueryClient, chatId: string) {
  if (chatJoins.isJoined(chatId)) return
  chatJoins.onceJoined(chatId, () => void reloadMessages(queryClient, chatId))
}

/** An answer on its way, shown as 'Thinking...' until its first words arrive. */
export function placeholder(
  chatId: string,
  id: string,
  createdAt: string,
  modelId: string | null,
  tree: { parentId: string | null; siblingIds?: string[] },
): Message {
  return {
    id,
    chat_id: chatId,
    content: '',
    is_user: false,
    status: 'streaming',
    error: null,
    model_id: modelId,
    created_at: createdAt,
    parent_id: tree.parentId,
    sibling_ids: tree.siblingIds ?? [id],
  }
}

/** A millisecond after `iso`: a child is always younger than its parent (docs/decisions/158). */
export function justAfter(iso: string) {
  return new Date(new Date(iso).getTime() + 1).toISOString()
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
      const at = justAfter(userMessage.created_at)
      const answer = placeholder(userMessage.chat_id, assistantMessageId, at, modelId, {
        parentId: userMessage.id,
      })
      upsertMessage(queryClient, answer, { onlyIfMissing: true })
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

/**
 * Answers a question again (Regenerate, or Retry after a failure): the new answer is a sibling of
 * `messageId` (default: the path's last answer) and takes its place on the path, while the old one
 * stays one arrow away (docs/decisions/158).
 */
export function useRegenerate(chatId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      messageId,
      modelId,
      agentId = null,
    }: {
      messageId?: string
      modelId: string | null
      agentId?: string | null
    }) => {
      if (!chatId) throw new Error(t('chat.reply.noChat'))
      readAgainOnceJoined(queryClient, chatId)
      const { data, error } = await api.chats({ id: chatId }).regenerate.post({
        modelId,
        ...(messageId ? { messageId } : {}),
        ...(agentId ? { agentId } : {}),
      })
      if (error) throw sendFailure(error)
      return { ...data.data, chatId, modelId, messageId }
    },
    onSuccess: ({ assistantMessageId, chatId, modelId, messageId }) => {
      const old = messageId ? cachedMessage(queryClient, chatId, messageId) : undefined
      if (!old) return void reloadMessages(queryClient, chatId)
      const answer = placeholder(chatId, assistantMessageId, justAfter(old.created_at), modelId, {
        parentId: old.parent_id,
        // The socket may have told the old answer of the new one already (its events can come first).
        siblingIds: [...new Set([...siblingIdsOf(old), assistantMessageId])],
      })
      branchFrom(queryClient, chatId, old.id, [answer])
    },
    onError: toastSendFailure,
  })
}
