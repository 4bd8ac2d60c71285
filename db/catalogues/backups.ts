/**
 * Admin › Backups (issue 33, point 3; docs/decisions/168-admin-backups.md): who started a run, how
 * it stands, and the schedule. Pure constants shared by the schema, the server and the web client.
 */

/** A run started by an administrator's "Back up now", or by the daily schedule. */
export const backupTriggers = ['manual', 'schedule'] as const
export type BackupTrigger = (typeof backupTriggers)[number]

export const backupRunStatuses = ['running', 'done', 'failed'] as const
export type BackupRunStatus = (typeof backupRunStatuses)[number]

export const backupSchedules = ['daily', 'off'] as const
export type BackupSchedule = (typeof backupSchedules)[number]

/** How many scheduled archives are kept (the oldest beyond it are deleted after a scheduled backup). */
export const BACKUP_KEEP_MIN = 1
export const BACKUP_KEEP_MAX = 90

/** The settings while an administrator has saved none. */
export const DEFAULT_BACKUP_SCHEDULE: BackupSchedule = 'daily'
export const DEFAULT_BACKUP_KEEP = 7
