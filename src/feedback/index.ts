import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { chatUsageResponse, feedbackBody, feedbackResponse } from './model'
import { chatUsage, rateAnswer } from './service'

/** Rating an answer (issue 27, point 5) and what a chat cost so far (point 6). */
export const feedbackRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'feedback' })
    .use(authGuard(ctx))
    .put(
      '/api/messages/:id/feedback',
      async ({ actor, params, body }) => ({
        success: true as const,
        data: await rateAnswer(ctx, actor, params.id, body),
      }),
      {
        response: feedbackResponse,
        auth: true,
        body: feedbackBody,
        detail: { summary: 'Rate an answer (thumbs up or down, an optional comment); null takes it back' },
      },
    )
    .get(
      '/api/chats/:id/usage',
      async ({ actor, params }) => ({ success: true as const, data: await chatUsage(ctx, actor, params.id) }),
      {
        response: chatUsageResponse,
        auth: true,
        detail: { summary: 'The tokens and dollars the chat’s answers cost so far' },
      },
    )
