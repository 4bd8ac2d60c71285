import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openPglite, openPostgres } from '../../db/client'
import { migrate } from '../../db/migrate'
import { migrations as knownMigrations } from '../../db/migrations'
import { extractTemplate, isNewDataDir } from '../../db/template-extract'
import type { Storage } from '../context'
import { readMembers, verifyArchive } from './archive'
import type { BackupSettings } from './backup'
import { BUCKET_PREFIX } from './destination'
import { BackupError } from './errors'
import { type Manifest, MEMBER } from './manifest'
import { copyIntoTable, type PostgresPlan, quoteIdent } from './postgres-dump'

export interface RestoreOptions {
  config: BackupSettings
  storage: Storage
  file: string
  passphrase?: string
  /** Notes for the person restoring (the secret to use). */
  note?: (line: string) => void
}

/**
 * Restores an archive into an empty target: DATA_DIR/pg (embedded) or the database DATABASE_URL
 * names, and an empty file store. The whole archive is read and checked against its manifest
 * first; nothing is written unless every member passes and the target is empty. Every session
 * of the original is ended: everyone signs in again (docs/decisions/159-backups.md).
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const { config, storage } = options
  const { manifest, secret } = await verifyArchive(options.file, options.passphrase)
  const kind = config.databaseUrl ? 'postgres' : 'pglite'
  if (manifest.database.kind !== kind)
    throw new BackupError(
      'wrong-kind',
      manifest.database.kind === 'pglite'
        ? 'this archive holds an embedded database: restore it without DATABASE_URL, into an empty DATA_DIR'
        : 'this archive holds a Postgres database: restore it with DATABASE_URL naming an empty database',
    )
  const known = knownMigrations.map((migration) => migration.tag)
  const unknown = manifest.database.migrations.filter((tag) => !known.includes(tag))
  if (unknown.length)
    throw new BackupError(
      'newer-version',
      `this archive was made by a newer Parley (${manifest.parleyVersion}; migration ${unknown[0]} is unknown here): restore it with that version or a later one`,
    )

  // Archives kept in the same bucket are not stored files: a new instance on that bucket restores.
  const stored = (await storage.list('')).filter((key) => !key.startsWith(BUCKET_PREFIX))
  if (stored.length)
    throw new BackupError(
      'not-empty',
      `the file store already holds ${stored.length} file(s): restore into an empty one`,
    )
  const secretFile = join(config.dataDir, 'app-secret')
  const pgDir = join(config.dataDir, 'pg')
  if (kind === 'pglite' && !isNewDataDir(pgDir))
    throw new BackupError('not-empty', `${pgDir} already holds a database: restore into an empty DATA_DIR`)
  if (secret !== undefined && existsSync(secretFile) && readFileSync(secretFile, 'utf8').trim() !== secret)
    throw new BackupError(
      'not-empty',
      `${secretFile} holds another secret: remove it to restore the archive's`,
    )
  mkdirSync(config.dataDir, { recursive: true })

  if (kind === 'postgres') await restorePostgres(config.databaseUrl!, manifest, options)
  else {
    for await (const member of readMembers(options.file, options.passphrase)) {
      if (member.name === MEMBER.pgliteDump) await extractTemplate(await gather(member.body), pgDir)
      else await restoreOther(member, options, secretFile)
    }
    // The dump was taken from a live database; opening it once replays its log, and ends the sessions.
    const database = await openPglite(pgDir)
    try {
      await database.exec('delete from sessions')
    } finally {
      await database.close()
    }
  }
  if (!manifest.secret)
    options.note?.(
      'This archive holds no APP_SECRET: start the restored instance with the original one (APP_SECRET, or its DATA_DIR/app-secret file), or the stored provider keys and sign-in secrets cannot be read.',
    )
  else if (config.appSecret && config.appSecret !== readFileSync(secretFile, 'utf8').trim())
    options.note?.(
      "APP_SECRET is set and differs from the archive's secret (written to DATA_DIR/app-secret): unset it to use the restored one.",
    )
  return manifest
}

async function restorePostgres(url: string, manifest: Manifest, options: RestoreOptions) {
  const target = openPostgres(url, { max: 1 })
  try {
    const [state] = await target.query<{ users: boolean; migrations: boolean }>(
      `select to_regclass('public.users') is not null as users, to_regclass('public.parley_migrations') is not null as migrations`,
    )
    if (state?.users && (await target.query('select 1 from users limit 1')).length)
      throw new BackupError(
        'not-empty',
        'the database DATABASE_URL names already holds accounts: restore into an empty database',
      )
    const done = state?.migrations
      ? (await target.query<{ tag: string }>('select tag from parley_migrations')).map((row) => row.tag)
      : []
    const ahead = done.filter((tag) => !manifest.database.migrations.includes(tag))
    if (ahead.length)
      throw new BackupError(
        'not-empty',
        `the target database was migrated past the archive (${ahead[0]}): restore into a new, empty database`,
      )
    // The schema as the original had it; the server's next start applies the newer migrations.
    const level = manifest.database.migration
    await migrate(
      target,
      level ? knownMigrations.slice(0, knownMigrations.findIndex((m) => m.tag === level) + 1) : [],
    )
    const secretFile = join(options.config.dataDir, 'app-secret')
    await target.sql!.begin(async (tx) => {
      const tables = await tx.unsafe<{ name: string }[]>(
        `select relname as name from pg_class where relnamespace = 'public'::regnamespace
         and relkind in ('r', 'p') and not relispartition and relname <> 'parley_migrations'`,
      )
      // Foreign keys are set aside while the rows load and added back (checked) after: chats and
      // messages name each other (a chat's current leaf), so no table order satisfies them all.
      const foreignKeys = await tx.unsafe<{ table: string; name: string; definition: string }[]>(
        `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
         from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
      )
      for (const key of foreignKeys)
        await tx.unsafe(`alter table ${key.table} drop constraint ${quoteIdent(key.name)}`)
      // Rows a migration seeded give way to the original's. Only tables that hold some: the audit
      // log refuses a truncate (append-only), and is empty on a new database.
      const seeded: string[] = []
      for (const { name } of tables) {
        const [row] = await tx.unsafe<{ any: boolean }[]>(
          `select exists (select 1 from ${quoteIdent(name)}) as any`,
        )
        if (row?.any) seeded.push(quoteIdent(name))
      }
      if (seeded.length) await tx.unsafe(`truncate ${seeded.join(', ')}`)
      let plan: PostgresPlan | undefined
      for await (const member of readMembers(options.file, options.passphrase)) {
        if (member.name === MEMBER.postgresTables)
          plan = JSON.parse(new TextDecoder().decode(await (await gather(member.body)).arrayBuffer()))
        else if (member.name.startsWith('database/tables/')) {
          const name = member.name.slice('database/tables/'.length, -'.copy'.length)
          const table = plan?.tables.find((t) => t.name === name)
          if (!table) throw new BackupError('corrupted', `the archive's table list lacks ${name}`)
          await copyIntoTable(tx, table, member.body)
        } else await restoreOther(member, options, secretFile)
      }
      for (const sequence of plan?.sequences ?? [])
        if (sequence.value !== null)
          await tx.unsafe('select setval($1::regclass, $2::bigint, true)', [
            quoteIdent(sequence.name),
            sequence.value,
          ])
      for (const key of foreignKeys)
        await tx.unsafe(`alter table ${key.table} add constraint ${quoteIdent(key.name)} ${key.definition}`)
      await tx.unsafe('delete from sessions')
    })
  } finally {
    await target.close()
  }
}

/** A stored file or the secret (the manifest is already read). */
async function restoreOther(
  member: { name: string; body: AsyncIterable<Uint8Array> },
  options: RestoreOptions,
  secretFile: string,
) {
  if (member.name.startsWith(MEMBER.filePrefix)) {
    const key = member.name.slice(MEMBER.filePrefix.length)
    await options.storage.put(key, await gather(member.body), 'application/octet-stream')
  } else if (member.name === MEMBER.secret) {
    writeFileSync(secretFile, await (await gather(member.body)).text(), { mode: 0o600 })
  } else for await (const _ of member.body);
}

async function gather(body: AsyncIterable<Uint8Array>): Promise<Blob> {
  const parts: Uint8Array[] = []
  for await (const chunk of body) parts.push(chunk)
  return new Blob(parts as BlobPart[])
}
