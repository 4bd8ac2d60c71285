import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Database, openPglite, openPostgres } from '../../db/client'
import { openEmbeddedProcess } from '../../db/embedded/process'
import { migrate } from '../../db/migrate'
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
  await admin.exec(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const migrator = openPostgres(url.toString(), { max: 1 })
  await migrate(migrator)
  await migrator.close()
  const database = openPostgres(url.toString(), { max: 5 })
  return {
    ...database,
    /** For other connections to this database (several instances). */
    url: url.toString(),
    close: async () => {
      await database.close()
      await admin.exec(`drop database if exists ${name} with (force)`)
      await admin.close()
    },
  }
}
