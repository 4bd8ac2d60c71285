import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { done } from '../http/model'
import { getChatConfig, resetChatConfig, updateChatConfig } from './config-service'
import {
  bulkChatsBody,
  bulkChatsResponse,
  chatConfigBody,
  chatConfigResponse,
  chatListQuery,
  chatListResponse,
  chatResponse,
  createChatBody,
  updateChatBody,
} from './model'
import { bulkChats, createChat, deleteChat, listChats, updateChat } from './service'

/** The user's chats (list, create, rename, delete) and each chat's model settings. */
export const chatRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'chats' })
    .use(authGuard(ctx))
    .get(
      '/api/chats',
      async ({ actor, query }) => ({ success: true as const, data: await listChats(ctx, actor, query) }),
      {
        response: chatListResponse,
        auth: true,
        query: chatListQuery,
        detail: {
          summary:
            'List chats, pinned first then newest first; archived=true lists the archived ones; project=<id>|none filters',
        },
      },
    )
    .post(
      '/api/chats',
      async ({ actor, body, set }) => {
        set.status = 201
        return { success: true as const, data: await createChat(ctx, actor, body?.title) }
      },
      {
        response: { 201: chatResponse },
        auth: true,
        body: createChatBody,
        detail: { summary: 'Create a chat' },
      },
    )
    .patch(
      '/api/chats/:id',
      async ({ actor, params, body }) => ({
        success: true as const,
        data: await updateChat(ctx, actor, params.id, body),
      }),
      {
        response: chatResponse,
        auth: true,
        body: updateChatBody,
        detail: { summary: 'Rename, pin, archive or move a chat to a project (project_id null: out of it)' },
      },
    )
    .post(
      '/api/chats/bulk',
      async ({ actor, body }) => ({ success: true as const, data: await bulkChats(ctx, actor, body) }),
      {
        response: bulkChatsResponse,
        auth: true,
        body: bulkChatsBody,
        detail: {
          summary:
            'Delete, archive, restore or move many chats at once; answers which ids were changed and which refused',
        },
      },
    )
    .delete(
      '/api/chats/:id',
      async ({ actor, params }) => {
        await deleteChat(ctx, actor, params.id)
        return { success: true as const }
      },
      { response: done, auth: true, detail: { summary: 'Delete a chat and its messages' } },
    )
    .get(
      '/api/chats/:id/config',
      async ({ actor, params }) => ({
        success: true as const,
        data: await getChatConfig(ctx, actor, params.id),
      }),
      { response: chatConfigResponse, auth: true, detail: { summary: 'The chat’s model settings' } },
    )
    .patch(
      '/api/chats/:id/config',
      async ({ actor, params, body }) => ({
        success: true as const,
        data: await updateChatConfig(ctx, actor, params.id, body),
      }),
      {
        response: chatConfigResponse,
        auth: true,
        body: chatConfigBody,
        detail: { summary: 'Save the chat’s model settings' },
      },
    )
    .delete(
      '/api/chats/:id/config',
      async ({ actor, params }) => ({
        success: true as const,
        data: await resetChatConfig(ctx, actor, params.id),
      }),
      {
        response: chatConfigResponse,
        auth: true,
        detail: { summary: 'Reset the chat’s model settings to the defaults' },
      },
    )
