import type { ImportReport } from '../../db/schema'
import { auditFor } from '../access/audit-data'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { removeImportedChats } from './cleanup'
import { FAILURES, ImportFailure, ImportStopped, type Worded } from './errors'
import { importedChatsFor } from './imported-chats-data'
import { importsFor } from './imports-data'
import { IMPORT_LIMITS } from './limits'
import { FORMATS, readExport } from './read-export'
import { ReportBuilder } from './report'
import { ImportWriter } from './writer'

type Ctx = Pick<AppContext, 'db' | 'database' | 'log' | 'now'>

export interface ImportRun {
  id: string
  actor: Actor & { email: string }
  /** Where the upload came from, for the audit trail. */
  ip: string | null
  /** The uploaded file; let go of once it is parsed. */
  bytes: Uint8Array | null
  /**
   * Frees this instance's room for uploads. Called before the import's end is written: whoever sees
   * it ended may start the next import at once, and must not be told the server is busy.
   */
  releaseRoom?: () => void
}

/** Why a job's signal was aborted. */
export const STOP_REASONS = { cancel: 'cancel', shutdown: 'shutdown' } as const

/**
 * The import itself, in the background on the instance that received the file: read the export,
 * write its conversations (known ones counted as duplicates, others left out with a reason), then
 * release them all in one last transaction with the report. Whatever stops it — a failure, a
 * cancel, the server's stop — it deletes what it wrote. Never rejects.
 */
export async function runImport(ctx: Ctx, run: ImportRun, signal: AbortSignal): Promise<void> {
  const userId = run.actor.userId
  const data = importsFor(ctx.db, userId)
  const report = new ReportBuilder()
  try {
    // Reading the file takes the thread for a moment: after the request that started it is answered.
    await new Promise((resolve) => setTimeout(resolve, 0))
    const exported = readExport(run)
    for (const note of exported.notes) report.skip(note.title, note.reason)
    const items = exported.items
    if (items.length > IMPORT_LIMITS.conversations)
      throw new ImportFailure(FAILURES.tooManyConversations(items.length, IMPORT_LIMITS.conversations))
    const writer = new ImportWriter(ctx, { id: run.id, userId, signal })
    if (!(await data.progress(run.id, { done: 0, total: items.length, source: exported.source }, ctx.now())))
      throw new ImportStopped()
    if (exported.source) await writeConversations(ctx, exported.source, items, writer, report, userId)
    const done = report.build()
    run.releaseRoom?.()
    await ctx.db.transaction(async (tx) => {
      const row = await importsFor(tx, userId).finish(run.id, { status: 'done', report: done }, ctx.now())
      if (!row) throw new ImportStopped()
      await importedChatsFor(tx, userId).release(run.id, writer.archived)
      await auditFor(tx, run.actor).record(finishEntry(run.id, 'done', exported.source, done), run.ip)
    })
  } catch (error) {
    await endUndone(ctx, run, signal, error, report)
  }
}

/** Each conversation read, checked against what the person already imported, and queued for writing. */
async function writeConversations(
  ctx: Ctx,
  source: keyof typeof FORMATS,
  items: unknown[],
  writer: ImportWriter,
  report: ReportBuilder,
  userId: string,
) {
  const format = FORMATS[source]
  const sourceIds = items.map((item) => format.sourceId(item))
  const known = await importedChatsFor(ctx.db, userId).existing(
    sourceIds.filter((id): id is string => id !== null),
  )
  const now = ctx.now().getTime()
  for (let index = 0; index < items.length; index++) {
    const item = items[index]
    // Dropped as it is read: the parsed export shrinks while the chats are written.
    items[index] = null
    const sourceId = sourceIds[index] ?? null
    writer.done = index + 1
    if (sourceId && known.has(sourceId)) {
      report.duplicates++
      await writer.checkpoint()
      continue
    }
    const converted = format.convert(item, now)
    const title = 'chat' in converted ? converted.chat.title : untitled(item)
    if ('skip' in converted || !sourceId) {
      report.skip(title, 'skip' in converted ? converted.skip : FAILURES.notAnExport)
      await writer.checkpoint()
      continue
    }
    known.add(sourceId)
    for (const note of converted.notes) report.skip(title, note)
    report.chats++
    report.messages += converted.chat.messages.length
    await writer.add({ ...converted.chat, sourceId }, converted.chat.messages, converted.chat.leafId)
  }
  await writer.flush()
}

/** A left-out conversation's title for the report. */
function untitled(item: unknown): string {
  const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {}
  const title = record.title ?? record.name
  return typeof title === 'string' && title.trim() ? title.trim().slice(0, 200) : 'Untitled conversation'
}

/**
 * An import that will not be done: everything it wrote deleted, then marked failed (with the
 * sentence the person reads) or cancelled, unless a cancel or a sweep ended it already; audited.
 */
async function endUndone(
  ctx: Ctx,
  run: ImportRun,
  signal: AbortSignal,
  error: unknown,
  report: ReportBuilder,
): Promise<void> {
  const userId = run.actor.userId
  const data = importsFor(ctx.db, userId)
  const cancelled = signal.aborted ? signal.reason !== STOP_REASONS.shutdown : error instanceof ImportStopped
  let failure: Worded | null = null
  if (error instanceof ImportFailure) for (const note of error.notes) report.skip(note.title, note.reason)
  if (!cancelled) {
    if (error instanceof ImportFailure) failure = error.failure
    else if (signal.aborted) failure = FAILURES.interrupted
    else {
      failure = FAILURES.unexpected
      ctx.log.error('import failed', { importId: run.id, error })
    }
  }
  const message = failure?.text ?? null
  const undone = report.undone(failure)
  try {
    // Deleted first: once the import reads failed or cancelled, nothing of it is left.
    await removeImportedChats(ctx, userId, run.id)
    const status = cancelled ? 'cancelled' : 'failed'
    run.releaseRoom?.()
    const ended = await data.finish(run.id, { status, error: message, report: undone }, ctx.now())
    // Already ended by a cancel (or, elsewhere, a sweep): the cancelled one gets its report still.
    const row = ended ?? (await data.find(run.id))
    if (!ended && row?.status === 'cancelled') await data.keepReport(run.id, undone)
    await auditFor(ctx.db, run.actor).record(
      finishEntry(run.id, row?.status ?? status, row?.source ?? null, undone),
      run.ip,
    )
  } catch (cleanup) {
    // The database went away (a stop): the next start fails the import and deletes its chats.
    ctx.log.warn('an import that did not finish could not be cleaned up', {
      importId: run.id,
      error: cleanup,
    })
  }
}

function finishEntry(id: string, status: string, source: string | null, report: ImportReport) {
  return {
    action: 'import.finish',
    targetType: 'import',
    targetId: id,
    details: {
      status,
      source,
      chats: report.chats,
      messages: report.messages,
      duplicates: report.duplicates,
      skipped: report.skipped_count,
    },
  }
}
