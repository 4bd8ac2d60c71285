import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { type Database, openPglite, openPostgres } from '../../db/client'
import { defaultSocketPath } from '../../db/embedded/process'
import { openDatabase } from '../../db/open-database'
import type { Storage } from '../context'
import { type WriteArchiveOptions, writeArchive } from './archive'
import { type BackupDestination, BUCKET_PREFIX } from './destination'
import { requestDump, socketAnswers } from './embedded-dump'
import { BackupError } from './errors'
import { isAlive, withBackupLock } from './lock'
import { type Manifest, MEMBER, PARLEY_VERSION } from './manifest'
import { dumpPostgres } from './postgres-dump'
import { assertPassphrase } from './seal'

/** The settings a backup or a restore reads (a subset of src/config's Config). */
export interface BackupSettings {
  dataDir: string
  databaseUrl?: string
  embeddedDatabase: 'inline' | 'process'
  appSecret?: string
}

export interface BackupOptions extends Pick<WriteArchiveOptions, 'openFile'> {
  config: BackupSettings
  storage: Storage
  /**
   * The database, when the caller holds it open and nothing else writes meanwhile (the server
   * before migrating). Without it, a Postgres backup opens its own connection and an embedded one
   * asks the running database process for a dump, or opens the folder when no server runs.
   */
  database?: Database
  /** The archive's path; default `DATA_DIR/backups/parley-<time>[-<label>].tar.gz`, or `destination`. */
  out?: string
  /**
   * Where an archive without `out` is kept. A bucket gets it once it is complete: it is written in
   * DATA_DIR/backups first, as any archive (a full disk fails as clearly), then uploaded, and the
   * local file is removed (docs/decisions/168-admin-backups.md, addendum).
   */
  destination?: BackupDestination
  label?: string
  includeSecret?: boolean
  /** Seals the archive (required with includeSecret). */
  passphrase?: string
}

export const backupsFolder = (dataDir: string) => join(dataDir, 'backups')

export function defaultBackupPath(
  dataDir: string,
  options: { label?: string; sealed?: boolean } = {},
): string {
  const time = new Date().toISOString().replaceAll(':', '-').replace('.', '-')
  const label = options.label ? `-${options.label.replace(/[^\w.-]/g, '_')}` : ''
  return join(backupsFolder(dataDir), `parley-${time}${label}.tar.gz${options.sealed ? '.sealed' : ''}`)
}

/**
 * Writes one archive: the database snapshot, every stored file, the secret when asked for, and the
 * manifest (docs/decisions/159-backups.md). Backups on one DATA_DIR run one at a time.
 */
export async function createBackup(
  options: BackupOptions,
): Promise<{ path: string; size: number; manifest: Manifest }> {
  const { config } = options
  let secret: string | undefined
  if (options.includeSecret) {
    assertPassphrase(options.passphrase)
    secret = config.appSecret ?? readSecretFile(config.dataDir)
    if (!secret)
      throw new BackupError(
        'failed',
        'there is no APP_SECRET to include (neither set nor in DATA_DIR/app-secret)',
      )
  } else if (options.passphrase !== undefined) assertPassphrase(options.passphrase)
  const folder = backupsFolder(config.dataDir)
  const upload = options.out ? undefined : options.destination?.upload
  return withBackupLock(folder, async () => {
    const named = defaultBackupPath(config.dataDir, { label: options.label, sealed: !!options.passphrase })
    // Bound for the bucket: a hidden name carrying the pid, so that a backup killed while it
    // uploads leaves nothing the folder lists, and the next backup removes it.
    const path =
      options.out ?? (upload ? join(folder, `.${basename(named)}.upload-${process.pid}`) : uniquePath(named))
    await removeLeftovers(folder)
    const spool = await mkdtemp(join(folder, `.spool-${process.pid}-`))
    let written: Awaited<ReturnType<typeof writeArchive>>
    try {
      written = await writeArchive(
        path,
        { passphrase: options.passphrase, openFile: options.openFile },
        async (archive) => {
          // The database first: a file it names was stored before the snapshot, so it is in the store.
          let database: Manifest['database']
          if (config.databaseUrl) {
            const own = options.database?.sql ? undefined : openPostgres(config.databaseUrl, { max: 1 })
            try {
              const { plan, migrations, spooled } = await dumpPostgres(
                (options.database?.sql ?? own?.sql)!,
                spool,
              )
              await archive.add(MEMBER.postgresTables, new TextEncoder().encode(JSON.stringify(plan)))
              for (const table of plan.tables)
                await archive.add(MEMBER.postgresTable(table.name), Bun.file(spooled.get(table.name)!))
              database = {
                kind: 'postgres',
                migration: migrations.at(-1) ?? null,
                migrations,
                tables: Object.fromEntries(plan.tables.map((table) => [table.name, table.rows])),
              }
            } finally {
              await own?.close()
            }
          } else {
            const snapshot = await embeddedSnapshot(config, spool, options.database)
            await archive.add(MEMBER.pgliteDump, snapshot.dump)
            database = { kind: 'pglite', ...snapshot.facts }
          }
          let files = 0
          for (const key of await options.storage.list('')) {
            // Earlier backups in the bucket: each archive would otherwise hold all the ones before it.
            if (key.startsWith(BUCKET_PREFIX)) continue
            const body = await options.storage.get(key)
            // Deleted since the listing (a chat removed meanwhile): nothing to keep.
            if (!body) continue
            await archive.add(`${MEMBER.filePrefix}${key}`, body)
            files++
          }
          if (secret) await archive.add(MEMBER.secret, new TextEncoder().encode(secret))
          return {
            format: 'parley-backup',
            formatVersion: 1,
            parleyVersion: PARLEY_VERSION,
            createdAt: new Date().toISOString(),
            database,
            files,
            secret: !!secret,
          }
        },
      )
    } finally {
      await rm(spool, { recursive: true, force: true })
    }
    if (!upload) return written
    try {
      return { ...written, path: await upload(path, basename(named)) }
    } finally {
      // Uploaded, or the upload failed (the run fails with its reason): nothing is kept here.
      await rm(path, { force: true })
    }
  })
}

type Facts = Pick<Manifest['database'], 'migration' | 'migrations' | 'tables'>

/**
 * PGlite's dump of the embedded database, and its migration level and row counts. A server's
 * database process is asked over its socket (the counts then come from the dump, loaded in memory,
 * which also proves it opens); with no server, the CLI opens the folder itself, as its other
 * commands do (its database process then owns the socket, so a server started meanwhile waits).
 */
async function embeddedSnapshot(
  config: BackupSettings,
  /** Where the database process writes its dump. */
  spool: string,
  database?: Database,
): Promise<{ dump: Blob; facts: Facts }> {
  const pgDir = join(config.dataDir, 'pg')
  if (database?.pglite) {
    const facts = await readFacts(database)
    return { dump: await database.pglite.dumpDataDir('none'), facts }
  }
  if (database) {
    const facts = await readFacts(database)
    return { dump: await requestDump(defaultSocketPath(pgDir), join(spool, 'pglite-data.tar')), facts }
  }
  const socket = defaultSocketPath(pgDir)
  if (await socketAnswers(socket)) {
    const dump = await requestDump(socket, join(spool, 'pglite-data.tar'))
    const copy = await openPglite(undefined, dump)
    try {
      return { dump, facts: await readFacts(copy) }
    } finally {
      await copy.close()
    }
  }
  if (!existsSync(join(pgDir, 'PG_VERSION')))
    throw new BackupError('failed', `there is no database to back up in ${pgDir}`)
  const own = await openDatabase({ dataDir: config.dataDir, embeddedDatabase: config.embeddedDatabase })
  try {
    return await embeddedSnapshot(config, spool, own)
  } finally {
    await own.close()
  }
}

/** The migrations applied and the rows of each table of the public schema. */
export async function readFacts(database: Database): Promise<Facts> {
  const tables = await database.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace
     and relkind in ('r', 'p') and not relispartition order by relname`,
  )
  const counts: Record<string, number> = {}
  for (const { name } of tables) {
    const [row] = await database.query<{ n: number }>(
      `select count(*)::int as n from "${name.replaceAll('"', '""')}"`,
    )
    counts[name] = Number(row?.n ?? 0)
  }
  const migrations = tables.some((table) => table.name === 'parley_migrations')
    ? (await database.query<{ tag: string }>('select tag from parley_migrations order by tag')).map(
        (row) => row.tag,
      )
    : []
  delete counts.parley_migrations
  return { migration: migrations.at(-1) ?? null, migrations, tables: counts }
}

/** The partial archive, archive bound for the bucket and spool folder of a backup that was killed (their pid is gone). */
async function removeLeftovers(folder: string) {
  for (const name of await readdir(folder)) {
    const pid = Number(
      /^\..*\.(?:partial|upload)-(\d+)$/.exec(name)?.[1] ?? /^\.spool-(\d+)-/.exec(name)?.[1],
    )
    if (pid && pid !== process.pid && !isAlive(pid))
      await rm(join(folder, name), { recursive: true, force: true })
  }
}

function readSecretFile(dataDir: string): string | undefined {
  const file = join(dataDir, 'app-secret')
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined
}

function uniquePath(path: string): string {
  if (!existsSync(path)) return path
  for (let i = 2; ; i++) {
    const candidate = path.replace(/(\.tar\.gz(\.sealed)?)$/, `-${i}$1`)
    if (!existsSync(candidate)) return candidate
  }
}
