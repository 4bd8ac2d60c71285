import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { done } from '../http/model'
import { decideToolCall } from './approvals'

/** POST /api/messages/:id/tool-calls/:callId/approve and /deny (issue 30). */
export const toolApprovalRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'tool-approvals' })
    .use(authGuard(ctx))
    .post(
      '/api/messages/:id/tool-calls/:callId/approve',
      async ({ actor, params }) => {
        await decideToolCall(ctx, actor, params.id, params.callId, true)
        return { success: true as const }
      },
      { response: done, auth: true, detail: { summary: 'Let a waiting tool call run' } },
    )
    .post(
      '/api/messages/:id/tool-calls/:callId/deny',
      async ({ actor, params }) => {
        await decideToolCall(ctx, actor, params.id, params.callId, false)
        return { success: true as const }
      },
      { response: done, auth: true, detail: { summary: 'Refuse a waiting tool call (the model is told)' } },
    )
