import { afterAll, describe, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Database, openPglite, openPostgres } from '../../db/client'
import { migrate } from '../../db/migrate'
import { migrations } from '../../db/migrations'
import { loadConfig } from '../config'
import { createLogger } from '../log/logger'
import { startServer } from '../server'
import { createLocalStorage } from '../storage/local'
import { verifyArchive } from './archive'
import { backupsFolder } from './backup'
import { MigrationFailedError, migrateWithBackup } from './before-migrate'

/**
 * The backup before migrations change a database that holds data, and a failing migration rolled
 * back and named. PGlite in memory by default; with TEST_DATABASE_URL, empty databases made on that
 * server (so that a prefix of the migrations can be applied, as in db/constraints.test.ts).
 */
const serverUrl = process.env.TEST_DATABASE_URL
const dirs: string[] = []
const made: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  if (serverUrl && made.length) {
    const admin = openPostgres(serverUrl, { max: 1 })
    for (const name of made) await admin.exec(`drop database if exists ${name} with (force)`)
    await admin.close()
  }
})

/** A new, empty database on one connection (migrate() holds a session lock), and its URL on Postgres. */
async function emptyDatabase(): Promise<{ database: Database; url?: string }> {
  if (!serverUrl) return { database: await openPglite() }
  const name = `parley_premigrate_${crypto.randomUUID().replaceAll('-', '')}`
  const admin = openPostgres(serverUrl, { max: 1 })
  await admin.exec(`create database ${name}`)
  await admin.close()
  made.push(name)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { database: openPostgres(url.toString(), { max: 1 }), url: url.toString() }
}

async function setting(url: string | undefined, backupBeforeMigrate = true) {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-premigrate-'))
  dirs.push(dataDir)
  return {
    config: { dataDir, databaseUrl: url, embeddedDatabase: 'inline' as const, backupBeforeMigrate },
    storage: createLocalStorage(join(dataDir, 'files')),
  }
}

const backups = (dataDir: string) => {
  try {
    return readdirSync(backupsFolder(dataDir)).filter((name) => !name.startsWith('.'))
  } catch {
    return []
  }
}

describe('the backup before migrating', () => {
  test('a database at an older migration level is backed up, at that level, before the rest apply', async () => {
    const { database, url } = await emptyDatabase()
    try {
      const level = migrations.length - 3
      await migrate(database, migrations.slice(0, level))
      await database.exec(
        `insert into users (email, password_hash, full_name) values ('kept@example.com', 'x', 'Kept')`,
      )
      const { config, storage } = await setting(url)
      const result = await migrateWithBackup({ config, database, migrator: database, storage })
      expect(result.applied).toEqual(migrations.slice(level).map((m) => m.tag))
      expect(result.backup).toContain(`before-${migrations[level]!.tag}`)
      expect(backups(config.dataDir)).toHaveLength(1)
      const { manifest } = await verifyArchive(result.backup!)
      expect(manifest.database.migration).toBe(migrations[level - 1]!.tag)
      expect(manifest.database.migrations).toHaveLength(level)
      expect(manifest.database.tables.users).toBe(1)

      // Nothing pending: no backup.
      const again = await migrateWithBackup({ config, database, migrator: database, storage })
      expect(again).toMatchObject({ applied: [], backup: undefined })
      expect(backups(config.dataDir)).toHaveLength(1)
    } finally {
      await database.close()
    }
  }, 60_000)

  test('a new database is migrated without a backup', async () => {
    const { database, url } = await emptyDatabase()
    try {
      const { config, storage } = await setting(url)
      const result = await migrateWithBackup({ config, database, migrator: database, storage })
      expect(result.applied).toHaveLength(migrations.length)
      expect(result.backup).toBeUndefined()
      expect(backups(config.dataDir)).toEqual([])
    } finally {
      await database.close()
    }
  }, 60_000)

  test('a failing migration is rolled back, and the error names it and the backup', async () => {
    const { database, url } = await emptyDatabase()
    try {
      await migrate(database, migrations.slice(0, migrations.length - 1))
      const broken = {
        tag: '9999_broken',
        sql: 'create table broken_probe (id int);--> statement-breakpoint\nalter table users add column probe int;--> statement-breakpoint\nselect 1 / 0',
      }
      const { config, storage } = await setting(url)
      const failure = await migrateWithBackup({
        config,
        database,
        migrator: database,
        storage,
        list: [...migrations, broken],
      }).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(MigrationFailedError)
      const error = failure as MigrationFailedError
      expect(error.tag).toBe('9999_broken')
      expect(error.message).toContain('migration 9999_broken failed and was rolled back')
      expect(error.message).toContain('division by zero')
      expect(error.message).toContain(error.backup!)
      expect(error.message).toContain(migrations.at(-1)!.tag) // applied before it, and kept
      expect(backups(config.dataDir)).toHaveLength(1)
      // The broken migration left nothing behind; the one before it stays applied.
      const [state] = await database.query<{ probe: string | null; column: boolean }>(
        `select to_regclass('public.broken_probe')::text as probe,
         exists (select 1 from information_schema.columns where table_name = 'users' and column_name = 'probe') as column`,
      )
      expect(state).toEqual({ probe: null, column: false })
      const tags = (await database.query<{ tag: string }>('select tag from parley_migrations')).map(
        (row) => row.tag,
      )
      expect(tags).toContain(migrations.at(-1)!.tag)
      expect(tags).not.toContain('9999_broken')
      // The database still answers: the failed transaction is not left open.
      expect(await database.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }])
    } finally {
      await database.close()
    }
  }, 60_000)

  if (serverUrl)
    test('on Postgres, BACKUP_BEFORE_MIGRATE=false skips the backup, and a failure says so', async () => {
      const { database, url } = await emptyDatabase()
      try {
        await migrate(database, migrations.slice(0, migrations.length - 1))
        const { config, storage } = await setting(url, false)
        const failure = (await migrateWithBackup({
          config,
          database,
          migrator: database,
          storage,
          list: [...migrations, { tag: '9999_broken', sql: 'select 1 / 0' }],
        }).catch((error: unknown) => error)) as MigrationFailedError
        expect(failure).toBeInstanceOf(MigrationFailedError)
        expect(failure.backup).toBeUndefined()
        expect(failure.message).toContain(
          'No backup was taken before migrating (BACKUP_BEFORE_MIGRATE=false)',
        )
        expect(backups(config.dataDir)).toEqual([])
      } finally {
        await database.close()
      }
    }, 60_000)

  if (!serverUrl)
    test("the server's start backs an older embedded data folder up, through its database process, before migrating it", async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'parley-premigrate-server-'))
      dirs.push(dataDir)
      const old = await openPglite(join(dataDir, 'pg'))
      await migrate(old, migrations.slice(0, migrations.length - 2))
      await old.exec(`insert into users (email, password_hash) values ('kept@example.com', 'x')`)
      await old.close()
      const config = {
        ...loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
        appSecret: 'server-start-test-secret-0000000000000000',
      }
      const server = await startServer(config, { log: createLogger('silent') })
      try {
        const [file] = backups(dataDir)
        expect(file).toContain(`before-${migrations.at(-2)!.tag}`)
        const { manifest } = await verifyArchive(join(backupsFolder(dataDir), file!))
        expect(manifest.database.migration).toBe(migrations.at(-3)!.tag)
        expect(manifest.database.tables.users).toBe(1)
        const [row] = await server.ctx.database.query<{ n: number }>(
          'select count(*)::int as n from parley_migrations',
        )
        expect(row?.n).toBe(migrations.length)
      } finally {
        await server.stop()
      }
    }, 90_000)
})
