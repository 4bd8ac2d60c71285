import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { toolApprovalRoutes } from './approval-routes'
import { listToolsFor } from './catalog'
import { toolsGetResponse } from './catalog-model'

/** GET /api/tools and the approval of a waiting tool call (issue 30). */
export const toolRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'tools' })
    .use(authGuard(ctx))
    .get(
      '/api/tools',
      async ({ actor }) => ({ success: true as const, data: { tools: await listToolsFor(ctx, actor) } }),
      {
        response: toolsGetResponse,
        auth: true,
        detail: { summary: 'The tools the user may turn on in a chat: built-in ones and MCP servers' },
      },
    )
    .use(toolApprovalRoutes(ctx))
