import { and, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import {
  type BackupSchedule,
  type BackupTrigger,
  DEFAULT_BACKUP_KEEP,
  DEFAULT_BACKUP_SCHEDULE,
} from '../../../db/catalogues/backups'
import type { Db } from '../../../db/client'
import { type BackupRun, backupRuns, orgSettings, users } from '../../../db/schema'

/** Serialises the claim of a run (the schedule's "is one due?" and its insert) across instances. */
const BACKUP_RUNS_LOCK = 727_274_168

export interface BackupSettingsValue {
  schedule: BackupSchedule
  keep: number
}

/**
 * The backup runs and the backup settings (Admin › Backups, decision 168). Organisation-wide, owned by
 * no user: the `admin` macro guards every route that reaches them, and the schedule runs without an
 * actor, as the start-up sweeps do (docs/decisions/103-actor-and-scoped-data.md).
 */
export function backupsData(db: Db) {
  return {
    /**
     * Inserts a running run, or answers null when `due` says the schedule's day is not over: the
     * newest scheduled run of any instance started after `due.after`. The check and the insert hold
     * one advisory lock, so two instances checking at once start one scheduled backup between them.
     */
    async claim(run: {
      folderId: string
      trigger: BackupTrigger
      requestedBy: string | null
      now: Date
      due?: { after: Date }
    }): Promise<BackupRun | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${BACKUP_RUNS_LOCK})`)
        if (run.due) {
          const [recent] = await tx
            .select({ id: backupRuns.id })
            .from(backupRuns)
            .where(and(eq(backupRuns.trigger, 'schedule'), gt(backupRuns.startedAt, run.due.after)))
            .limit(1)
          if (recent) return null
        }
        const [row] = await tx
          .insert(backupRuns)
          .values({
            folderId: run.folderId,
            trigger: run.trigger,
            requestedBy: run.requestedBy,
            status: 'running',
            startedAt: run.now,
          })
          .returning()
        return row!
      })
    },

    async finish(
      id: string,
      outcome:
        | { status: 'done'; file: string; bytes: number; finishedAt: Date }
        | { status: 'failed'; error: string; finishedAt: Date },
    ): Promise<void> {
      await db
        .update(backupRuns)
        .set(
          outcome.status === 'done'
            ? {
                status: 'done',
                file: outcome.file,
                bytes: outcome.bytes,
                error: null,
                finishedAt: outcome.finishedAt,
              }
            : { status: 'failed', error: outcome.error, finishedAt: outcome.finishedAt },
        )
        .where(eq(backupRuns.id, id))
    },

    /**
     * The runs of this folder still marked running that started before `before` (this process's
     * start: their process was killed), now failed. A run this process claims meanwhile is newer.
     */
    async failRunning(folderId: string, error: string, before: Date, now: Date): Promise<BackupRun[]> {
      return db
        .update(backupRuns)
        .set({ status: 'failed', error, finishedAt: now })
        .where(
          and(
            eq(backupRuns.folderId, folderId),
            eq(backupRuns.status, 'running'),
            lt(backupRuns.startedAt, before),
          ),
        )
        .returning()
    },

    /** This folder's runs, newest first. */
    async list(folderId: string, limit: number): Promise<BackupRun[]> {
      return db
        .select()
        .from(backupRuns)
        .where(eq(backupRuns.folderId, folderId))
        .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
        .limit(limit)
    },

    /** Every archive name a run of this folder wrote (older runs too: they are not the CLI's). */
    async fileNames(folderId: string): Promise<Set<string>> {
      const rows = await db
        .select({ file: backupRuns.file })
        .from(backupRuns)
        .where(and(eq(backupRuns.folderId, folderId), isNotNull(backupRuns.file)))
      return new Set(rows.map((row) => row.file!))
    },

    /** When the newest scheduled run of any instance started (the schedule is the organisation's). */
    async lastScheduledStart(): Promise<Date | null> {
      const [row] = await db
        .select({ startedAt: backupRuns.startedAt })
        .from(backupRuns)
        .where(eq(backupRuns.trigger, 'schedule'))
        .orderBy(desc(backupRuns.startedAt))
        .limit(1)
      return row?.startedAt ?? null
    },

    /** This folder's finished scheduled archives beyond the newest `keep`, oldest last. */
    async scheduledBeyond(folderId: string, keep: number): Promise<BackupRun[]> {
      return db
        .select()
        .from(backupRuns)
        .where(
          and(
            eq(backupRuns.folderId, folderId),
            eq(backupRuns.trigger, 'schedule'),
            eq(backupRuns.status, 'done'),
            isNotNull(backupRuns.file),
          ),
        )
        .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
        .offset(keep)
    },

    async remove(ids: string[]): Promise<void> {
      if (ids.length) await db.delete(backupRuns).where(inArray(backupRuns.id, ids))
    },

    /** Administrators who can sign in (not banned): the failure mail goes to each. */
    async activeAdmins(): Promise<
      { email: string; preferredLanguage: (typeof users.$inferSelect)['preferredLanguage'] }[]
    > {
      return db
        .select({ email: users.email, preferredLanguage: users.preferredLanguage })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isBanned, false)))
        .orderBy(users.createdAt)
    },

    async settings(): Promise<BackupSettingsValue> {
      const [row] = await db
        .select({ schedule: orgSettings.backupSchedule, keep: orgSettings.backupKeep })
        .from(orgSettings)
        .where(eq(orgSettings.id, 1))
      return { schedule: row?.schedule ?? DEFAULT_BACKUP_SCHEDULE, keep: row?.keep ?? DEFAULT_BACKUP_KEEP }
    },

    /** The settings as they were, with the row locked until the transaction ends (call in one). */
    async lockSettings(): Promise<BackupSettingsValue> {
      await db.insert(orgSettings).values({ id: 1 }).onConflictDoNothing()
      const [row] = await db
        .select({ schedule: orgSettings.backupSchedule, keep: orgSettings.backupKeep })
        .from(orgSettings)
        .where(eq(orgSettings.id, 1))
        .for('update')
      return { schedule: row?.schedule ?? DEFAULT_BACKUP_SCHEDULE, keep: row?.keep ?? DEFAULT_BACKUP_KEEP }
    },

    async setSettings(value: BackupSettingsValue, now: Date): Promise<void> {
      await db
        .update(orgSettings)
        .set({ backupSchedule: value.schedule, backupKeep: value.keep, updatedAt: now })
        .where(eq(orgSettings.id, 1))
    },
  }
}
