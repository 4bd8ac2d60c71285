import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { retentionBody, retentionStateResponse } from '../../retention/model'
import { getRetentionState, updateRetention } from '../../retention/service'

/** /api/admin/retention: the policy (chats by disuse, files by age), its last pass and the next. */
export const adminRetentionRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.retention' })
    .use(authGuard(ctx))
    .get('/retention', async () => ({ success: true as const, data: await getRetentionState(ctx) }), {
      response: retentionStateResponse,
      admin: true,
      detail: { summary: 'The retention policy, its last daily pass and when the next is due' },
    })
    .put(
      '/retention',
      async ({ actor, user, body, request, server }) => ({
        success: true as const,
        data: await updateRetention(ctx, { ...actor, email: user.email }, body, { request, server }),
      }),
      {
        response: retentionStateResponse,
        admin: true,
        body: retentionBody,
        detail: {
          summary:
            'Set the policy: chats not used for chatDays deleted (pinned kept), files fileDays after their message (null: never)',
        },
      },
    )
