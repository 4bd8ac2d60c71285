import { Elysia } from 'elysia'
import type { Message, User } from '../../db/schema'
import { discardUnsentAttachments, importInlineAttachments } from '../attachments/service'
import type { Actor } from '../auth/actor'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { inlineSpoolOf } from '../http/inline-spool'
import { forkChat } from './fork'
import {
  branchBody,
  branchResponse,
  editMessageBody,
  forkResponse,
  legacyChatBody,
  legacyChatResponse,
  messageListQuery,
  messageListResponse,
  regenerateBody,
  regenerateReplyResponse,
  sendMessageBody,
  sendMessageResponse,
  stopReplyResponse,
  toMessageJson,
} from './model'
import { SEND_FAILED } from './run-reply'
import { editMessage, regenerateReply, sendMessage, stopReply } from './send'
import { listMessages, showBranch } from './service'

const orUndefined = (value: string | null | undefined) => value ?? undefined

/** Who sends: the actor, with the signed-in account's preferred model and language. */
const senderOf = (actor: Actor, user: Pick<User, 'preferredModelId' | 'preferredLanguage'>) => ({
  actor,
  preferredModelId: user.preferredModelId,
  preferredLanguage: user.preferredLanguage,
})

/** A send's or an edit's question, from its body. */
const questionOf = (body: {
  content?: string
  modelId?: string | null
  agentId?: string | null
  attachmentIds?: string[]
}) => ({
  content: body.content ?? '',
  modelId: orUndefined(body.modelId),
  agentId: orUndefined(body.agentId),
  attachmentIds: body.attachmentIds,
})

/** The 202 of a send or an edit: the question as stored, and the reply's id to follow. */
const sentJson = (sent: { userMessage: Message; assistantMessage: { id: string } }) => ({
  success: true as const,
  data: { userMessage: toMessageJson(sent.userMessage), assistantMessageId: sent.assistantMessage.id },
})

/**
 * Messages of a chat and the reply lifecycle: send (202, the reply streams over socket.io), stop,
 * regenerate, and the spec's non-streaming `POST /api/chat`.
 */
export const messageRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'messages' })
    .use(authGuard(ctx))
    .get(
      '/api/chats/:id/messages',
      async ({ actor, params, query }) => ({
        success: true as const,
        data: await listMessages(ctx, actor, params.id, query),
      }),
      {
        response: messageListResponse,
        auth: true,
        query: messageListQuery,
        detail: { summary: 'A page of messages, newest first' },
      },
    )
    .post(
      '/api/chats/:id/messages',
      async ({ actor, user, params, body, set }) => {
        set.status = 202
        return sentJson(await sendMessage(ctx, senderOf(actor, user), params.id, questionOf(body)))
      },
      {
        response: { 202: sendMessageResponse },
        auth: true,
        body: sendMessageBody,
        detail: { summary: 'Send a message; the reply streams over socket.io' },
      },
    )
    .post(
      '/api/chats/:id/stop',
      async ({ actor, params }) => ({
        success: true as const,
        data: await stopReply(ctx, actor, params.id),
      }),
      {
        response: stopReplyResponse,
        auth: true,
        detail: { summary: 'Stop the running reply, keeping its text so far' },
      },
    )
    .post(
      '/api/chats/:id/regenerate',
      async ({ actor, user, params, body, set }) => {
        const sent = await regenerateReply(ctx, senderOf(actor, user), params.id, {
          messageId: body?.messageId,
          modelId: orUndefined(body?.modelId),
          agentId: orUndefined(body?.agentId),
        })
        set.status = 202
        return { success: true as const, data: { assistantMessageId: sent.assistantMessage.id } }
      },
      {
        response: { 202: regenerateReplyResponse },
        auth: true,
        body: regenerateBody,
        detail: { summary: 'Answer a question again, beside the previous answer' },
      },
    )
    .post(
      '/api/messages/:id/edit',
      async ({ actor, user, params, body, set }) => {
        set.status = 202
        return sentJson(await editMessage(ctx, senderOf(actor, user), params.id, questionOf(body)))
      },
      {
        response: { 202: sendMessageResponse },
        auth: true,
        body: editMessageBody,
        detail: { summary: 'Edit a sent message: a new message beside it, answered' },
      },
    )
    .put(
      '/api/chats/:id/branch',
      async ({ actor, params, body }) => ({
        success: true as const,
        data: await showBranch(ctx, actor, params.id, body.messageId),
      }),
      {
        response: branchResponse,
        auth: true,
        body: branchBody,
        detail: { summary: 'Show the path through a message (to its newest leaf)' },
      },
    )
    .post(
      '/api/chats/:id/fork',
      async ({ actor, params, body, set }) => {
        set.status = 201
        return {
          success: true as const,
          data: { chat: await forkChat(ctx, actor, params.id, body.messageId) },
        }
      },
      {
        response: { 201: forkResponse },
        auth: true,
        body: branchBody,
        detail: { summary: 'Branch into a new chat holding the path up to a message' },
      },
    )
    .post(
      '/api/chat',
      async ({ actor, user, body, set, request }) => {
        // Inline files are stored as uploads first, then bound like any other; a refused send
        // removes them again. Their text arrived into a spool, not the parsed body (decision 189).
        const attachmentIds = body.attachments?.length
          ? await importInlineAttachments(ctx, actor, body.attachments, inlineSpoolOf(request))
          : []
        const sent = await sendMessage(
          ctx,
          { actor, preferredModelId: user.preferredModelId, preferredLanguage: user.preferredLanguage },
          body.sessionId,
          {
            content: body.message,
            modelId: orUndefined(body.modelId),
            agentId: orUndefined(body.agentId),
            attachmentIds,
          },
        ).catch(async (error: unknown) => {
          await discardUnsentAttachments(ctx, actor, attachmentIds)
          throw error
        })
        const final = await sent.reply.done
        const failed = !final || final.status === 'failed'
        if (failed) set.status = 502
        return {
          success: !failed,
          message: final?.content ?? sent.reply.content,
          error: failed ? SEND_FAILED : null,
          modelUsed: sent.model.id,
        }
      },
      {
        response: { 200: legacyChatResponse, 502: legacyChatResponse },
        auth: true,
        body: legacyChatBody,
        detail: { summary: 'Send a message and wait for the whole reply' },
      },
    )
