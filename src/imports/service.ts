import type { Import } from '../../db/schema'
import type { RequestOrigin } from '../access/audit'
import { auditFor } from '../access/audit-data'
import { clientIp } from '../access/client-ip'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { failAbandonedImportsOf, removeImportedChats } from './cleanup'
import { importBusy, importFinished, importNotFound, importRunning } from './errors'
import { importsFor } from './imports-data'
import { runImport, STOP_REASONS } from './job'
import type { ImportJson } from './model'
import { readImportUpload, refuseDeclaredTooLarge } from './read-upload'
import { runningImports } from './running'

type Person = Actor & { email: string }

export function toImportJson(row: Import): ImportJson {
  return {
    id: row.id,
    file_name: row.fileName,
    status: row.status,
    source: row.source,
    progress: { done: row.progressDone, total: row.progressTotal },
    report: row.report,
    error: row.error,
    error_code: row.status === 'failed' ? (row.report.failure?.code ?? null) : null,
    error_values: row.status === 'failed' ? (row.report.failure?.values ?? null) : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  }
}

/**
 * `POST /api/import` (multipart `file`): checks what can be checked at once (its size by the
 * declared length before reading, one import at a time per person, room on this instance, not
 * empty, a JSON or a zip), records the import (audited `import.start`) and runs it in the
 * background on this instance. Support access cannot start one (the route's macro).
 */
export async function startImport(ctx: AppContext, person: Person, request: Request, origin: RequestOrigin) {
  const declared = refuseDeclaredTooLarge(request)
  await failAbandonedImportsOf(ctx, person.userId)
  const data = importsFor(ctx.db, person.userId)
  if (await data.running()) throw importRunning()
  const registry = runningImports(ctx)
  const room = registry.reserve(declared)
  if (!room) throw importBusy()
  try {
    const upload = await readImportUpload(request)
    const ip = clientIp(origin.request, origin.server, ctx.config.trustProxy)
    const row = await ctx.db.transaction(async (tx) => {
      const started = await importsFor(tx, person.userId).start(upload.fileName, ctx.now())
      if (!started) return undefined
      await auditFor(tx, person).record(
        {
          action: 'import.start',
          targetType: 'import',
          targetId: started.id,
          details: { fileName: upload.fileName, bytes: upload.bytes.length },
        },
        ip,
      )
      return started
    })
    if (!row) throw importRunning()
    const controller = new AbortController()
    const finished = runImport(
      ctx,
      { id: row.id, actor: person, ip, bytes: upload.bytes, releaseRoom: room.release },
      controller.signal,
    )
    registry.add(row.id, { userId: person.userId, controller, finished })
    void finished.then(room.release)
    return { id: row.id }
  } catch (error) {
    room.release()
    throw error
  }
}

/** `GET /api/import`: the person's latest imports, newest first. */
export async function listImports(ctx: AppContext, actor: Actor) {
  await failAbandonedImportsOf(ctx, actor.userId)
  return { imports: (await importsFor(ctx.db, actor.userId).list()).map(toImportJson) }
}

/** `GET /api/import/:id`: one of the person's imports (another person's id is 404). */
export async function getImport(ctx: AppContext, actor: Actor, id: string): Promise<ImportJson> {
  const data = importsFor(ctx.db, actor.userId)
  const row = await data.find(id)
  if (!row) throw importNotFound()
  // Running elsewhere (or nowhere, after a kill): a stopped one is failed now.
  if (
    row.status === 'running' &&
    !runningImports(ctx).jobs.has(id) &&
    (await failAbandonedImportsOf(ctx, actor.userId))
  )
    return toImportJson((await data.find(id))!)
  return toImportJson(row)
}

/**
 * `POST /api/import/:id/cancel`: a running import stops and everything it wrote is deleted before
 * the answer (on this instance the job itself rolls back; a job on another instance stops at its
 * next batch, after the chats written so far are deleted here). A finished import is 409.
 */
export async function cancelImport(ctx: AppContext, person: Person, id: string): Promise<ImportJson> {
  const data = importsFor(ctx.db, person.userId)
  const cancelled = await data.finish(id, { status: 'cancelled' }, ctx.now())
  if (!cancelled) throw (await data.find(id)) ? importFinished() : importNotFound()
  const job = runningImports(ctx).jobs.get(id)
  if (job) {
    job.controller.abort(STOP_REASONS.cancel)
    await job.finished
  } else await removeImportedChats(ctx, person.userId, id)
  return toImportJson((await data.find(id)) ?? cancelled)
}
