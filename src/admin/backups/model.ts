import { t } from 'elysia'
import { BACKUP_KEEP_MAX, BACKUP_KEEP_MIN } from '../../../db/catalogues/backups'
import { ok } from '../../http/model'

// Admin › Backups (issue 33, point 3; decision 168): the wire contract, shared with the web client.

export const backupSettingsJson = t.Object({
  schedule: t.Union([t.Literal('daily'), t.Literal('off')]),
  /** How many scheduled archives are kept (1..90); manual and other archives are never deleted. */
  keep: t.Integer(),
})
export type BackupSettingsJson = typeof backupSettingsJson.static

/** One archive of this server's backups folder, or a run still being written or failed. */
export const backupJson = t.Object({
  /** The archive's file name (parley-….tar.gz), or the run's id while it runs or after it failed. */
  id: t.String(),
  createdAt: t.String(),
  /** Bytes; null while it runs or after it failed. */
  size: t.Nullable(t.Number()),
  /** 'other': an archive no run of the server made (the CLI, or the backup before a migration). */
  trigger: t.Union([t.Literal('manual'), t.Literal('schedule'), t.Literal('other')]),
  status: t.Union([t.Literal('running'), t.Literal('done'), t.Literal('failed')]),
  error: t.Nullable(t.String()),
})
export type BackupJson = typeof backupJson.static

export const backupsStateJson = t.Object({
  settings: backupSettingsJson,
  /** The S3 bucket the archives are uploaded to (under backups/); null: DATA_DIR/backups. */
  bucket: t.Nullable(t.String()),
  /** A backup is being written by this server now. */
  running: t.Boolean(),
  /** When the next scheduled backup is due (ISO); null with the schedule off. */
  nextAt: t.Nullable(t.String()),
  /** The newest finished backup failed: when, and why (the admin area's banner). */
  lastFailure: t.Nullable(t.Object({ at: t.String(), message: t.String() })),
  /** Newest first, at most 100. */
  backups: t.Array(backupJson),
})
export type BackupsStateJson = typeof backupsStateJson.static

export const backupSettingsBody = t.Object({
  schedule: t.Union([t.Literal('daily'), t.Literal('off')], { error: "schedule must be 'daily' or 'off'" }),
  keep: t.Integer({
    minimum: BACKUP_KEEP_MIN,
    maximum: BACKUP_KEEP_MAX,
    error: `keep must be a whole number from ${BACKUP_KEEP_MIN} to ${BACKUP_KEEP_MAX}`,
  }),
})

export const backupsStateResponse = ok(backupsStateJson)
export const backupStartedResponse = ok(t.Object({ id: t.String() }))
export const backupSettingsResponse = ok(backupSettingsJson)

/** An archive named as the list names it (`id` of a finished backup). */
export const backupNameParams = t.Object({ name: t.String() })
