import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { retentionPolicyResponse } from './model'
import { getRetentionPolicy } from './service'

/** `GET /api/retention`: what the organisation deletes by age, for everyone's Settings (issue 32, point 6). */
export const retentionRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'retention' })
    .use(authGuard(ctx))
    .get('/api/retention', async () => ({ success: true as const, data: await getRetentionPolicy(ctx) }), {
      response: retentionPolicyResponse,
      auth: true,
      detail: { summary: 'The organisation’s retention policy (null: nothing is deleted by age)' },
    })
