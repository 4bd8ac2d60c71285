import pkg from '../../package.json'

/** What `manifest.json`, an archive's last member, says about it (docs/decisions/159-backups.md). */
export interface Manifest {
  format: 'parley-backup'
  formatVersion: 1
  parleyVersion: string
  createdAt: string
  database: {
    /** `pglite`: PGlite's own dump of the data folder; `postgres`: COPY data per table. */
    kind: 'pglite' | 'postgres'
    /** The last migration applied (null on a database no migration reached). */
    migration: string | null
    migrations: string[]
    /** Rows per table of the public schema when the snapshot was taken. */
    tables: Record<string, number>
  }
  /** How many stored files (local DATA_DIR/files or the S3 bucket) it holds. */
  files: number
  /** Whether it holds APP_SECRET (then it is sealed with a passphrase). */
  secret: boolean
  members: Record<string, { size: number; sha256: string }>
}

export const PARLEY_VERSION: string = pkg.version

/** The members' names: the database dump, one per stored file, the secret. */
export const MEMBER = {
  pgliteDump: 'database/pglite-data.tar',
  postgresTables: 'database/tables.json',
  postgresTable: (table: string) => `database/tables/${table}.copy`,
  filePrefix: 'files/',
  secret: 'secret/app-secret',
} as const
