import type { Database } from '../../db/client'
import { MigrationError, migrate } from '../../db/migrate'
import { migrations as allMigrations } from '../../db/migrations'
import type { Storage } from '../context'
import { type BackupSettings, createBackup } from './backup'

/** The migration that failed, and where the backup taken before migrating is. */
export class MigrationFailedError extends Error {
  constructor(
    readonly tag: string,
    readonly backup: string | undefined,
    cause: MigrationError,
  ) {
    const kept = cause.applied.length
      ? ` (the ones before it in this start stay applied: ${cause.applied.join(', ')})`
      : ''
    super(
      `${cause.message}${kept}. ${
        backup
          ? `The database as it was before migrating is in the backup ${backup} (bun run cli restore / parley restore).`
          : 'No backup was taken before migrating (BACKUP_BEFORE_MIGRATE=false).'
      }`,
      { cause },
    )
    this.name = 'MigrationFailedError'
  }
}

/**
 * The start-up's migrations (src/server.ts, the CLI), with a backup first when they would change a
 * database that already holds data: always on the embedded database, on Postgres unless
 * BACKUP_BEFORE_MIGRATE=false. A new database (no migration yet) is not backed up. A failing
 * migration is rolled back (db/migrate.ts) and surfaces as MigrationFailedError naming it and the
 * backup.
 */
export async function migrateWithBackup(options: {
  config: BackupSettings & { backupBeforeMigrate: boolean }
  /** The app's database (an embedded one is dumped through it). */
  database: Database
  /** One connection for the lock (Postgres); the database itself on the embedded one. */
  migrator: Database
  storage: Storage
  log?: { info(message: string, fields?: Record<string, unknown>): void }
  list?: readonly { tag: string; sql: string }[]
}): Promise<{ applied: string[]; vector: boolean; backup?: string }> {
  const { config } = options
  let backup: string | undefined
  const wanted = !config.databaseUrl || config.backupBeforeMigrate
  try {
    const result = await migrate(options.migrator, options.list ?? allMigrations, {
      beforeApply: wanted
        ? async (pending) => {
            const started = performance.now()
            const written = await createBackup({
              config,
              storage: options.storage,
              // Under the migration lock on the migrator's connection: dump through that one.
              database: config.databaseUrl ? options.migrator : options.database,
              label: `before-${pending[0]}`,
            })
            backup = written.path
            options.log?.info('backup taken before migrating', {
              path: written.path,
              bytes: written.size,
              pending,
              ms: Math.round(performance.now() - started),
            })
          }
        : undefined,
    })
    return { ...result, backup }
  } catch (error) {
    if (error instanceof MigrationError) throw new MigrationFailedError(error.tag, backup, error)
    throw error
  }
}
