import { t } from 'elysia'

export const chatListQuery = t.Object({
  cursor: t.Optional(t.String({ maxLength: 200 })),
  limit: t.Optional(
    t.Numeric({
      minimum: 1,
      maximum: 200,
      multipleOf: 1,
      error: 'limit must be a whole number between 1 and 200',
    }),
  ),
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
