import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { done } from '../../http/model'
import { deleteBackup, downloadBackup } from './archive-files'
import {
  backupNameParams,
  backupSettingsBody,
  backupSettingsResponse,
  backupStartedResponse,
  backupsStateResponse,
} from './model'
import { backupsState, startManualBackup, updateBackupSettings } from './service'

/**
 * /api/admin/backups (issue 33, point 3; decision 168): this server's backups and runs, "Back up
 * now" (202, written in the background) and the schedule. Admins only, never while impersonating;
 * audited.
 */
export const adminBackupRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.backups' })
    .use(authGuard(ctx))
    .get('/backups', async () => ({ success: true as const, data: await backupsState(ctx) }), {
      response: backupsStateResponse,
      admin: true,
      detail: {
        summary:
          'The backup schedule, the last failure and this server’s backups (newest first, at most 100)',
      },
    })
    .post(
      '/backups',
      async ({ actor, user, request, server, set }) => {
        const data = await startManualBackup(ctx, { ...actor, email: user.email }, { request, server })
        set.status = 202
        return { success: true as const, data }
      },
      {
        response: { 202: backupStartedResponse },
        admin: true,
        detail: {
          summary:
            'Start a backup now into DATA_DIR/backups or the S3 bucket; it runs in the background (409 while one runs)',
        },
      },
    )
    .get(
      '/backups/:name/download',
      ({ actor, user, params, request, server }) =>
        downloadBackup(ctx, { ...actor, email: user.email }, params.name, { request, server }),
      {
        admin: true,
        params: backupNameParams,
        detail: { summary: 'Download one of this server’s backup archives (audited as backup.downloaded)' },
      },
    )
    .delete(
      '/backups/:name',
      async ({ actor, user, params, request, server }) => {
        await deleteBackup(ctx, { ...actor, email: user.email }, params.name, { request, server })
        return { success: true as const }
      },
      {
        admin: true,
        params: backupNameParams,
        response: done,
        detail: { summary: 'Delete one of this server’s backup archives (audited as backup.deleted)' },
      },
    )
    .put(
      '/backups/settings',
      async ({ actor, user, body, request, server }) => ({
        success: true as const,
        data: await updateBackupSettings(ctx, { ...actor, email: user.email }, body, { request, server }),
      }),
      {
        response: backupSettingsResponse,
        admin: true,
        body: backupSettingsBody,
        detail: { summary: 'Set the schedule (daily or off) and how many scheduled backups are kept' },
      },
    )
