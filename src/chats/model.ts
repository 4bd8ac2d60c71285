import { t } from 'elysia'
import type { Chat } from '../../db/schema'
import { ok } from '../http/model'
import { pageQuery } from '../http/page-query'
import { MAX_CHAT_TOOLS } from '../tools/tool-ids'

/** The answer to `chat:join`: a reply streaming in the chat comes with its text so far (chats/socket.ts). */
export type JoinAck =
  | { ok: true; streaming?: { messageId: string; content: string; seq: number } }
  | { ok: false; error: string }

/** A chat as the API and the `chat:*` events send it. */
export function toChatJson(chat: Chat) {
  return {
    id: chat.id,
    title: chat.title,
    user_id: chat.userId,
    pinned: chat.pinned,
    archived: chat.archived,
    project_id: chat.projectId,
    created_at: chat.createdAt.toISOString(),
    updated_at: chat.updatedAt.toISOString(),
  }
}

export type ChatJson = ReturnType<typeof toChatJson>

export const chatListQuery = t.Object({
  ...pageQuery,
  q: t.Optional(t.String({ maxLength: 200 })),
  archived: t.Optional(
    t.Union([t.Literal('true'), t.Literal('false')], { error: 'archived must be true or false' }),
  ),
  /** A project's id, or `none` for the chats in no project; absent: every chat. */
  project: t.Optional(t.String({ maxLength: 36 })),
})

export const createChatBody = t.Optional(
  t.Object({
    title: t.Optional(t.String({ maxLength: 200, error: 'Chat title must be 200 characters or less' })),
  }),
)

/** PATCH /api/chats/:id: rename, pin, archive or move to a project (or out: null), any of them. */
export const updateChatBody = t.Object({
  title: t.Optional(t.String({ error: 'Chat title cannot be empty' })),
  pinned: t.Optional(t.Boolean({ error: 'pinned must be true or false' })),
  archived: t.Optional(t.Boolean({ error: 'archived must be true or false' })),
  project_id: t.Optional(
    t.Union([t.String({ format: 'uuid' }), t.Null()], { error: 'project_id must be a project id or null' }),
  ),
})

export const bulkActions = ['delete', 'archive', 'unarchive', 'move'] as const

/** POST /api/chats/bulk: one action on up to 500 chats; `projectId` (null: out of any) for `move`. */
export const bulkChatsBody = t.Object({
  ids: t.Array(t.String({ maxLength: 36 }), {
    minItems: 1,
    maxItems: 500,
    error: 'ids must list 1 to 500 chat ids',
  }),
  // Spelled out (not mapped from bulkActions) so that the client's typed calls see each action.
  action: t.Union([t.Literal('delete'), t.Literal('archive'), t.Literal('unarchive'), t.Literal('move')], {
    error: 'action must be delete, archive, unarchive or move',
  }),
  projectId: t.Optional(
    t.Union([t.String({ format: 'uuid' }), t.Null()], { error: 'projectId must be a project id or null' }),
  ),
})

const TOOLS_ERROR = `tools must be a list of at most ${MAX_CHAT_TOOLS} tool ids`

/** Spec section 5 "Chat config inputs": each field optional, each out-of-range value named. */
export const chatConfigBody = t.Object({
  system_prompt: t.Optional(
    t.Union([t.String({ maxLength: 20_000 }), t.Null()], {
      error: 'system_prompt must be text of at most 20000 characters, or null',
    }),
  ),
  temperature: t.Optional(t.Number({ minimum: 0, maximum: 2, error: 'temperature must be between 0 and 2' })),
  max_tokens: t.Optional(
    t.Integer({
      minimum: 1,
      maximum: 128_000,
      error: 'max_tokens must be a whole number between 1 and 128000',
    }),
  ),
  top_p: t.Optional(t.Number({ minimum: 0, maximum: 1, error: 'top_p must be between 0 and 1' })),
  frequency_penalty: t.Optional(
    t.Number({ minimum: -2, maximum: 2, error: 'frequency_penalty must be between -2 and 2' }),
  ),
  presence_penalty: t.Optional(
    t.Number({ minimum: -2, maximum: 2, error: 'presence_penalty must be between -2 and 2' }),
  ),
  response_format: t.Optional(
    t.Union([t.Literal('text'), t.Literal('json'), t.Literal('markdown')], {
      error: 'response_format must be text, json or markdown',
    }),
  ),
  web_search_enabled: t.Optional(t.Boolean({ error: 'web_search_enabled must be true or false' })),
  /** The tools the model may call (issue 30); each id is checked by the service, which names an unknown one. */
  tools: t.Optional(
    t.Array(t.String({ maxLength: 100, error: TOOLS_ERROR }), {
      maxItems: MAX_CHAT_TOOLS,
      error: TOOLS_ERROR,
    }),
  ),
})

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const chatJson = t.Object({
  id: t.String(),
  title: t.String(),
  user_id: t.String(),
  pinned: t.Boolean(),
  archived: t.Boolean(),
  project_id: t.Nullable(t.String()),
  created_at: t.String(),
  updated_at: t.String(),
})

export const chatConfigJson = t.Object({
  system_prompt: t.Nullable(t.String()),
  temperature: t.Number(),
  max_tokens: t.Number(),
  top_p: t.Number(),
  frequency_penalty: t.Number(),
  presence_penalty: t.Number(),
  response_format: t.Union([t.Literal('json'), t.Literal('text'), t.Literal('markdown')]),
  web_search_enabled: t.Boolean(),
  tools: t.Array(t.String()),
})

export const chatListResponse = ok(t.Object({ chats: t.Array(chatJson), nextCursor: t.Nullable(t.String()) }))

export const chatResponse = ok(chatJson)

/** Which chats a bulk action changed, and which it refused (not the person's, or not found). */
export const bulkChatsResponse = ok(t.Object({ done: t.Array(t.String()), refused: t.Array(t.String()) }))

export const chatConfigResponse = ok(chatConfigJson)
