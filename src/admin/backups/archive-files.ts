import { type RequestOrigin, recordAudit } from '../../access/audit'
import type { Actor } from '../../auth/actor'
import type { StoredArchive } from '../../backups/destination'
import type { AppContext } from '../../context'
import { AppError } from '../../http/errors'
import { ARCHIVE_NAME, backupsDestination } from './service'

/*
 * Download and Delete on Admin › Backups (issue 33; docs/decisions/168-admin-backups.md, addendum):
 * an archive of this server's backups folder or of the S3 bucket's backups/, named as the list names
 * it. A name is an archive's file name and nothing else (no path, no hidden partial file), and both
 * are audited: a download carries every chat of the organisation.
 */

export const BACKUP_NOT_FOUND = 'Backup not found'

const notFound = () => new AppError('not_found:backup', BACKUP_NOT_FOUND)

/** The archive called `name`, or 404 (for a name that is not an archive's too). */
async function archiveNamed(ctx: AppContext, name: string): Promise<StoredArchive> {
  if (!ARCHIVE_NAME.test(name) || name.includes('..')) throw notFound()
  const archive = await backupsDestination(ctx).find(name)
  if (!archive) throw notFound()
  return archive
}

/** `GET /api/admin/backups/:name/download`: the archive as an attachment, audited before it is sent. */
export async function downloadBackup(
  ctx: AppContext,
  admin: Actor & { email: string },
  name: string,
  origin: RequestOrigin,
): Promise<Response> {
  const { size, read } = await archiveNamed(ctx, name)
  await recordAudit(
    ctx,
    admin,
    { action: 'backup.downloaded', targetType: 'backup', targetId: name, details: { size } },
    origin,
  )
  return new Response(read(), {
    headers: {
      // A sealed archive (the CLI's --include-secret) is not a gzip stream until it is opened.
      'content-type': name.endsWith('.sealed') ? 'application/octet-stream' : 'application/gzip',
      'content-disposition': `attachment; filename="${name}"`,
      'content-length': String(size),
      'cache-control': 'no-store',
    },
  })
}

/**
 * `DELETE /api/admin/backups/:name`: the archive is removed (from the folder or the bucket); its run, if a run made
 * it, then leaves the list as one deleted by hand does. Rotation never counts it again.
 */
export async function deleteBackup(
  ctx: AppContext,
  admin: Actor & { email: string },
  name: string,
  origin: RequestOrigin,
): Promise<void> {
  const { size } = await archiveNamed(ctx, name)
  await backupsDestination(ctx).remove(name)
  await recordAudit(
    ctx,
    admin,
    { action: 'backup.deleted', targetType: 'backup', targetId: name, details: { size } },
    origin,
  )
}
