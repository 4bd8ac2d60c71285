import { Elysia } from 'elysia'
import { multipartFileBody } from '../attachments/model'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { importListResponse, importResponse, importStartResponse } from './model'
import { cancelImport, getImport, listImports, startImport } from './service'

/**
 * Imports of ChatGPT, Claude and Parley exports (issue 32, point 5; docs/decisions/173-imports.md):
 * started with the file (202, the job runs in the background), followed, cancelled. Starting and
 * cancelling are the person's own acts: support access is refused them (`accountSecurity`).
 */
export const importRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'imports' })
    .use(authGuard(ctx))
    .post(
      '/api/import',
      async ({ actor, user, request, server, set }) => {
        const data = await startImport(ctx, { ...actor, email: user.email }, request, { request, server })
        set.status = 202
        return { success: true as const, data }
      },
      {
        response: { 202: importStartResponse },
        accountSecurity: true,
        parse: 'none',
        detail: {
          summary:
            'Import a ChatGPT or Claude export (conversations.json or its zip) or Parley’s own JSON (multipart field `file`, at most 100 MB); runs in the background',
          requestBody: multipartFileBody,
        },
      },
    )
    .get(
      '/api/import',
      async ({ actor }) => ({ success: true as const, data: await listImports(ctx, actor) }),
      {
        response: importListResponse,
        auth: true,
        detail: { summary: 'Your latest imports, newest first, with their progress and reports' },
      },
    )
    .get(
      '/api/import/:id',
      async ({ actor, params }) => ({ success: true as const, data: await getImport(ctx, actor, params.id) }),
      {
        response: importResponse,
        auth: true,
        detail: { summary: 'One of your imports: its progress, then its report' },
      },
    )
    .post(
      '/api/import/:id/cancel',
      async ({ actor, user, params }) => ({
        success: true as const,
        data: await cancelImport(ctx, { ...actor, email: user.email }, params.id),
      }),
      {
        response: importResponse,
        accountSecurity: true,
        detail: { summary: 'Cancel a running import: nothing of it is kept' },
      },
    )
