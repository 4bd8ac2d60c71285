import { Elysia } from 'elysia'
import { adminAgentBody } from '../../agents/model'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { adminAgentListResponse, adminAgentResponse } from './model'
import { listAdminAgents, updateAdminAgent } from './service'

/**
 * /api/admin/agents: per agent, whether the organisation offers it and its workflow (webhook,
 * signing secret, time limit; N8N_WEBHOOK_URL and WORKFLOW_SIGNING_SECRET when unset). Admins only,
 * audited; secrets are sealed and never returned.
 */
export const adminAgentRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.agents', prefix: '/agents' })
    .use(authGuard(ctx))
    .get('/', async () => ({ success: true as const, data: await listAdminAgents(ctx) }), {
      response: adminAgentListResponse,
      admin: true,
      detail: { summary: 'The agents: offered or not, and their workflows' },
    })
    .put(
      '/:id',
      async ({ actor, user, params, body, request, server }) => ({
        success: true as const,
        data: await updateAdminAgent(ctx, { ...actor, email: user.email }, params.id, body, {
          request,
          server,
        }),
      }),
      {
        response: adminAgentResponse,
        admin: true,
        body: adminAgentBody,
        detail: { summary: 'Offer or withdraw an agent, set its workflow' },
      },
    )
