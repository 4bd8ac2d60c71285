import type { AppContext } from '../context'
import { FAILURES } from './errors'
import { importedChatsFor, undoneImportsWithChats } from './imported-chats-data'
import { failAbandonedImports } from './imports-data'
import { IMPORT_STALE_MS } from './limits'
import { runningImports } from './running'

type Ctx = Pick<AppContext, 'db' | 'database' | 'log' | 'now'>

/** Chats deleted per statement (their messages go with them: at most 5,000 each). */
const DELETE_CHATS = 25

/** Deletes every chat an import wrote, a few at a time (short statements, as the writes). */
export async function removeImportedChats(ctx: Pick<AppContext, 'db'>, userId: string, importId: string) {
  const rows = importedChatsFor(ctx.db, userId)
  for (;;) {
    if ((await rows.deleteSome(importId, DELETE_CHATS)) === 0) return
    // Others' requests between the statements (the embedded database in process resolves at once).
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/**
 * Imports no one runs any more, failed ("The server stopped during the import; nothing was
 * imported.") and their chats deleted: those of a process that was killed. On the embedded
 * database, which belongs to this process, every running import this instance does not run; on a
 * shared Postgres only those whose heartbeat stopped (another instance may run the others).
 */
async function failAbandoned(ctx: Ctx, userId?: string): Promise<number> {
  const now = ctx.now()
  const failed = await failAbandonedImports(
    ctx.db,
    {
      userId,
      except: [...runningImports(ctx).jobs.keys()],
      before: ctx.database.kind === 'pglite' ? null : new Date(now.getTime() - IMPORT_STALE_MS),
    },
    FAILURES.interrupted,
    now,
  )
  for (const row of failed) await removeImportedChats(ctx, row.userId, row.id)
  return failed.length
}

/**
 * At start-up (src/server.ts): imports a killed process left running are failed and what they
 * wrote is deleted, as are the chats of failed or cancelled imports whose cleanup a stop cut short.
 * Returns how many imports were failed.
 */
export async function failInterruptedImports(ctx: Ctx): Promise<number> {
  const failed = await failAbandoned(ctx)
  for (const row of await undoneImportsWithChats(ctx.db)) await removeImportedChats(ctx, row.userId, row.id)
  return failed
}

/** The same for one person, before their imports are listed or a new one starts. */
export function failAbandonedImportsOf(ctx: Ctx, userId: string): Promise<number> {
  return failAbandoned(ctx, userId)
}
