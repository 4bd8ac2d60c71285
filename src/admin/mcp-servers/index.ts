import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { done } from '../../http/model'
import {
  createMcpServerBody,
  mcpServerParams,
  mcpServerResponse,
  mcpServersResponse,
  mcpTestResponse,
  updateMcpServerBody,
} from './model'
import { createServer, deleteServer, listServers, testServer, updateServer } from './service'

/** /api/admin/mcp-servers: the MCP servers administrators register, govern by group and test (issue 30). */
export const adminMcpServerRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.mcp-servers', prefix: '/mcp-servers' })
    .use(authGuard(ctx))
    .get('/', async () => ({ success: true as const, data: await listServers(ctx) }), {
      response: mcpServersResponse,
      admin: true,
      detail: { summary: 'Every registered MCP server, by name; header names only, never their values' },
    })
    .post(
      '/',
      async ({ actor, user, body, request, server, set }) => {
        const data = await createServer(ctx, { ...actor, email: user.email }, body, { request, server })
        set.status = 201
        return { success: true as const, data }
      },
      {
        response: { 201: mcpServerResponse },
        admin: true,
        body: createMcpServerBody,
        detail: {
          summary:
            'Register an MCP server (Streamable HTTP; headers sealed with APP_SECRET; groups empty: everyone)',
        },
      },
    )
    .patch(
      '/:id',
      async ({ actor, user, params, body, request, server }) => ({
        success: true as const,
        data: await updateServer(ctx, { ...actor, email: user.email }, params.id, body, { request, server }),
      }),
      {
        response: mcpServerResponse,
        admin: true,
        params: mcpServerParams,
        body: updateMcpServerBody,
        detail: {
          summary: 'Change an MCP server (a field left out stays; headers, when given, replace them all)',
        },
      },
    )
    .delete(
      '/:id',
      async ({ actor, user, params, request, server }) => {
        await deleteServer(ctx, { ...actor, email: user.email }, params.id, { request, server })
        return { success: true as const }
      },
      {
        response: done,
        admin: true,
        params: mcpServerParams,
        detail: { summary: 'Delete an MCP server' },
      },
    )
    .post(
      '/:id/test',
      async ({ params }) => ({ success: true as const, data: await testServer(ctx, params.id) }),
      {
        response: mcpTestResponse,
        admin: true,
        params: mcpServerParams,
        detail: {
          summary: 'Connect to the server now and list its tools, or say why it could not be reached',
        },
      },
    )
