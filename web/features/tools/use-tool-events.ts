import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSocket } from '../chats/socket-context'
import { cachedMessage, messagesQuery, patchMessage, reloadMessages } from '../messages/messages-query'
import { liveToolCalls } from './live-tool-calls'
import { type ToolCall, toolCallsOf, upsertToolCall } from './tool-calls'

/**
 * Keeps an answer's tool calls live in every tab (issue 30): `message:tool` comes on every change
 * of a call (started, waiting for approval, done, failed, denied) and is kept by the call's id in
 * the live store (./live-tool-calls.ts) and in the cached answer. An event that comes while the
 * messages still load reads them again.
 */
export function useToolEvents(chatId: string | undefined) {
  const socket = useSocket()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!socket || !chatId) return
    const changed = (event: { chatId: string; messageId: string; call: ToolCall }) => {
      if (event.chatId !== chatId) return
      liveToolCalls.upsert(event.messageId, event.call)
      if (!queryClient.getQueryData(messagesQuery(chatId).queryKey)) {
        void reloadMessages(queryClient, chatId)
        return
      }
      const message = cachedMessage(queryClient, chatId, event.messageId)
      if (!message) return
      const tool_calls = upsertToolCall(toolCallsOf(message), event.call)
      patchMessage(queryClient, chatId, event.messageId, { tool_calls })
    }
    socket.on('message:tool', changed)
    return () => {
      socket.off('message:tool', changed)
    }
  }, [socket, chatId, queryClient])
}
