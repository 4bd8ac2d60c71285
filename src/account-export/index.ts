import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { exportListResponse, exportResponse, exportStartResponse } from './model'
import { downloadAccountExport, getAccountExport, listAccountExports, startAccountExport } from './service'

/**
 * "Download all my data" (issue 32, point 4; docs/decisions/175-account-export.md): started (202, the
 * zip is written in the background), followed, downloaded for 7 days. Starting and downloading are
 * the person's own acts: support access can do neither (`accountSecurity`); it may see the list.
 */
export const accountExportRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'account-export' })
    .use(authGuard(ctx))
    .post(
      '/api/account/export',
      async ({ actor, set }) => {
        const data = await startAccountExport(ctx, actor)
        set.status = 202
        return { success: true as const, data }
      },
      {
        response: { 202: exportStartResponse },
        accountSecurity: true,
        detail: {
          summary:
            'Start a zip of all your data (profile, chats, files, images, prompts, knowledge, usage); while one runs, its id',
        },
      },
    )
    .get(
      '/api/account/exports',
      async ({ actor }) => ({ success: true as const, data: await listAccountExports(ctx, actor) }),
      {
        response: exportListResponse,
        auth: true,
        detail: { summary: 'Your latest 10 exports of all your data, newest first' },
      },
    )
    .get(
      '/api/account/exports/:id',
      async ({ actor, params }) => ({
        success: true as const,
        data: await getAccountExport(ctx, actor, params.id),
      }),
      {
        response: exportResponse,
        auth: true,
        detail: { summary: 'One of your exports: running, ready (for 7 days), failed or expired' },
      },
    )
    .get(
      '/api/account/exports/:id/download',
      async ({ actor, params }) => downloadAccountExport(ctx, actor, params.id),
      {
        accountSecurity: true,
        detail: { summary: 'Download a ready export (a zip), for 7 days after it was ready' },
      },
    )
