import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type Import, type ImportReport, imports } from '../../db/schema'
import { isUuid } from '../chats/cursor'
import type { Worded } from './errors'
import type { ImportSource } from './read-export'

/** The person's list: the newest imports. */
export const LISTED_IMPORTS = 20

/**
 * The person's imports. Every query is limited to the person's rows (`user_id`), so another
 * person's import id reads as nothing and changes nothing.
 */
export function importsFor(db: Db, userId: string) {
  const mine = (id: string) => and(eq(imports.id, id), eq(imports.userId, userId))
  const running = eq(imports.status, 'running')
  return {
    /** A new running import; undefined when the person already has one running (the unique index). */
    async start(fileName: string, now: Date): Promise<Import | undefined> {
      const [row] = await db
        .insert(imports)
        .values({ userId, fileName, createdAt: now, heartbeatAt: now })
        .onConflictDoNothing()
        .returning()
      return row
    },

    async find(id: string): Promise<Import | undefined> {
      if (!isUuid(id)) return undefined
      const [row] = await db.select().from(imports).where(mine(id))
      return row
    },

    list(): Promise<Import[]> {
      return db
        .select()
        .from(imports)
        .where(eq(imports.userId, userId))
        .orderBy(desc(imports.createdAt), desc(imports.id))
        .limit(LISTED_IMPORTS)
    },

    async running(): Promise<Import | undefined> {
      const [row] = await db
        .select()
        .from(imports)
        .where(and(eq(imports.userId, userId), running))
      return row
    },

    /**
     * Progress and the heartbeat, while the import still runs; false when it no longer does
     * (cancelled, or failed by another instance's sweep): the job stops then.
     */
    async progress(
      id: string,
      fields: { done: number; total?: number; source?: ImportSource | null },
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(imports)
        .set({
          progressDone: fields.done,
          ...(fields.total === undefined ? {} : { progressTotal: fields.total }),
          ...(fields.source === undefined ? {} : { source: fields.source }),
          heartbeatAt: now,
        })
        .where(and(mine(id), running))
        .returning({ id: imports.id })
      return rows.length > 0
    },

    /** Ends a running import; undefined when it had already ended (a cancel won the race). */
    async finish(
      id: string,
      end: { status: 'done' | 'failed' | 'cancelled'; report?: ImportReport; error?: string | null },
      now: Date,
    ): Promise<Import | undefined> {
      if (!isUuid(id)) return undefined
      const [row] = await db
        .update(imports)
        .set({
          status: end.status,
          ...(end.report ? { report: end.report } : {}),
          ...(end.status === 'done' ? { progressDone: sql`${imports.progressTotal}` } : {}),
          error: end.error ?? null,
          finishedAt: now,
          heartbeatAt: now,
        })
        .where(and(mine(id), running))
        .returning()
      return row
    },

    /** The report so far (kept when an import fails or is cancelled: it says what was read). */
    async keepReport(id: string, report: ImportReport): Promise<void> {
      await db.update(imports).set({ report }).where(mine(id))
    },
  }
}

/**
 * Imports left running by a process that stopped: failed with `error`, all of them or one person's.
 * `except`: the ones this instance runs; `before`: on a shared Postgres, only those whose heartbeat
 * is older (another instance may be running the rest); null on the embedded database, which belongs
 * to this process alone.
 */
export async function failAbandonedImports(
  db: Db,
  options: { userId?: string; except: string[]; before: Date | null },
  error: Worded,
  now: Date,
): Promise<Import[]> {
  return db
    .update(imports)
    .set({
      status: 'failed',
      error: error.text,
      finishedAt: now,
      // The code beside the English, as a finished import's report holds it.
      report: sql`${imports.report} || jsonb_build_object('failure', ${JSON.stringify({ code: error.code })}::jsonb)`,
    })
    .where(
      and(
        eq(imports.status, 'running'),
        options.userId ? eq(imports.userId, options.userId) : undefined,
        options.except.length ? notInArray(imports.id, options.except) : undefined,
        options.before ? lt(imports.heartbeatAt, options.before) : undefined,
      ),
    )
    .returning()
}
