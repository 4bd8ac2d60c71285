import { notifyManager, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Failure } from '../../../db/catalogues/failures'
import { useSocket } from '../chats/socket-context'
import { chatJoins } from './chat-joins'
import { createGapGuard } from './delta-gaps'
import { endedReplies } from './ended-replies'
import { failedFields } from './failure-text'
import { liveTexts } from './live-text-store'
import { patchOffPath, receiveMessage, shownLeafId } from './message-tree'
import {
  cachedMessage,
  type Message,
  messagesQuery,
  patchMessage,
  reloadMessages,
  removeMessage,
  researchIdOf,
} from './messages-query'

type JoinAck =
  | { ok: true; streaming?: { messageId: string; content: string; seq: number } }
  | { ok: false; error: string }

/**
 * Subscribes this tab to the chat's room and keeps its messages live: new messages, streamed
 * deltas (by seq: a delta at or below the last seen is ignored, a gap asks for a fresh snapshot),
 * the final or failed answer. On every (re)connect the chat is joined again and the ack's
 * snapshot of a running reply replaces the text so far, so nothing shows twice or goes missing.
 */
export function useChatEvents(chatId: string | undefined) {
  const socket = useSocket()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!socket || !chatId) return
    let joinedBefore = false
    const gaps = createGapGuard()
    const join = (gapIn?: string) => {
      socket.emit('chat:join', { chatId }, (ack: JoinAck) => {
        if (!ack.ok) return
        if (gapIn) gaps.joined(gapIn, ack.streaming?.messageId)
        if (ack.streaming) liveTexts.setSnapshot(ack.streaming.messageId, ack.streaming)
        // Events sent before the server put this socket in the chat's room never reach it: those
        // while we were disconnected, and on the first join those after the messages were read
        // (the chat's first load, or a prefetch on hover). A read from before the join is read
        // again; one that starts after it misses nothing.
        const readBefore = queryClient.getQueryState(messagesQuery(chatId).queryKey) !== undefined
        if (joinedBefore || readBefore) void reloadMessages(queryClient, chatId)
        chatJoins.markJoined(chatId)
        joinedBefore = true
      })
    }
    // An event that comes while the messages are still loading has no list to change, and the
    // load may have read the database before it happened: read them again rather than lose it.
    const stillLoading = () => {
      if (queryClient.getQueryData(messagesQuery(chatId).queryKey)) return false
      void reloadMessages(queryClient, chatId)
      return true
    }
    const created = (event: { chatId: string; message: Message }) => {
      if (event.chatId === chatId && !stillLoading()) receiveMessage(queryClient, event.message)
    }
    const delta = (event: { chatId: string; messageId: string; delta: string; seq: number }) => {
      if (event.chatId !== chatId) return
      if (
        liveTexts.applyDelta(event.messageId, event.delta, event.seq) === 'gap' &&
        gaps.gap(event.messageId)
      )
        join(event.messageId)
    }
    const completed = (event: { chatId: string; message: Message }) => {
      if (event.chatId !== chatId) return
      gaps.ended(event.message.id)
      endedReplies.remember(event.message.id, event.message)
      if (stillLoading()) return liveTexts.delete(event.message.id)
      afterCacheUpdate(
        () => receiveMessage(queryClient, event.message),
        () => liveTexts.delete(event.message.id),
      )
    }
    // `error` is the spec's text; `reason` the message's stored error (the provider's failure).
    const failed = (event: {
      chatId: string
      messageId: string
      error: string
      reason?: string | null
      failure?: Failure | null
    }) => {
      if (event.chatId !== chatId) return
      gaps.ended(event.messageId)
      if (stillLoading()) return liveTexts.delete(event.messageId)
      // A failed research run keeps its findings as the text, which the event does not carry.
      const cached = cachedMessage(queryClient, chatId, event.messageId)
      if (cached && researchIdOf(cached)) {
        void reloadMessages(queryClient, chatId).finally(() => liveTexts.delete(event.messageId))
        return
      }
      const content = liveTexts.get(event.messageId)?.content
      const patch: Partial<Message> = {
        status: 'failed',
        error: event.reason ?? event.error,
        // The reason as a code, worded in the person's language (decision 150).
        ...failedFields(event.failure),
        ...(content !== undefined ? { content } : {}),
      }
      endedReplies.remember(event.messageId, patch)
      if (!cached) patchOffPath(event.messageId, patch)
      afterCacheUpdate(
        () => patchMessage(queryClient, chatId, event.messageId, patch),
        () => liveTexts.delete(event.messageId),
      )
    }
    // Another tab (or this one) moved the chat to another path: show it, unless it already shows.
    const branched = (event: { chatId: string; leafId: string }) => {
      if (event.chatId !== chatId || stillLoading()) return
      if (shownLeafId(queryClient, chatId) !== event.leafId) void reloadMessages(queryClient, chatId)
    }
    const deleted = (event: { chatId: string; messageId: string }) => {
      if (event.chatId === chatId && !stillLoading()) removeMessage(queryClient, chatId, event.messageId)
    }
    const connected = () => {
      gaps.reset()
      join()
    }
    socket.on('connect', connected)
    socket.on('message:created', created)
    socket.on('message:delta', delta)
    socket.on('message:completed', completed)
    socket.on('message:failed', failed)
    socket.on('message:deleted', deleted)
    socket.on('chat:branch', branched)
    if (socket.connected) join()
    const disconnected = () => chatJoins.markLeft(chatId)
    socket.on('disconnect', disconnected)
    return () => {
      chatJoins.markLeft(chatId)
      socket.off('disconnect', disconnected)
      socket.emit('chat:leave', { chatId })
      socket.off('connect', connected)
      socket.off('message:created', created)
      socket.off('message:delta', delta)
      socket.off('message:completed', completed)
      socket.off('message:failed', failed)
      socket.off('message:deleted', deleted)
      socket.off('chat:branch', branched)
    }
  }, [socket, chatId, queryClient])
}

/**
 * Runs `update` (a query cache change, whose re-render TanStack Query defers to a later task) and
 * then `after` in that same batch, so both reach the screen in one render. Dropping the live text
 * at once instead would re-render the bubble with the cached message still 'streaming' and empty:
 * 'Thinking...' for a moment, and every block of a long answer unmounted and parsed again.
 */
function afterCacheUpdate(update: () => void, after: () => void) {
  notifyManager.batch(() => {
    update()
    notifyManager.schedule(after)
  })
}
