import { createHash } from 'node:crypto'
import type { Database } from './client'
import { migrations } from './migrations'

/** Session-level advisory lock id, so that several instances starting at once migrate one at a time. */
export const MIGRATION_LOCK = 727_274_001

/**
 * Applies the drizzle-kit migrations that this database has not seen, each in a transaction.
 * Migrations are embedded (db/migrations/index.ts), so the compiled binary carries them.
 * Also tries to enable pgvector; without it, knowledge search falls back to full text.
 * The database must run every call on one connection (PGlite, or postgres.js with max 1), since the
 * advisory lock belongs to a connection.
 */
export async function migrate(
  database: Database,
  // Tests pass a prefix of the list to build a database as an older release left it.
  list: readonly { tag: string; sql: string }[] = migrations,
  options: {
    /**
     * Called under the lock before the first pending migration of a database that already had
     * some (not a new one): the backup before migrating (src/backups/before-migrate.ts).
     */
    beforeApply?: (pending: string[]) => Promise<void>
  } = {},
): Promise<{ applied: string[]; vector: boolean }> {
  // The lock comes first: `create … if not exists` is no guard against a concurrent create (both
  // pass the check, one fails on a duplicate catalogue key), so instances starting together on a
  // new database must not reach even the first statement at the same time.
  await database.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
  const applied: string[] = []
  let vector = false
  try {
    vector = await enableVector(database)
    await database.exec(`create table if not exists parley_migrations (
    tag text primary key, hash text not null, applied_at timestamptz not null default now())`)
    const done = new Set(
      (await database.query<{ tag: string }>('select tag from parley_migrations')).map((row) => row.tag),
    )
    const pending = list.filter((migration) => !done.has(migration.tag))
    if (pending.length && done.size && options.beforeApply)
      await options.beforeApply(pending.map((migration) => migration.tag))
    for (const migration of pending) {
      const statements = migration.sql
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim())
        .filter(Boolean)
      const hash = createHash('sha256').update(migration.sql).digest('hex')
      try {
        await database.exec(
          `begin;\n${statements.join(';\n')};\ninsert into parley_migrations (tag, hash) values ('${migration.tag}', '${hash}');\ncommit;`,
        )
      } catch (error) {
        await database.exec('rollback').catch(() => {})
        throw new MigrationError(migration.tag, applied, error)
      }
      applied.push(migration.tag)
    }
  } catch (error) {
    await database.exec('rollback').catch(() => {})
    throw error
  } finally {
    await database.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
  }
  return { applied, vector }
}

async function enableVector(database: Database): Promise<boolean> {
  try {
    await database.exec('create extension if not exists vector')
    return true
  } catch {
    return false
  }
}

/** A migration that failed; its transaction was rolled back, the ones before it (`applied`) stay. */
export class MigrationError extends Error {
  constructor(
    readonly tag: string,
    readonly applied: string[],
    cause: unknown,
  ) {
    super(
      `migration ${tag} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    )
    this.name = 'MigrationError'
  }
}
