import type { AccountExport } from '../../db/schema'
import { type Actor, actorForJob } from '../auth/actor'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { repeatEvery } from '../jobs/repeat'
import { accountExportsFor } from './account-export-data'
import { exportEntries } from './archive'
import { exportContentsFor } from './contents-data'
import { exportReadyMail } from './mail'
import type { ExportJson } from './model'
import { runningExports } from './running'
import { expiredExports, failAbandonedExports, markExpired } from './sweep-data'
import { streamOf, writeZip, ZipTooLarge } from './zip-writer'

/*
 * "Download all my data" (issue 32, point 4; docs/decisions/175-account-export.md): a zip of
 * everything the person has, written in the background on the instance that received the request,
 * kept 7 days in the storage driver, announced by a socket event and (with SMTP) a mail. Support
 * access can neither start nor download one (the routes' `accountSecurity`).
 */

/** How long a ready zip can be downloaded. */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60_000
/** How often a running export says it is alive. */
export const EXPORT_HEARTBEAT_MS = 30_000
/** A running export whose heartbeat is older than this is written by nobody (a killed process). */
export const EXPORT_STALE_MS = 5 * 60_000
/** How often the sweep deletes the zips whose time is up. */
export const EXPORT_SWEEP_EVERY_MS = 60 * 60_000

export const EXPORT_INTERRUPTED = 'The server stopped while the export was being written; start it again.'
export const EXPORT_TOO_LARGE =
  'Your data is more than one download can hold (4 GB or 65,535 files). Delete chats or files you no longer need and start it again.'
export const EXPORT_FAILED =
  'The export could not be written. Start it again; if it fails again, tell your administrator.'
export const EXPORT_NOT_FOUND = 'Export not found'

const exportNotFound = () => new AppError('not_found:export', EXPORT_NOT_FOUND)

/** Why an export's job was stopped, as its abort reason. */
const STOPPED = Symbol('server stopping')
const LOST = Symbol('failed elsewhere')

/** Where the zip lives: under the person's folder, so that deleting the account deletes it too. */
export const exportStorageKey = (userId: string, id: string) => `users/${userId}/exports/${id}.zip`

/** A ready export whose 7 days are over reads as expired at once, before the sweep deletes its zip. */
function statusAt(row: AccountExport, now: Date): ExportJson['status'] {
  if (row.status === 'ready' && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired'
  return row.status
}

export function toExportJson(row: AccountExport, now: Date): ExportJson {
  return {
    id: row.id,
    status: statusAt(row, now),
    size: row.size,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    error: row.error,
  }
}

type SweepCtx = Pick<AppContext, 'db' | 'database' | 'storage' | 'log' | 'now'>

/** On the embedded database (this process's alone) any running export not written here; else stale ones. */
function abandonedScope(ctx: SweepCtx) {
  return {
    except: [...runningExports(ctx).jobs.keys()],
    before: ctx.database.kind === 'pglite' ? null : new Date(ctx.now().getTime() - EXPORT_STALE_MS),
  }
}

/** Deletes the partial zips of exports that were failed; a storage failure is logged (the sweep retries). */
async function deletePartials(ctx: SweepCtx, rows: AccountExport[]) {
  for (const row of rows)
    await ctx.storage
      .delete(row.storageKey)
      .catch((error: unknown) => ctx.log.warn('deleting a partial export failed', { id: row.id, error }))
}

/** The person's running exports nobody writes any more, failed (before a list, a look or a new start). */
async function failAbandonedOf(ctx: AppContext, actor: Actor) {
  const { except, before } = abandonedScope(ctx)
  const failed = await accountExportsFor(ctx.db, actor).failAbandoned(except, before, EXPORT_INTERRUPTED)
  await deletePartials(ctx, failed)
  return failed.length
}

/**
 * `POST /api/account/export`: starts writing the person's zip in the background. One at a time per
 * person: while one runs (on any instance), the answer is that one's id.
 */
export async function startAccountExport(ctx: AppContext, actor: Actor): Promise<{ id: string }> {
  await failAbandonedOf(ctx, actor)
  const data = accountExportsFor(ctx.db, actor)
  const running = await data.running()
  if (running) return { id: running.id }
  const registry = runningExports(ctx)
  const id = crypto.randomUUID()
  const controller = new AbortController()
  const { promise: finished, resolve } = Promise.withResolvers<void>()
  // In the registry before its row exists: a sweep running meanwhile never takes it for abandoned.
  registry.add(id, { userId: actor.userId, controller, finished })
  let row: AccountExport | undefined
  try {
    row = await data.start(id, exportStorageKey(actor.userId, id), ctx.now())
  } catch (error) {
    resolve()
    throw error
  }
  if (!row) {
    resolve()
    // Another request of the person started one a moment ago.
    const other = await data.running()
    if (other) return { id: other.id }
    throw new AppError('conflict:export', 'An export was just started; try again')
  }
  void writeExport(ctx, row, controller).finally(resolve)
  return { id }
}

/** Writes the zip of a started export into the storage and records how it ended; never rejects. */
async function writeExport(ctx: AppContext, row: AccountExport, controller: AbortController): Promise<void> {
  const actor = actorForJob({ id: row.userId })
  const data = accountExportsFor(ctx.db, actor)
  const { signal } = controller
  const heartbeat = setInterval(() => {
    data
      .beat(row.id, ctx.now())
      .then((alive) => {
        if (!alive) controller.abort(LOST)
      })
      .catch((error: unknown) => ctx.log.warn('an export’s heartbeat failed', { id: row.id, error }))
  }, EXPORT_HEARTBEAT_MS)
  heartbeat.unref()
  let release: (() => void) | undefined
  // The archive's own failure (too large, a read), kept: the storage may wrap what its stream threw.
  let thrown: unknown
  let replaced: AccountExport[] | undefined
  let size = 0
  let started = performance.now()
  try {
    release = await runningExports(ctx).place(signal)
    started = performance.now()
    async function* archive() {
      try {
        yield* writeZip(exportEntries(ctx, actor, { signal, exportedAt: ctx.now() }))
      } catch (error) {
        thrown = error
        throw error
      }
    }
    size = (await ctx.storage.put(row.storageKey, streamOf(archive()), 'application/zip')).size
    signal.throwIfAborted()
    const readyAt = ctx.now()
    // Ready, and the person's older zip replaced, at once: one zip per person.
    replaced = await ctx.db.transaction(async (tx) => {
      const rows = accountExportsFor(tx, actor)
      const ready = await rows.finish(row.id, {
        status: 'ready',
        size,
        readyAt,
        expiresAt: new Date(readyAt.getTime() + EXPORT_TTL_MS),
      })
      return ready ? rows.expireReadyBesides(row.id) : undefined
    })
    // Failed meanwhile by a sweep, or the account was deleted: the zip has no row to name it.
    if (!replaced) await ctx.storage.delete(row.storageKey)
  } catch (error) {
    const cause = thrown ?? error
    const message =
      signal.aborted && signal.reason === STOPPED
        ? EXPORT_INTERRUPTED
        : cause instanceof ZipTooLarge
          ? EXPORT_TOO_LARGE
          : EXPORT_FAILED
    if (!(signal.aborted && signal.reason === LOST))
      ctx.log[message === EXPORT_FAILED ? 'error' : 'warn']('account export failed', {
        id: row.id,
        userId: row.userId,
        error: cause,
      })
    await ctx.storage
      .delete(row.storageKey)
      .catch((deleteError: unknown) =>
        ctx.log.warn('deleting a partial export failed', { id: row.id, error: deleteError }),
      )
    await data
      .finish(row.id, { status: 'failed', error: message })
      .catch((recordError: unknown) =>
        ctx.log.error('recording a failed export failed', { id: row.id, error: recordError }),
      )
    return
  } finally {
    clearInterval(heartbeat)
    release?.()
  }
  if (!replaced) return
  ctx.log.info('account export ready', {
    id: row.id,
    userId: row.userId,
    bytes: size,
    ms: Math.round(performance.now() - started),
  })
  for (const old of replaced)
    await ctx.storage
      .delete(old.storageKey)
      .catch((error: unknown) => ctx.log.warn('deleting a replaced export failed', { id: old.id, error }))
  ctx.realtime.toUser(row.userId, 'account:export_ready', { id: row.id })
  await mailReady(ctx, actor, row.id)
}

/** With SMTP set, the person hears by mail too (in their language); a mail failure is only logged. */
async function mailReady(ctx: AppContext, actor: Actor, id: string) {
  if (!ctx.config.mail.smtpUrl) return
  try {
    const account = await exportContentsFor(ctx.db, actor).account()
    if (account) await ctx.mailer.send(exportReadyMail(ctx.config, account, id))
  } catch (error) {
    ctx.log.warn('the export-ready mail could not be sent', { id, error })
  }
}

/** `GET /api/account/exports`: the person's latest exports, newest first (expired ones say so). */
export async function listAccountExports(ctx: AppContext, actor: Actor): Promise<{ exports: ExportJson[] }> {
  await failAbandonedOf(ctx, actor)
  const now = ctx.now()
  return { exports: (await accountExportsFor(ctx.db, actor).list()).map((row) => toExportJson(row, now)) }
}

/** `GET /api/account/exports/:id`: one of the person's exports (another person's id, or no id, is 404). */
export async function getAccountExport(ctx: AppContext, actor: Actor, id: string): Promise<ExportJson> {
  const data = accountExportsFor(ctx.db, actor)
  let row = await data.find(id)
  if (!row) throw exportNotFound()
  if (row.status === 'running' && (await failAbandonedOf(ctx, actor))) row = (await data.find(id)) ?? row
  return toExportJson(row, ctx.now())
}

/**
 * `GET /api/account/exports/:id/download`: the ready zip, streamed from the storage. Running,
 * failed, expired, unknown and other people's exports are all the same 404.
 */
export async function downloadAccountExport(ctx: AppContext, actor: Actor, id: string): Promise<Response> {
  const row = await accountExportsFor(ctx.db, actor).find(id)
  if (!row || statusAt(row, ctx.now()) !== 'ready') throw exportNotFound()
  const zip = await ctx.storage.get(row.storageKey)
  if (!zip) throw exportNotFound()
  const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10)
  return new Response(zip, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="parley-export-${day}.zip"`,
      'Content-Length': String(zip.size),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/**
 * Every person's exports a killed process left running, failed with EXPORT_INTERRUPTED and their
 * partial zips deleted: at start-up (src/server.ts) and in each sweep. On the embedded database
 * every running export this instance does not write; on a shared Postgres those whose heartbeat
 * stopped (another instance may write the others).
 */
export async function failInterruptedExports(ctx: SweepCtx): Promise<number> {
  const failed = await failAbandonedExports(ctx.db, abandonedScope(ctx), EXPORT_INTERRUPTED)
  await deletePartials(ctx, failed)
  return failed.length
}

/**
 * One sweep: the zips whose 7 days are over are deleted from the storage, then their rows marked
 * expired (a zip that cannot be deleted now stays ready-but-expired, refused on download, and is
 * tried again next time); abandoned running exports are failed.
 */
export async function sweepAccountExports(ctx: SweepCtx): Promise<{ expired: number; failed: number }> {
  let expired = 0
  for (;;) {
    const due = await expiredExports(ctx.db, ctx.now())
    let progressed = false
    for (const row of due) {
      try {
        await ctx.storage.delete(row.storageKey)
      } catch (error) {
        ctx.log.warn('deleting an expired export failed', { id: row.id, error })
        continue
      }
      if (await markExpired(ctx.db, row.id)) expired++
      progressed = true
    }
    if (!progressed || due.length < 200) break
  }
  return { expired, failed: await failInterruptedExports(ctx) }
}

/**
 * The server's part (src/server.ts): interrupted exports failed at start-up, then a sweep every
 * hour (an unref'd timer). `stop` ends the sweeps, stops the exports this instance writes (each
 * is failed with EXPORT_INTERRUPTED and its partial zip deleted) and waits for them.
 */
export function startAccountExports(ctx: AppContext, everyMs = EXPORT_SWEEP_EVERY_MS) {
  const sweeps = repeatEvery(
    everyMs,
    () => sweepAccountExports(ctx),
    (error) => ctx.log.warn('the account export sweep failed', { error }),
  )
  const ready = failInterruptedExports(ctx)
    .then((count) => {
      if (count) ctx.log.warn('exports interrupted by the last stop were marked failed', { count })
    })
    .catch((error: unknown) => ctx.log.warn('marking interrupted exports failed', { error }))
  return {
    ready,
    async stop() {
      await sweeps.stop()
      await ready
      await runningExports(ctx).stopAll(STOPPED)
    },
  }
}
