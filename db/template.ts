import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import pglitePackage from '../node_modules/@electric-sql/pglite/package.json' with { type: 'json' }
import { openPglite } from './client'
import { migrate } from './migrate'
import { migrations } from './migrations'

/**
 * The pre-initialised data folder (issue 17 item 3, docs/decisions/122-hot-path-queries.md): a
 * PGlite dump (`dumpDataDir`) taken after initdb and every migration, which a new DATA_DIR starts
 * from instead of running initdb and the migrations at its first start. Built by
 * `bun run build:db-template` (which `bun run start` and `bun run build:binary` run) into dist/;
 * the compiled binary carries it (scripts/build-binary.ts registers it here).
 *
 * Its name carries a hash of the migrations and of the PGlite version, so a dump left by another
 * version is never used: without a matching dump, a new folder runs initdb and the migrations as
 * before. A dump that lacks later migrations would still be safe (migrate() applies the rest).
 */
export const TEMPLATE_FILE = `db-template-${createHash('sha256')
  .update(pglitePackage.version)
  .update(migrations.map((migration) => `${migration.tag}\n${migration.sql}`).join('\n'))
  .digest('hex')
  .slice(0, 16)}.tar`

/** Where `build:db-template` writes it, and where a source checkout finds it. */
export const TEMPLATE_PATH = join(import.meta.dir, '..', 'dist', TEMPLATE_FILE)

let embedded: string | undefined

/** The compiled binary's entry registers the dump it carries (a path inside the executable). */
export function registerEmbeddedTemplate(path: string) {
  embedded = path
}

/** The dump a new data folder starts from, or undefined (initdb then). PARLEY_DB_TEMPLATE=off: none. */
export function findTemplate(): string | undefined {
  if (process.env.PARLEY_DB_TEMPLATE === 'off') return undefined
  if (embedded) return embedded
  return existsSync(TEMPLATE_PATH) ? TEMPLATE_PATH : undefined
}

/** initdb and every migration on an in-memory PGlite, dumped uncompressed (loads fastest). */
export async function buildTemplate(): Promise<Blob> {
  const database = await openPglite()
  try {
    await migrate(database)
    return await database.pglite!.dumpDataDir('none')
  } finally {
    await database.close()
  }
}
