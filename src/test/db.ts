import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Database, openPglite, openPostgres } from '../../db/client'
import { openEmbeddedProcess } from '../../db/embedded/process'
import { migrate } from '../../db/migrate'
import { migrations } from '../../db/migrations'
import { findTemplate } from '../../db/template'

/**
 * A fresh, migrated database for one test file. PGlite in memory by default; with
 * TEST_DATABASE_URL set, a throwaway database on that Postgres server (dropped on close).
 *
 * Starting PGlite and running migrations takes seconds, so the first call builds a migrated
 * template and dumps it; each later call loads the dump (≈0.5 s).
 */
let template: Promise<Blob> | undefined

export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) return createServerDatabase(serverUrl)
  template ??= (async () => {
    // The build's template (bun run build:db-template) when it is there: the same migrated dump.
    const built = findTemplate()
    if (built) return Bun.file(built)
    const database = await openPglite()
    await migrate(database)
    const dump = await database.pglite!.dumpDataDir('none')
    await database.close()
    return dump
  })()
  if (process.env.TEST_EMBEDDED_DATABASE === 'process') return createProcessDatabase(await template)
  return openPglite(undefined, await template)
}

/**
 * TEST_EMBEDDED_DATABASE=process: the same suites over the embedded database's child process
 * (db/embedded/process.ts), in a temp folder started from the migrated template.
 */
async function createProcessDatabase(template: Blob): Promise<Database> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-embedded-'))
  const templatePath = join(dir, 'template.tar')
  await Bun.write(templatePath, template)
  const database = await openEmbeddedProcess({ dataDir: join(dir, 'pg'), templatePath })
  return {
    ...database,
    close: async () => {
      await database.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

async function createServerDatabase(serverUrl: string): Promise<Database & { url: string }> {
  const name = `parley_test_${crypto.randomUUID().replaceAll('-', '')}`
  const admin = openPostgres(serverUrl, { max: 1 })
  serverTemplate ??= migratedTemplate(admin, serverUrl)
  // A copy of the migrated template: a file copy on the server instead of every migration again.
  await admin.exec(`create database ${name} template ${await serverTemplate}`)
  const url = databaseUrl(serverUrl, name)
  const database = openPostgres(url, { max: 5 })
  return {
    ...database,
    /** For other connections to this database (several instances). */
    url,
    close: async () => {
      await database.close()
      await admin.exec(`drop database if exists ${name} with (force)`)
      await admin.close()
    },
  }
}

/** Held while a test process makes the server's template, so that another waits for it. */
const TEMPLATE_LOCK = 727_274_002
let serverTemplate: Promise<string> | undefined

/**
 * The server's migrated template database, made by the first test process that needs it and kept
 * for later runs: its name carries the migrations' hash, so a changed migration makes a new one.
 * Made under another name and renamed when complete, so a half-made template is never copied.
 */
async function migratedTemplate(admin: Database, serverUrl: string): Promise<string> {
  const hash = createHash('sha256')
    .update(migrations.map((migration) => `${migration.tag}\n${migration.sql}`).join('\n'))
    .digest('hex')
    .slice(0, 16)
  const name = `parley_template_${hash}`
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK])
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (found.length === 0) {
      const making = `${name}_making`
      // Left by a process that stopped half-way (the lock says nobody else is making it now).
      await admin.exec(`drop database if exists ${making} with (force)`)
      await admin.exec(`create database ${making}`)
      const migrator = openPostgres(databaseUrl(serverUrl, making), { max: 1 })
      await migrate(migrator)
      await migrator.close()
      await admin.exec(`alter database ${making} rename to ${name}`)
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK])
  }
  return name
}

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
