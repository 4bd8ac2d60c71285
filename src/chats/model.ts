import { t } from 'elysia'
import type { Chat } from '../../db/schema'
import { ok } from '../http/model'
import { pageQuery } from '../http/page-query'

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
    created_at: chat.createdAt.toISOString(),
    updated_at: chat.updatedAt.toISOString(),
  }
}

export type ChatJson = ReturnType<typeof toChatJson>

export const chatListQuery = t.Object({
  ...pageQuery,
  q: t.Optional(t.String({ maxLength: 200 })),
})

export const createChatBody = t.Optional(
  t.Object({
    title: t.Optional(t.String({ maxLength: 200, error: 'Chat title must be 200 characters or less' })),
  }),
)

export const renameChatBody = t.Object({
  title: t.String({ error: 'Chat title cannot be empty' }),
})

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
})

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const chatJson = t.Object({
  id: t.String(),
  title: t.String(),
  user_id: t.String(),
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
})

export const chatListResponse = ok(t.Object({ chats: t.Array(chatJson), nextCursor: t.Nullable(t.String()) }))

export const chatResponse = ok(chatJson)

export const chatConfigResponse = ok(chatConfigJson)
