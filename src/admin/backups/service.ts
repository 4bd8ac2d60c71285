import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { BackupTrigger } from '../../../db/catalogues/backups'
import type { BackupRun } from '../../../db/schema'
import { type RequestOrigin, recordAudit } from '../../access/audit'
import type { Actor } from '../../auth/actor'
import { type BackupSettings, backupsFolder, createBackup } from '../../backups/backup'
import { type BackupDestination, backupDestination, bucketFolderId } from '../../backups/destination'
import type { AppContext } from '../../context'
import { AppError } from '../../http/errors'
import { repeatEvery } from '../../jobs/repeat'
import { type BackupSettingsValue, backupsData } from './backups-data'
import { backupFailedMail } from './mail'
import type { BackupJson, BackupSettingsJson, BackupsStateJson } from './model'

/*
 * Admin › Backups (issue 33, point 3; docs/decisions/168-admin-backups.md): "Back up now", the daily
 * schedule with its rotation, the list of this server's archives and runs, and the failure mail.
 * The archive itself is src/backups' createBackup, as the CLI writes it, into DATA_DIR/backups, or
 * the S3 bucket's backups/ when S3 is configured (the decision's addendum).
 */

/** How often the schedule looks whether a backup is due. */
export const BACKUP_CHECK_EVERY_MS = 5 * 60_000
/** A scheduled backup is due when the newest scheduled run started longer ago than this. */
export const BACKUP_INTERVAL_MS = 24 * 60 * 60_000
export const MAX_LISTED = 100
export const BACKUP_RUNNING = 'A backup is already running'
export const BACKUP_INTERRUPTED = 'Interrupted: the server stopped before the backup was complete'

/** An archive's name as createBackup writes it (a sealed one is the CLI's). */
export const ARCHIVE_NAME = /^parley-[\w.-]+\.tar\.gz(\.sealed)?$/
const FOLDER_ID_FILE = '.folder-id'
/** The longest failure text kept (a provider's or a driver's message can be long). */
const MAX_ERROR_LENGTH = 2_000

// ---- The folder and the settings a backup writes with ----

/** Where this server's archives are: the S3 bucket's backups/ when S3 is configured, else the folder. */
export function backupsDestination(ctx: Pick<AppContext, 'config'>): BackupDestination {
  return backupDestination(backupsFolder(ctx.config.dataDir), ctx.config.s3)
}

/**
 * The id the runs name their destination by: this DATA_DIR's backups folder's
 * (DATA_DIR/backups/.folder-id, made on first use), so each instance on a shared database lists and
 * rotates only the runs of its own folder, and a folder emptied by hand starts with no runs; or the
 * bucket's, shared by every instance using it.
 */
export function backupFolderId(ctx: Pick<AppContext, 'config' | 'backups'>): Promise<string> {
  const s3 = ctx.config.s3
  ctx.backups.folderId ??= (
    s3 ? Promise.resolve(bucketFolderId(s3)) : readOrCreateFolderId(backupsFolder(ctx.config.dataDir))
  ).catch((error: unknown) => {
    ctx.backups.folderId = undefined
    throw error
  })
  return ctx.backups.folderId
}

async function readOrCreateFolderId(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true })
  const path = join(folder, FOLDER_ID_FILE)
  const existing = (await readFile(path, 'utf8').catch(() => '')).trim()
  if (existing) return existing
  // Written whole under another name, then linked: a second process never reads it half written.
  const id = crypto.randomUUID()
  const draft = join(folder, `.folder-id-${process.pid}-${id}`)
  await writeFile(draft, id, { mode: 0o600 })
  try {
    await link(draft, path)
    return id
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error
    return (await readFile(path, 'utf8')).trim()
  } finally {
    await rm(draft, { force: true })
  }
}

/** What createBackup needs: this server's data folder and database, dumped through its own connection. */
function backupSettings(ctx: AppContext): BackupSettings {
  return {
    dataDir: ctx.config.dataDir,
    // Postgres: dumped through ctx.database's pool (the URL only says which kind it is).
    databaseUrl:
      ctx.database.kind === 'postgres'
        ? (ctx.config.databaseUrl ?? (ctx.database as { url?: string }).url ?? 'postgres://')
        : undefined,
    embeddedDatabase: ctx.config.embeddedDatabase,
    appSecret: ctx.config.appSecret,
  }
}

// ---- Starting a run ----

/**
 * Takes this instance's one slot, claims a run row and writes the archive in the background.
 * 'busy': this instance is writing one already; 'not_due': the schedule's day is not over.
 */
async function begin(
  ctx: AppContext,
  request: { trigger: BackupTrigger; requestedBy: string | null; due?: { after: Date } },
): Promise<BackupRun | 'busy' | 'not_due'> {
  if (!ctx.backups.take()) return 'busy'
  let run: BackupRun | null
  try {
    run = await backupsData(ctx.db).claim({
      folderId: await backupFolderId(ctx),
      trigger: request.trigger,
      requestedBy: request.requestedBy,
      now: ctx.now(),
      due: request.due,
    })
  } catch (error) {
    ctx.backups.release()
    throw error
  }
  if (!run) {
    ctx.backups.release()
    return 'not_due'
  }
  ctx.backups.name(run.id)
  void write(ctx, run)
  return run
}

/** Writes the archive of a claimed run and records how it ended; never rejects. */
async function write(ctx: AppContext, run: BackupRun): Promise<void> {
  const data = backupsData(ctx.db)
  const started = performance.now()
  try {
    const written = await createBackup({
      config: backupSettings(ctx),
      storage: ctx.storage,
      database: ctx.database,
      destination: backupsDestination(ctx),
    })
    await data.finish(run.id, {
      status: 'done',
      file: basename(written.path),
      bytes: written.size,
      finishedAt: ctx.now(),
    })
    ctx.log.info('backup written', {
      id: run.id,
      trigger: run.trigger,
      path: written.path,
      bytes: written.size,
      ms: Math.round(performance.now() - started),
    })
    if (run.trigger === 'schedule')
      await rotate(ctx, run.folderId).catch((error: unknown) =>
        ctx.log.warn('deleting the oldest scheduled backups failed', { error }),
      )
  } catch (error) {
    ctx.log.error('backup failed', { id: run.id, trigger: run.trigger, error })
    const message = failureText(error)
    try {
      await data.finish(run.id, { status: 'failed', error: message, finishedAt: ctx.now() })
    } catch (recordError) {
      ctx.log.error('recording the failed backup failed', { id: run.id, error: recordError })
    }
    await mailFailure(ctx, { ...run, error: message })
  } finally {
    ctx.backups.release()
  }
}

function failureText(error: unknown): string {
  const text = (error instanceof Error ? error.message || error.name : String(error)).trim()
  return (text || 'The backup failed').slice(0, MAX_ERROR_LENGTH)
}

/** Every active administrator hears of a failed run, once, in their language; a mail failure is logged. */
async function mailFailure(
  ctx: AppContext,
  run: { id: string; trigger: BackupTrigger; startedAt: Date; error: string },
): Promise<void> {
  try {
    for (const admin of await backupsData(ctx.db).activeAdmins()) {
      try {
        await ctx.mailer.send(backupFailedMail(ctx.config, admin, run))
      } catch (error) {
        ctx.log.warn('the backup failure mail could not be sent', { to: admin.email, error })
      }
    }
  } catch (error) {
    ctx.log.warn('the backup failure mail could not be sent', { id: run.id, error })
  }
}

/**
 * After a scheduled backup: this folder's scheduled archives beyond the newest `keep` are deleted,
 * with their runs. Manual archives and those no run made (the CLI's, before a migration) never are.
 */
async function rotate(ctx: AppContext, folderId: string): Promise<void> {
  const data = backupsData(ctx.db)
  const { keep } = await data.settings()
  const destination = backupsDestination(ctx)
  const old = await data.scheduledBeyond(folderId, keep)
  for (const run of old) {
    const file = run.file!
    if (basename(file) === file && ARCHIVE_NAME.test(file)) await destination.remove(file)
  }
  await data.remove(old.map((run) => run.id))
  if (old.length) ctx.log.info('oldest scheduled backups deleted', { count: old.length, keep })
}

/** `POST /api/admin/backups`: a backup now, in the background; 409 while this server writes one. */
export async function startManualBackup(
  ctx: AppContext,
  admin: Actor & { email: string },
  origin: RequestOrigin,
): Promise<{ id: string }> {
  const run = await begin(ctx, { trigger: 'manual', requestedBy: admin.realUserId })
  if (typeof run === 'string') throw new AppError('conflict:backup_running', BACKUP_RUNNING)
  await recordAudit(
    ctx,
    admin,
    { action: 'backup.created', targetType: 'backup', targetId: run.id, details: { trigger: 'manual' } },
    origin,
  )
  return { id: run.id }
}

// ---- The schedule ----

/**
 * One look of the schedule: with 'daily', a backup when the newest scheduled run (of any instance on
 * this database) started 24 h ago or more. Answers the run it started, or null.
 */
export async function scheduledBackupCheck(ctx: AppContext): Promise<BackupRun | null> {
  const { schedule } = await backupsData(ctx.db).settings()
  if (schedule === 'off') return null
  const run = await begin(ctx, {
    trigger: 'schedule',
    requestedBy: null,
    due: { after: new Date(ctx.now().getTime() - BACKUP_INTERVAL_MS) },
  })
  return typeof run === 'string' ? null : run
}

/**
 * Runs of this folder still marked running that started before `before` (this process's start)
 * belong to a process that was killed: failed, with the reason, and mailed as any failure. Called
 * at start-up; a "Back up now" answered meanwhile is newer and is left alone.
 */
export async function failInterruptedBackups(ctx: AppContext, before = ctx.now()): Promise<number> {
  const runs = await backupsData(ctx.db).failRunning(
    await backupFolderId(ctx),
    BACKUP_INTERRUPTED,
    before,
    ctx.now(),
  )
  for (const run of runs) await mailFailure(ctx, { ...run, error: BACKUP_INTERRUPTED })
  return runs.length
}

/**
 * The server's schedule: interrupted runs failed at start-up, then a look every
 * BACKUP_CHECK_EVERY_MS (an unref'd timer), the first one that long after the start: a server that
 * just started (often right after its backup before migrating) is not loaded with a backup too, and a
 * server that runs for minutes (a browser test, a benchmark) takes none. `stop` ends the looks and
 * waits for a backup in progress.
 */
export function startBackupSchedule(ctx: AppContext, everyMs = BACKUP_CHECK_EVERY_MS) {
  // "Next backup" never names a time before the first look.
  ctx.backups.firstLookAt = ctx.now().getTime() + everyMs
  const checks = repeatEvery(
    everyMs,
    () => scheduledBackupCheck(ctx),
    (error) => ctx.log.warn('the backup schedule check failed', { error }),
  )
  // Taken now, before any request of this process can claim a run.
  const ready = failInterruptedBackups(ctx, ctx.now())
    .then((count) => {
      if (count) ctx.log.warn('backups interrupted by the last stop were marked failed', { count })
    })
    .catch((error: unknown) => ctx.log.warn('marking interrupted backups failed', { error }))
  return {
    /** The start-up's interrupted runs (tests await it). */
    ready,
    async stop() {
      await checks.stop()
      await ready
      await ctx.backups.idle()
    },
  }
}

// ---- Settings ----

export function getBackupSettings(ctx: AppContext): Promise<BackupSettingsJson> {
  return backupsData(ctx.db).settings()
}

/** `PUT /api/admin/backups/settings`, audited when something changed. */
export async function updateBackupSettings(
  ctx: AppContext,
  admin: Actor & { email: string },
  body: BackupSettingsValue,
  origin: RequestOrigin,
): Promise<BackupSettingsJson> {
  const value = { schedule: body.schedule, keep: body.keep }
  await ctx.db.transaction(async (tx) => {
    const data = backupsData(tx)
    const before = await data.lockSettings()
    await data.setSettings(value, ctx.now())
    const changes: Record<string, { from: unknown; to: unknown }> = {}
    for (const key of ['schedule', 'keep'] as const)
      if (before[key] !== value[key]) changes[key] = { from: before[key], to: value[key] }
    if (Object.keys(changes).length)
      await recordAudit(
        { ...ctx, db: tx },
        admin,
        {
          action: 'backup.settings_updated',
          targetType: 'organisation',
          targetId: null,
          details: { changes },
        },
        origin,
      )
  })
  ctx.orgSettings.forget()
  return value
}

// ---- The list ----

/** The UTC time a default archive name carries (`parley-2026-11-29T17-58-03-123Z…`). */
function timeOfName(name: string): Date | null {
  const match = /^parley-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name)
  if (!match) return null
  const time = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`)
  return Number.isNaN(time.getTime()) ? null : time
}

/**
 * The archives in the folder or the bucket with their size and time (hidden partial files are not
 * archives). A folder that cannot be read (a file in its place, no permission) or a bucket that does
 * not answer lists none: the runs still show, with the failure that says why, instead of the whole
 * screen failing.
 */
async function archivesIn(
  destination: BackupDestination,
  warn: (message: string, fields: Record<string, unknown>) => void,
): Promise<Map<string, { size: number; time: Date }>> {
  const entries = await destination.list().catch((error: unknown) => {
    warn('the backups could not be listed', { where: destination.where, error })
    return new Map<string, { size: number; modified?: Date }>()
  })
  const found = new Map<string, { size: number; time: Date }>()
  for (const [name, entry] of entries)
    if (ARCHIVE_NAME.test(name))
      found.set(name, { size: entry.size, time: timeOfName(name) ?? entry.modified ?? new Date(0) })
  return found
}

/**
 * `GET /api/admin/backups`: the settings, whether this server is writing one, when the next is due,
 * the last failure, and this folder's backups: its runs (a finished one while its archive is there)
 * and the archives no run made (trigger 'other'), newest first.
 */
export async function backupsState(ctx: AppContext): Promise<BackupsStateJson> {
  const data = backupsData(ctx.db)
  const folderId = await backupFolderId(ctx)
  const [settings, runs, named, lastScheduled, files] = await Promise.all([
    data.settings(),
    data.list(folderId, MAX_LISTED),
    data.fileNames(folderId),
    data.lastScheduledStart(),
    archivesIn(backupsDestination(ctx), (message, fields) => ctx.log.warn(message, fields)),
  ])
  const entries: (BackupJson & { at: Date; finishedAt: Date | null })[] = []
  for (const run of runs) {
    if (run.status === 'done') {
      const file = run.file ? files.get(run.file) : undefined
      // Deleted from the folder by hand: no longer a backup to show.
      if (!file) continue
      entries.push({
        id: run.file!,
        createdAt: run.startedAt.toISOString(),
        size: file.size,
        trigger: run.trigger,
        status: 'done',
        error: null,
        at: run.startedAt,
        finishedAt: run.finishedAt,
      })
    } else
      entries.push({
        id: run.id,
        createdAt: run.startedAt.toISOString(),
        size: null,
        trigger: run.trigger,
        status: run.status,
        error: run.error,
        at: run.startedAt,
        finishedAt: run.finishedAt,
      })
  }
  for (const [name, file] of files)
    if (!named.has(name))
      entries.push({
        id: name,
        createdAt: file.time.toISOString(),
        size: file.size,
        trigger: 'other',
        status: 'done',
        error: null,
        at: file.time,
        finishedAt: file.time,
      })
  entries.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1))
  const newestFinished = entries.find((entry) => entry.status !== 'running')
  const now = ctx.now()
  const due = lastScheduled ? lastScheduled.getTime() + BACKUP_INTERVAL_MS : now.getTime()
  return {
    settings,
    bucket: ctx.config.s3?.bucket ?? null,
    running: ctx.backups.current !== null,
    nextAt:
      settings.schedule === 'off'
        ? null
        : new Date(Math.max(due, now.getTime(), ctx.backups.firstLookAt ?? 0)).toISOString(),
    lastFailure:
      newestFinished?.status === 'failed'
        ? {
            at: (newestFinished.finishedAt ?? newestFinished.at).toISOString(),
            message: newestFinished.error ?? 'The backup failed',
          }
        : null,
    backups: entries.slice(0, MAX_LISTED).map(({ id, createdAt, size, trigger, status, error }) => ({
      id,
      createdAt,
      size,
      trigger,
      status,
      error,
    })),
  }
}
