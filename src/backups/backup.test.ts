import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { type Database, openPglite, openPostgres } from '../../db/client'
import { createLocalStorage } from '../storage/local'
import { createS3Storage } from '../storage/s3'
import { type FakeS3, startFakeS3 } from '../test/fakes/s3-server'
import { startApp, type TestApp } from '../test/harness'
import { readArchive, verifyArchive } from './archive'
import { type BackupSettings, backupsFolder, createBackup } from './backup'
import { BUCKET_PREFIX, backupDestination } from './destination'
import { BackupError } from './errors'
import { MEMBER } from './manifest'
import { restoreBackup } from './restore'
import { seedWorkspace, storedFiles, tableRows } from './test-fixtures'

/**
 * Backup and restore on the test database: PGlite (its own dump) by default, Postgres (COPY per
 * table) with TEST_DATABASE_URL. The round trip compares every row and every stored file.
 */
const serverUrl = process.env.TEST_DATABASE_URL
let t: TestApp
let sourceRows: Record<string, string[]>
let sourceFiles: Record<string, string>
let archive: string
const dirs: string[] = []
const databases: string[] = []

beforeAll(async () => {
  t = await startApp()
  await seedWorkspace(t)
  sourceRows = await tableRows(t.database)
  sourceFiles = await storedFiles(t.ctx.storage)
}, 60_000)
afterAll(async () => {
  await t.close()
  if (serverUrl && databases.length) {
    const admin = openPostgres(serverUrl, { max: 1 })
    for (const name of databases) await admin.exec(`drop database if exists ${name} with (force)`)
    await admin.close()
  }
  for (const dir of [...dirs, t.ctx.config.dataDir]) await rm(dir, { recursive: true, force: true })
})

const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'parley-backup-'))
  dirs.push(dir)
  return dir
}

const source = (): BackupSettings => ({
  dataDir: t.ctx.config.dataDir,
  databaseUrl: (t.database as { url?: string }).url,
  embeddedDatabase: 'inline',
  appSecret: t.ctx.config.appSecret,
})

/** A new, empty target: a data folder, and on Postgres a database created empty. */
async function emptyTarget(): Promise<{ config: BackupSettings; open: () => Promise<Database> }> {
  const dataDir = await tempDir()
  if (!serverUrl)
    return { config: { dataDir, embeddedDatabase: 'inline' }, open: () => openPglite(join(dataDir, 'pg')) }
  const name = `parley_restore_${crypto.randomUUID().replaceAll('-', '')}`
  const admin = openPostgres(serverUrl, { max: 1 })
  await admin.exec(`create database ${name}`)
  await admin.close()
  databases.push(name)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    config: { dataDir, databaseUrl: url.toString(), embeddedDatabase: 'inline' },
    open: async () => openPostgres(url.toString()),
  }
}

async function backup(options: Partial<Parameters<typeof createBackup>[0]> = {}) {
  return createBackup({
    config: source(),
    storage: t.ctx.storage,
    database: serverUrl ? undefined : t.database,
    ...options,
  })
}

async function refusal(promise: Promise<unknown>): Promise<BackupError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof BackupError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

describe('backup', () => {
  test('writes one archive under DATA_DIR/backups with the database, every file and a manifest', async () => {
    const written = await backup()
    archive = written.path
    expect(archive.startsWith(backupsFolder(t.ctx.config.dataDir))).toBe(true)
    expect(archive).toMatch(/parley-\d{4}-\d\d-\d\dT[\d-]+Z\.tar\.gz$/)
    const { manifest } = await verifyArchive(archive)
    expect(manifest).toMatchObject({
      format: 'parley-backup',
      parleyVersion: expect.any(String),
      database: { kind: serverUrl ? 'postgres' : 'pglite', migration: expect.stringMatching(/^\d{4}_/) },
      files: Object.keys(sourceFiles).length,
      secret: false,
    })
    expect(manifest.database.tables.chats).toBe(3)
    expect(manifest.database.tables.messages).toBe(6)
    expect(manifest.database.tables.users).toBe(2)
    expect(manifest.database.tables.sessions).toBe(2)
    for (const key of Object.keys(sourceFiles))
      expect(manifest.members[`files/${key}`]?.sha256).toBe(sourceFiles[key])
    expect(manifest.members[MEMBER.secret]).toBeUndefined()
    // No partial file, spool folder or lock is left beside it.
    expect(readdirSync(backupsFolder(t.ctx.config.dataDir)).filter((name) => name.startsWith('.'))).toEqual(
      [],
    )
  })

  test('a restore into an empty target holds every row and every file of the original, and no session', async () => {
    const target = await emptyTarget()
    const storage = createLocalStorage(join(target.config.dataDir, 'files'))
    const notes: string[] = []
    const manifest = await restoreBackup({
      config: target.config,
      storage,
      file: archive,
      note: (line) => notes.push(line),
    })
    expect(manifest.database.tables.chats).toBe(3)
    expect(notes.join('\n')).toContain('holds no APP_SECRET')
    const restored = await target.open()
    try {
      const rows = await tableRows(restored)
      expect(Object.keys(rows)).toEqual(Object.keys(sourceRows))
      for (const table of Object.keys(sourceRows))
        expect({ table, rows: rows[table] }).toEqual({ table, rows: sourceRows[table] })
      expect(await restored.query('select * from sessions')).toEqual([])
      // Sequences carry on past the original's values (PGlite's dump is what a crash leaves, and
      // Postgres then skips ahead by up to 32: never back).
      const [next] = await restored.query<{ id: string }>(
        'insert into socket_io_attachments (payload) values (null) returning id::text as id',
      )
      expect(Number(next?.id)).toBeGreaterThanOrEqual(3)
      expect(Number(next?.id)).toBeLessThanOrEqual(40)
      const [migrations] = await restored.query<{ n: number }>(
        'select count(*)::int as n from parley_migrations',
      )
      expect(migrations?.n).toBe(manifest.database.migrations.length)
    } finally {
      await restored.close()
    }
    expect(await storedFiles(storage)).toEqual(sourceFiles)

    // The same target again: not empty any more, refused before anything is written.
    const again = await refusal(restoreBackup({ config: target.config, storage, file: archive }))
    expect(again.code).toBe('not-empty')
    expect(again.message).toContain('already holds')
  }, 60_000)

  test('a target whose file store is not empty is refused before the database is touched', async () => {
    const target = await emptyTarget()
    const storage = createLocalStorage(join(target.config.dataDir, 'files'))
    await storage.put('users/someone/file', new Uint8Array([1]), 'text/plain')
    const error = await refusal(restoreBackup({ config: target.config, storage, file: archive }))
    expect(error).toMatchObject({
      code: 'not-empty',
      message: expect.stringContaining('file store already holds 1 file'),
    })
    expect(existsSync(join(target.config.dataDir, 'pg'))).toBe(false)
  })

  test('a corrupted or truncated archive is refused before anything is written', async () => {
    const bytes = new Uint8Array(await readFile(archive))
    const dir = await tempDir()
    const flipped = join(dir, 'flipped.tar.gz')
    const copy = bytes.slice()
    const middle = Math.floor(copy.length / 2)
    copy[middle] = (copy[middle] ?? 0) ^ 0xff
    await writeFile(flipped, copy)
    const truncated = join(dir, 'truncated.tar.gz')
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.7)))
    const notParley = join(dir, 'other.tar.gz')
    await writeFile(notParley, Bun.gzipSync(new Uint8Array(1024)))
    for (const file of [flipped, truncated, notParley]) {
      const target = await emptyTarget()
      const storage = createLocalStorage(join(target.config.dataDir, 'files'))
      const error = await refusal(restoreBackup({ config: target.config, storage, file }))
      expect({ file, code: error.code }).toEqual({ file, code: 'corrupted' })
      expect(existsSync(join(target.config.dataDir, 'pg'))).toBe(false)
      expect(await storage.list('')).toEqual([])
      if (target.config.databaseUrl) {
        const database = await target.open()
        expect(
          await database.query(`select 1 from pg_class where relnamespace = 'public'::regnamespace`),
        ).toEqual([])
        await database.close()
      }
    }
  }, 60_000)

  test('with --include-secret the archive is sealed: no passphrase or a wrong one is refused, the right one restores the secret', async () => {
    expect(await refusal(backup({ includeSecret: true }))).toMatchObject({ code: 'usage' })
    const passphrase = 'correct horse battery staple'
    const sealed = await backup({ includeSecret: true, passphrase })
    expect(sealed.path).toEndWith('.tar.gz.sealed')
    expect(sealed.manifest.secret).toBe(true)
    const raw = await readFile(sealed.path)
    expect(raw.subarray(0, 22).toString()).toBe('PARLEY-BACKUP-SEALED-1')
    expect((await refusal(verifyArchive(sealed.path))).code).toBe('needs-passphrase')
    const target = await emptyTarget()
    const storage = createLocalStorage(join(target.config.dataDir, 'files'))
    const wrong = await refusal(
      restoreBackup({ config: target.config, storage, file: sealed.path, passphrase: 'not the passphrase' }),
    )
    expect(wrong).toMatchObject({
      code: 'wrong-passphrase',
      message: expect.stringContaining('wrong passphrase'),
    })
    expect(existsSync(join(target.config.dataDir, 'app-secret'))).toBe(false)
    await restoreBackup({ config: target.config, storage, file: sealed.path, passphrase })
    expect((await readFile(join(target.config.dataDir, 'app-secret'), 'utf8')).trim()).toBe(
      t.ctx.config.appSecret!,
    )
    // A sealed archive whose body was altered fails its tag.
    const altered = join(await tempDir(), 'altered.sealed')
    const copy = new Uint8Array(raw)
    copy[copy.length - 100] = (copy[copy.length - 100] ?? 0) ^ 1
    await writeFile(altered, copy)
    expect((await refusal(verifyArchive(altered, passphrase))).code).toBe('corrupted')
  }, 60_000)

  test('an archive of the other database kind is refused with what to do', async () => {
    const target = await emptyTarget()
    const other: BackupSettings = target.config.databaseUrl
      ? { dataDir: target.config.dataDir, embeddedDatabase: 'inline' }
      : { ...target.config, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }
    const error = await refusal(
      restoreBackup({
        config: other,
        storage: createLocalStorage(join(target.config.dataDir, 'files')),
        file: archive,
      }),
    )
    expect(error.code).toBe('wrong-kind')
  })

  test('a full disk fails the backup with a clear message, leaves no partial file and keeps the earlier backups', async () => {
    const before = readdirSync(backupsFolder(t.ctx.config.dataDir)).sort()
    let written = 0
    const error = await refusal(
      backup({
        openFile: () =>
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              written += chunk.length
              if (written > 256)
                callback(
                  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
                )
              else callback()
            },
          }),
      }),
    )
    expect(error.code).toBe('disk-full')
    expect(error.message).toContain('the disk is full')
    expect(error.message).toContain('earlier backups are kept')
    expect(readdirSync(backupsFolder(t.ctx.config.dataDir)).sort()).toEqual(before)
    expect((await verifyArchive(archive)).manifest.format).toBe('parley-backup')
  })

  test('two backups asked for at once run one after the other', async () => {
    const spans: { start: number; end: number }[] = []
    const storage = {
      ...t.ctx.storage,
      async list(prefix: string) {
        const span = { start: performance.now(), end: 0 }
        spans.push(span)
        await Bun.sleep(150)
        const keys = await t.ctx.storage.list(prefix)
        span.end = performance.now()
        return keys
      },
    }
    const [first, second] = await Promise.all([backup({ storage }), backup({ storage })])
    expect(first.path).not.toBe(second.path)
    expect(spans).toHaveLength(2)
    const [a, b] = spans.sort((x, y) => x.start - y.start)
    expect(b!.start).toBeGreaterThanOrEqual(a!.end)
    for (const written of [first, second])
      expect((await verifyArchive(written.path)).manifest.files).toBe(Object.keys(sourceFiles).length)
  }, 60_000)

  test('files in an S3 bucket are backed up page by page and restored into an empty bucket', async () => {
    const from = startFakeS3({ pageSize: 2 })
    const to = startFakeS3({ pageSize: 2 })
    const bucket = (s3: FakeS3) =>
      createS3Storage({
        bucket: s3.bucket,
        endpoint: s3.url,
        region: 'us-east-1',
        accessKeyId: 'test-key',
        secretAccessKey: 'test-secret',
      })
    try {
      const source = bucket(from)
      for (const [key, text] of [
        ['users/a/1', 'one'],
        ['users/a/2', 'two'],
        ['users/b/3', 'three'],
        ['branding/logo', 'logo'],
      ])
        await source.put(key!, new TextEncoder().encode(text), 'text/plain')
      const written = await backup({ storage: source })
      expect(written.manifest.files).toBe(4)
      const target = await emptyTarget()
      const storage = bucket(to)
      await restoreBackup({ config: target.config, storage, file: written.path })
      expect(await storedFiles(storage)).toEqual(await storedFiles(source))
      // The bucket now holds files: a second restore is refused.
      const again = await emptyTarget()
      expect((await refusal(restoreBackup({ config: again.config, storage, file: written.path }))).code).toBe(
        'not-empty',
      )
    } finally {
      from.stop()
      to.stop()
    }
  }, 60_000)

  test('with the S3 bucket as destination: uploaded under backups/, nothing left on disk, no backup inside the next, and a bucket holding only backups restores', async () => {
    const s3 = startFakeS3({ pageSize: 2 })
    const settings = {
      bucket: s3.bucket,
      endpoint: s3.url,
      region: 'us-east-1',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
    }
    try {
      const storage = createS3Storage(settings)
      for (const [key, text] of [
        ['users/a/1', 'one'],
        ['branding/logo', 'logo'],
      ])
        await storage.put(key!, new TextEncoder().encode(text), 'text/plain')
      const dataDir = await tempDir()
      const destination = backupDestination(backupsFolder(dataDir), settings)
      const first = await backup({ config: { ...source(), dataDir }, storage, destination })
      const second = await backup({ config: { ...source(), dataDir }, storage, destination })
      const archives = [...s3.objects.keys()].filter((key) => key.startsWith(BUCKET_PREFIX)).sort()
      expect(archives).toHaveLength(2)
      expect([first.path, second.path].sort()).toEqual(archives.map((key) => `s3://${s3.bucket}/${key}`))
      expect(readdirSync(backupsFolder(dataDir))).toEqual([])
      // The second archive, as the bucket holds it: the stored files, and not the first archive.
      const local = join(await tempDir(), 'second.tar.gz')
      await writeFile(local, s3.objects.get(second.path.slice(`s3://${s3.bucket}/`.length))!.body)
      const members: string[] = []
      for await (const event of readArchive(local)) if (event.type === 'member') members.push(event.name)
      expect(members.filter((name) => name.startsWith(MEMBER.filePrefix))).toEqual([
        'files/branding/logo',
        'files/users/a/1',
      ])
      expect((await verifyArchive(local)).manifest.files).toBe(2)
      // A new instance on the same bucket: its archives are not stored files, so it is an empty target.
      for (const key of (await storage.list('')).filter((key) => !key.startsWith(BUCKET_PREFIX)))
        await storage.delete(key)
      const target = await emptyTarget()
      await restoreBackup({ config: target.config, storage, file: local })
      expect(Object.keys(await storedFiles(storage)).sort()).toEqual([
        ...archives,
        'branding/logo',
        'users/a/1',
      ])
      // --out (the CLI's) stays a local file.
      const out = join(dataDir, 'out.tar.gz')
      expect((await backup({ config: { ...source(), dataDir }, storage, destination, out })).path).toBe(out)
      expect(await Bun.file(out).exists()).toBe(true)
    } finally {
      s3.stop()
    }
  }, 60_000)
})
