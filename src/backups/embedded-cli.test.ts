import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPglite } from '../../db/client'
import { defaultSocketPath, type EmbeddedProcess, openEmbeddedProcess } from '../../db/embedded/process'
import { findTemplate } from '../../db/template'
import { EXIT, runCli } from '../cli/commands'
import { startFakeS3 } from '../test/fakes/s3-server'
import { waitFor } from '../test/wait'
import { verifyArchive } from './archive'
import { backupsFolder } from './backup'
import { BUCKET_PREFIX } from './destination'
import { socketAnswers } from './embedded-dump'
import { isAlive } from './lock'

/*
 * The embedded database in its own process (the default), through the CLI: `backup` while a
 * server's database process serves (it asks that process for PGlite's dump, and the server's
 * connection keeps working), `backup` with no server, `restore` and its refusals and exit codes,
 * `parley backup` through the binary's entry, and a backup killed with SIGKILL.
 */

const dirs: string[] = []
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'parley-backup-cli-'))
  dirs.push(dir)
  return dir
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

function cli(argv: string[], env: Record<string, string>) {
  const out: string[] = []
  const err: string[] = []
  return runCli(argv, env, { out: (line) => out.push(line), err: (line) => err.push(line) }).then((code) => ({
    code,
    out: out.join('\n'),
    err: err.join('\n'),
  }))
}

const finalArchives = (dataDir: string) =>
  existsSync(backupsFolder(dataDir))
    ? readdirSync(backupsFolder(dataDir)).filter((name) => !name.startsWith('.'))
    : []

let dataDir: string
let server: EmbeddedProcess

beforeAll(async () => {
  dataDir = await tempDir()
  // The server's database process, on a folder started from the migrated template.
  const templatePath = findTemplate()
  server = await openEmbeddedProcess({ dataDir: join(dataDir, 'pg'), templatePath })
  if (!templatePath) {
    const { migrate } = await import('../../db/migrate')
    await migrate(server)
  }
  await server.exec(
    `insert into users (email, password_hash, full_name) values ('one@example.com', 'x', 'One'), ('two@example.com', 'x', 'Two')`,
  )
}, 60_000)
afterAll(() => server?.close())

describe('bun run cli backup / restore on the embedded database', () => {
  test('backup while the server serves: the dump comes from its database process, whose app connection keeps working', async () => {
    let writing = true
    let written = 0
    const writer = (async () => {
      while (writing) {
        await server.query(`insert into users (email, password_hash) values ($1, 'x')`, [
          `w${written}@example.com`,
        ])
        written++
      }
    })()
    const result = await cli(['backup'], { DATA_DIR: dataDir })
    writing = false
    await writer
    expect(result).toMatchObject({ code: EXIT.ok, err: '' })
    expect(result.out).toContain('Backup written:')
    expect(written).toBeGreaterThan(0)
    const [archive] = finalArchives(dataDir)
    const { manifest } = await verifyArchive(join(backupsFolder(dataDir), archive!))
    expect(manifest.database.kind).toBe('pglite')
    // A consistent snapshot: some of the rows written meanwhile, none half-written.
    expect(manifest.database.tables.users).toBeGreaterThanOrEqual(2)
    expect(manifest.database.tables.users).toBeLessThanOrEqual(2 + written)
    const [count] = await server.query<{ n: number }>('select count(*)::int as n from users')
    expect(count?.n).toBe(2 + written)
  }, 60_000)

  test('backup with S3 configured goes to the bucket’s backups/ and says so; nothing is added to DATA_DIR/backups', async () => {
    const s3 = startFakeS3()
    try {
      const before = finalArchives(dataDir)
      const result = await cli(['backup'], {
        DATA_DIR: dataDir,
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.url,
        S3_ACCESS_KEY_ID: 'test-key',
        S3_SECRET_ACCESS_KEY: 'test-secret',
      })
      expect(result).toMatchObject({ code: EXIT.ok, err: '' })
      const keys = [...s3.objects.keys()].filter((key) => key.startsWith(BUCKET_PREFIX))
      expect(keys).toHaveLength(1)
      expect(result.out).toContain(`Backup written: s3://${s3.bucket}/${keys[0]}`)
      expect(finalArchives(dataDir)).toEqual(before)
      expect(readdirSync(backupsFolder(dataDir)).filter((name) => name.includes('.upload-'))).toEqual([])
    } finally {
      await s3.stop()
    }
  }, 60_000)

  test('backup with no server opens the folder itself; restore refuses a used target and restores into an empty one', async () => {
    await server.close()
    await waitFor(
      async () => !(await socketAnswers(defaultSocketPath(join(dataDir, 'pg')))),
      10_000,
      'the database process to stop',
    )
    const out = join(await tempDir(), 'copy.tar.gz')
    const backup = await cli(['backup', '--out', out], { DATA_DIR: dataDir })
    expect(backup).toMatchObject({ code: EXIT.ok, err: '' })
    const { manifest } = await verifyArchive(out)

    const used = await cli(['restore', out], { DATA_DIR: dataDir })
    expect(used.code).toBe(EXIT.refused)
    expect(used.err).toContain('already holds a database')

    const target = await tempDir()
    const restored = await cli(['restore', out], { DATA_DIR: target })
    expect(restored).toMatchObject({ code: EXIT.ok, err: '' })
    expect(restored.out).toContain('Everyone signs in again')
    const database = await openPglite(join(target, 'pg'))
    try {
      const [count] = await database.query<{ n: number }>('select count(*)::int as n from users')
      expect(count?.n).toBe(manifest.database.tables.users!)
    } finally {
      await database.close()
    }

    expect((await cli(['restore'], { DATA_DIR: target })).code).toBe(EXIT.usage)
    expect((await cli(['backup', '--include-secret'], { DATA_DIR: target })).code).toBe(EXIT.usage)
    const missing = await cli(['restore', join(target, 'none.tar.gz')], { DATA_DIR: await tempDir() })
    expect(missing).toMatchObject({ code: EXIT.usage, err: expect.stringContaining('no such archive') })
  }, 60_000)

  test('parley backup: the binary entry runs the CLI command', async () => {
    const out = join(await tempDir(), 'entry.tar.gz')
    const proc = Bun.spawn(
      [process.execPath, join(import.meta.dir, '..', 'index.ts'), 'backup', '--out', out],
      {
        env: { ...process.env, DATA_DIR: dataDir },
        stdout: 'pipe',
        stderr: 'pipe',
      },
    )
    expect(await proc.exited).toBe(0)
    expect(await new Response(proc.stdout).text()).toContain('Backup written:')
    expect((await verifyArchive(out)).manifest.database.kind).toBe('pglite')
  }, 60_000)

  test('a backup killed with SIGKILL leaves no archive under a backup name, and the next one runs', async () => {
    const before = finalArchives(dataDir)
    const proc = Bun.spawn([process.execPath, join(import.meta.dir, '..', 'cli', 'index.ts'), 'backup'], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdout: 'ignore',
      stderr: 'ignore',
    })
    await waitFor(
      () =>
        existsSync(backupsFolder(dataDir)) &&
        readdirSync(backupsFolder(dataDir)).some((name) => name.includes('.partial-')),
      30_000,
      'the partial archive',
    )
    // Its database process outlives it until it sees its stdin end (it may still be starting).
    const children = await waitFor(
      () => {
        const pids = Bun.spawnSync(['ps', '-o', 'pid=', '--ppid', String(proc.pid)])
          .stdout.toString()
          .split('\n')
          .map((line) => Number(line.trim()))
          .filter(Boolean)
        return pids.length ? pids : null
      },
      30_000,
      'the backup to start its database process',
    )
    proc.kill('SIGKILL')
    await proc.exited
    expect(finalArchives(dataDir)).toEqual(before)
    await waitFor(() => children.every((pid) => !isAlive(pid)), 30_000, 'the database process to stop')
    // The killed run's lock names a dead process: the next backup takes it over.
    const next = await cli(['backup'], { DATA_DIR: dataDir })
    expect(next).toMatchObject({ code: EXIT.ok, err: '' })
    expect(finalArchives(dataDir)).toHaveLength(before.length + 1)
    // And it cleared what the killed one left (its partial archive, its spool folder).
    expect(readdirSync(backupsFolder(dataDir)).filter((name) => name.startsWith('.'))).toEqual([])
  }, 90_000)
})
