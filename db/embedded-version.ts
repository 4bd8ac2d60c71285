import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The PostgreSQL major version inside the embedded database (PGlite), as a new data folder's
 * PG_VERSION file names it. `db/embedded-version.test.ts` checks it against a folder made by the
 * PGlite installed: an upgrade of PGlite that changes it fails there first (decision 172).
 */
export const EMBEDDED_POSTGRES_MAJOR = '18'

/** A data folder written by another PostgreSQL major version than the embedded one. */
export class EmbeddedVersionError extends Error {
  constructor(
    readonly dataDir: string,
    readonly found: string,
  ) {
    super(
      `${dataDir} holds a database written by PostgreSQL ${found}; the embedded database of this Parley is PostgreSQL ${EMBEDDED_POSTGRES_MAJOR} and cannot open it. Nothing was changed. Start the Parley version that wrote it on this DATA_DIR, or this version on a new DATA_DIR (docs/decisions/172-embedded-major-version.md).`,
    )
    this.name = 'EmbeddedVersionError'
  }
}

/**
 * Refuses, before anything opens or writes it, a data folder of another major version: PGlite
 * would stop on it with Postgres's own "database files are incompatible with server" deep inside
 * its start, and a later version's converter must find the folder as it was.
 */
export function refuseOtherMajorVersion(dataDir: string) {
  const file = join(dataDir, 'PG_VERSION')
  if (!existsSync(file)) return
  const text = readFileSync(file, 'utf8').trim()
  if (text === EMBEDDED_POSTGRES_MAJOR) return
  // An empty or damaged file is named as it reads (quoted, shortened), not as a version.
  throw new EmbeddedVersionError(
    dataDir,
    /^\d{1,3}$/.test(text)
      ? text
      : `of an unknown version (PG_VERSION reads ${JSON.stringify(text.slice(0, 40))})`,
  )
}
