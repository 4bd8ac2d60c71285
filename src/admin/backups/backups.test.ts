import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, desc, eq } from 'drizzle-orm'
import { auditLog, backupRuns, users } from '../../../db/schema'
import { verifyArchive } from '../../backups/archive'
import { backupsFolder } from '../../backups/backup'
import type { AppContext } from '../../context'
import { readOutbox } from '../../mail/outbox'
import { outcome, startApp, type TestApp, type TestUser } from '../../test/harness'
import { waitFor } from '../../test/wait'
import type { BackupsStateJson } from './model'
import { RunningBackup } from './running'
import {
  BACKUP_INTERRUPTED,
  BACKUP_INTERVAL_MS,
  backupFolderId,
  failInterruptedBackups,
  scheduledBackupCheck,
  startBackupSchedule,
} from './service'

/*
 * Admin › Backups (issue 33, point 3; decision 168): who may, the settings, "Back up now" (one at a
 * time), a failing backup (recorded and mailed), a kill mid-backup, the schedule's rotation, and the
 * runs of another instance on the same database. PGlite by default, Postgres with TEST_DATABASE_URL.
 */

let t: TestApp
let admin: TestUser
let germanAdmin: TestUser
let bannedAdmin: TestUser
let alice: TestUser
let folder: string
let folderId: string
const dirs: string[] = []

beforeAll(async () => {
  t = await startApp()
  admin = await t.createUser({ role: 'admin', email: 'boss@example.com' })
  germanAdmin = await t.createUser({ role: 'admin', email: 'chefin@example.com' })
  bannedAdmin = await t.createUser({ role: 'admin', email: 'gone@example.com' })
  alice = await t.createUser({ email: 'alice@example.com' })
  await t.database.db.update(users).set({ preferredLanguage: 'de' }).where(eq(users.id, germanAdmin.id))
  await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, bannedAdmin.id))
  folder = backupsFolder(t.ctx.config.dataDir)
  folderId = await backupFolderId(t.ctx)
}, 60_000)
afterAll(async () => {
  await t?.ctx.backups.idle()
  await t?.close()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

const backups = (user: TestUser = admin) => t.as(user).api.admin.backups
/** The list as the wire has it (the typed client turns ISO strings into dates). */
async function state(): Promise<BackupsStateJson> {
  const res = await t.request('/api/admin/backups', { headers: admin.headers })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: BackupsStateJson }).data
}
async function startNow() {
  const res = await backups().post()
  expect(res.status).toBe(202)
  return res.data!.data.id
}
const archives = async () =>
  (await readdir(folder)).filter((name) => /^parley-.*\.tar\.gz$/.test(name)).sort()
const audits = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.createdAt))
const failureMails = async (text: string) =>
  (await readOutbox(t.ctx.config.dataDir)).filter((mail) => mail.text.includes(text))

describe('who may', () => {
  test('without a session 401, a non-admin 403, a support session 403 forbidden:impersonating', async () => {
    const started = await t.request('/api/admin/impersonations', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        targetUserId: alice.id,
        reasonCode: 'customer_request',
        caseNumber: 'BACKUP-1',
        durationMinutes: 60,
      }),
    })
    expect(started.status).toBe(201)
    const supportToken = ((await started.json()) as { data: { token: string } }).data.token
    const support = { authorization: `Bearer ${supportToken}` }
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/backups'],
      ['POST', '/api/admin/backups'],
      ['PUT', '/api/admin/backups/settings', { schedule: 'off', keep: 3 }],
      ['GET', '/api/admin/backups/parley-any.tar.gz/download'],
      ['DELETE', '/api/admin/backups/parley-any.tar.gz'],
    ]
    for (const [method, path, body] of routes) {
      const send = (headers: Record<string, string>) =>
        t.request(path, {
          method,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        })
      expect({ route: `${method} ${path}`, status: (await send({})).status }).toEqual({
        route: `${method} ${path}`,
        status: 401,
      })
      const user = await send(alice.headers)
      expect({
        route: `${method} ${path}`,
        status: user.status,
        code: ((await user.json()) as { code: string }).code,
      }).toEqual({
        route: `${method} ${path}`,
        status: 403,
        code: 'forbidden:admin',
      })
      const acting = await send(support)
      expect({
        route: `${method} ${path}`,
        status: acting.status,
        code: ((await acting.json()) as { code: string }).code,
      }).toEqual({ route: `${method} ${path}`, status: 403, code: 'forbidden:impersonating' })
    }
    // Nothing was started or saved.
    expect(await t.database.db.select().from(backupRuns)).toEqual([])
    expect(await audits('backup.settings_updated')).toEqual([])
  })
})

describe('settings', () => {
  test('daily, keeping 7, until saved; a change is audited; a bad body is 400', async () => {
    const before = Date.now()
    const fresh = await state()
    expect(fresh).toMatchObject({
      settings: { schedule: 'daily', keep: 7 },
      bucket: null,
      running: false,
      lastFailure: null,
      backups: [],
    })
    // No scheduled backup yet: the next one is due now (the next look of the schedule takes it).
    expect(Date.parse(fresh.nextAt!)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(fresh.nextAt!)).toBeLessThanOrEqual(Date.now() + 1000)

    const saved = await backups().settings.put({ schedule: 'off', keep: 3 })
    expect(outcome(saved)).toEqual({
      status: 200,
      body: { success: true, data: { schedule: 'off', keep: 3 } },
    })
    expect(await state()).toMatchObject({ settings: { schedule: 'off', keep: 3 }, nextAt: null })
    const [entry] = await audits('backup.settings_updated')
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'organisation',
      details: { changes: { schedule: { from: 'daily', to: 'off' }, keep: { from: 7, to: 3 } } },
    })
    // The same again changes nothing and adds no entry.
    expect((await backups().settings.put({ schedule: 'off', keep: 3 })).status).toBe(200)
    expect(await audits('backup.settings_updated')).toHaveLength(1)

    for (const body of [
      { schedule: 'off', keep: 0 },
      { schedule: 'off', keep: 91 },
      { schedule: 'off', keep: 2.5 },
      { schedule: 'weekly', keep: 7 },
      { schedule: 'daily' },
      {},
    ]) {
      const res = await t.request('/api/admin/backups/settings', {
        method: 'PUT',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect({ body, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({
        body,
        status: 400,
        code: 'bad_request:validation',
      })
    }
    expect((await state()).settings).toEqual({ schedule: 'off', keep: 3 })
  })
})

describe('back up now', () => {
  test('two at once: one 202, one 409; the run is listed running, then done with its archive; audited', async () => {
    const [first, second] = await Promise.all([backups().post(), backups().post()])
    const answers = [outcome(first), outcome(second)].sort((a, b) => a.status - b.status)
    expect(answers[1]).toEqual({
      status: 409,
      body: { success: false, error: 'A backup is already running', code: 'conflict:backup_running' },
    })
    expect(answers[0]!.status).toBe(202)
    const id = (answers[0]!.body as { data: { id: string } }).data.id

    const during = await state()
    expect(during.running).toBe(true)
    expect(during.backups).toEqual([
      { id, createdAt: expect.any(String), size: null, trigger: 'manual', status: 'running', error: null },
    ])
    await t.ctx.backups.idle()

    const after = await state()
    expect(after.running).toBe(false)
    expect(after.lastFailure).toBeNull()
    const [archive] = await archives()
    expect(after.backups).toEqual([
      {
        id: archive!,
        createdAt: during.backups[0]!.createdAt,
        size: expect.any(Number),
        trigger: 'manual',
        status: 'done',
        error: null,
      },
    ])
    expect(after.backups[0]!.size).toBe(Bun.file(join(folder, archive!)).size)
    // A whole archive: every member's checksum matches its manifest.
    expect((await verifyArchive(join(folder, archive!))).manifest.database.migrations.length).toBeGreaterThan(
      20,
    )

    const [run] = await t.database.db.select().from(backupRuns).where(eq(backupRuns.id, id))
    expect(run).toMatchObject({ requestedBy: admin.id, folderId, file: archive, status: 'done' })
    const [entry] = await audits('backup.created')
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'backup',
      targetId: id,
      details: { trigger: 'manual' },
    })
  }, 30_000)

  test('a failing backup (the file storage throws) is failed with its message, and mailed once to every active admin', async () => {
    const storage = t.ctx.storage
    t.ctx.storage = {
      ...storage,
      list: async () => {
        throw new Error('The file storage cannot be reached')
      },
    }
    let id: string
    try {
      id = await startNow()
      await t.ctx.backups.idle()
    } finally {
      t.ctx.storage = storage
    }
    const after = await state()
    expect(after.backups[0]).toEqual({
      id,
      createdAt: expect.any(String),
      size: null,
      trigger: 'manual',
      status: 'failed',
      error: 'The file storage cannot be reached',
    })
    expect(after.lastFailure).toEqual({
      at: expect.any(String),
      message: 'The file storage cannot be reached',
    })
    // The earlier archive is kept, and no partial file is left.
    expect(await archives()).toHaveLength(1)
    expect((await readdir(folder)).filter((name) => name.includes('.partial-'))).toEqual([])

    const mails = await failureMails('The file storage cannot be reached')
    expect(mails.map((mail) => mail.to).sort()).toEqual(['boss@example.com', 'chefin@example.com'])
    const english = mails.find((mail) => mail.to === 'boss@example.com')!
    expect(english.subject).toBe('A Parley backup failed')
    expect(english.text).toContain('The manual backup of Parley started')
    expect(english.text).toContain(`${t.ctx.config.appUrl}/admin/backups`)
    const german = mails.find((mail) => mail.to === 'chefin@example.com')!
    expect(german.subject).toBe('Eine Sicherung von Parley ist fehlgeschlagen')
    expect(german.text).toContain('Die manuelle Sicherung von Parley')
  }, 30_000)
})

describe('a kill mid-backup', () => {
  test('leaves no archive in the list; the run is failed as interrupted at the next start, and the next backup cleans up', async () => {
    // The server's run row, as a process killed while writing it left it.
    const [left] = await t.database.db
      .insert(backupRuns)
      .values({ folderId, trigger: 'schedule', status: 'running', startedAt: new Date() })
      .returning()
    // A real backup into this folder, in a process killed while it copies the stored files.
    const dir = await mkdtemp(join(tmpdir(), 'parley-backup-kill-'))
    dirs.push(dir)
    const script = join(dir, 'backup.ts')
    await writeFile(
      script,
      `import { createBackup } from ${JSON.stringify(join(import.meta.dir, '../../backups/backup'))}
const never = new Promise<never>(() => {})
await createBackup({
  config: { dataDir: process.argv[2]!, embeddedDatabase: 'inline' },
  storage: {
    list: async () => { console.log('copying files'); return ['users/u/file.txt'] },
    get: () => never, put: () => never, delete: async () => {}, deletePrefix: async () => {},
  },
  database: { kind: 'pglite', pglite: { dumpDataDir: async () => new Blob([crypto.getRandomValues(new Uint8Array(1 << 16))]) }, query: async () => [] } as never,
})
`,
    )
    const child = Bun.spawn([process.execPath, script, t.ctx.config.dataDir], {
      stdout: 'pipe',
      stderr: 'inherit',
    })
    const reader = child.stdout.getReader()
    let said = ''
    while (!said.includes('copying files')) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`the backup process ended early: ${said}`)
      said += new TextDecoder().decode(value)
    }
    const partial = (await readdir(folder)).filter((name) => name.includes(`.partial-${child.pid}`))
    expect(partial).toHaveLength(1)
    child.kill('SIGKILL')
    await child.exited

    const listed = await state()
    expect(listed.backups.map((backup) => backup.id)).not.toContain(partial[0])
    expect(listed.backups.filter((backup) => backup.status === 'done')).toHaveLength(1)
    expect(listed.backups[0]).toMatchObject({ id: left!.id, status: 'running' })

    // What the server does at start-up: this folder's runs left running are failed, and mailed; one
    // this process claimed since its start (a "Back up now" answered meanwhile) is left alone.
    const [claimedSince] = await t.database.db
      .insert(backupRuns)
      .values({ folderId, trigger: 'manual', status: 'running', startedAt: new Date(Date.now() + 60_000) })
      .returning()
    expect(await failInterruptedBackups(t.ctx, new Date())).toBe(1)
    const [untouched] = await t.database.db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.id, claimedSince!.id))
    expect(untouched!.status).toBe('running')
    await t.database.db.delete(backupRuns).where(eq(backupRuns.id, claimedSince!.id))
    const interrupted = await state()
    expect(interrupted.backups[0]).toEqual({
      id: left!.id,
      createdAt: left!.startedAt.toISOString(),
      size: null,
      trigger: 'schedule',
      status: 'failed',
      error: BACKUP_INTERRUPTED,
    })
    expect(interrupted.lastFailure?.message).toBe(BACKUP_INTERRUPTED)
    expect(Date.parse(interrupted.lastFailure!.at)).toBeGreaterThan(left!.startedAt.getTime())
    expect((await failureMails(BACKUP_INTERRUPTED)).map((mail) => mail.to).sort()).toEqual([
      'boss@example.com',
      'chefin@example.com',
    ])

    // The next backup takes over the dead process's lock and removes its partial file and spool.
    await startNow()
    await t.ctx.backups.idle()
    const names = await readdir(folder)
    expect(names.filter((name) => name.startsWith('.') && name !== '.folder-id')).toEqual([])
    const after = await state()
    expect(after.backups.filter((backup) => backup.status === 'done')).toHaveLength(2)
    expect(after.backups[0]).toMatchObject({ status: 'done', trigger: 'manual' })
    // The newest backup succeeded: no banner.
    expect(after.lastFailure).toBeNull()
  }, 30_000)
})

describe('the schedule', () => {
  test('daily: due 24 h after the last scheduled run; after it, scheduled archives beyond keep are deleted, and only those', async () => {
    expect((await backups().settings.put({ schedule: 'daily', keep: 2 })).status).toBe(200)
    const day = 24 * 60 * 60 * 1000
    const old = (daysAgo: number) => new Date(Date.now() - daysAgo * day)
    const nameOf = (at: Date, label: string) =>
      `parley-${at.toISOString().replaceAll(':', '-').replace('.', '-')}-${label}.tar.gz`
    const seeded = [
      { trigger: 'schedule' as const, startedAt: old(4) },
      { trigger: 'schedule' as const, startedAt: old(3) },
      { trigger: 'schedule' as const, startedAt: old(2) },
      { trigger: 'manual' as const, startedAt: old(5) },
    ].map((run, index) => ({ ...run, file: nameOf(run.startedAt, `seed${index}`) }))
    for (const run of seeded) {
      await writeFile(join(folder, run.file), 'archive')
      await t.database.db
        .insert(backupRuns)
        .values({ folderId, ...run, status: 'done', bytes: 7, finishedAt: run.startedAt })
    }
    // An archive no run made (the CLI's), older than all.
    const cli = nameOf(old(6), 'cli')
    await writeFile(join(folder, cli), 'archive')

    const listed = await state()
    // The newest seeded scheduled run started 2 days ago, but the interrupted one (just now) was
    // scheduled too: failed runs count, so nothing is due until tomorrow.
    expect(await scheduledBackupCheck(t.ctx)).toBeNull()
    expect(Date.parse(listed.nextAt!)).toBeGreaterThan(Date.now() + day - 60_000)
    expect(listed.backups.find((backup) => backup.id === cli)).toMatchObject({
      trigger: 'other',
      status: 'done',
      size: 7,
    })

    // A day later (the clock moved), the schedule's timer takes it.
    const now = t.ctx.now
    t.ctx.now = () => new Date(Date.now() + day)
    const schedule = startBackupSchedule(t.ctx, 20)
    try {
      await schedule.ready
      await waitFor(
        async () =>
          (
            await t.database.db
              .select()
              .from(backupRuns)
              .where(and(eq(backupRuns.trigger, 'schedule'), eq(backupRuns.status, 'done')))
          ).some((run) => run.startedAt.getTime() > Date.now()),
        20_000,
        'the scheduled backup',
      )
    } finally {
      await schedule.stop()
      t.ctx.now = now
    }
    const after = await state()
    const scheduled = after.backups.filter(
      (backup) => backup.trigger === 'schedule' && backup.status === 'done',
    )
    // The new one and the newest seeded one; the two oldest are gone, from the folder and the list.
    expect(scheduled).toHaveLength(2)
    expect(scheduled[1]!.id).toBe(seeded[2]!.file)
    expect(existsSync(join(folder, seeded[0]!.file))).toBe(false)
    expect(existsSync(join(folder, seeded[1]!.file))).toBe(false)
    // Manual and other archives are never deleted by the schedule.
    expect(existsSync(join(folder, seeded[3]!.file))).toBe(true)
    expect(existsSync(join(folder, cli))).toBe(true)
    expect(after.backups.map((backup) => backup.id)).toEqual(expect.arrayContaining([seeded[3]!.file, cli]))
    expect(
      after.backups.filter((backup) => backup.trigger === 'manual' && backup.status === 'done'),
    ).toHaveLength(3)
    // Off: nothing is due, whatever the time.
    expect((await backups().settings.put({ schedule: 'off', keep: 2 })).status).toBe(200)
    t.ctx.now = () => new Date(Date.now() + 10 * day)
    try {
      expect(await scheduledBackupCheck(t.ctx)).toBeNull()
    } finally {
      t.ctx.now = now
    }
  }, 30_000)
})

describe('another instance on the same database', () => {
  test('its runs are its own folder’s: not listed here, not failed by this start; the schedule is shared, and one instance takes it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-backup-other-'))
    dirs.push(dir)
    // A second instance: the same database, its own DATA_DIR and its own slot.
    const other: AppContext = {
      ...t.ctx,
      config: { ...t.ctx.config, dataDir: dir },
      backups: new RunningBackup(),
    }
    const otherFolderId = await backupFolderId(other)
    expect(otherFolderId).not.toBe(folderId)
    const [running] = await t.database.db
      .insert(backupRuns)
      .values({ folderId: otherFolderId, trigger: 'manual', status: 'running', requestedBy: germanAdmin.id })
      .returning()

    const here = await state()
    expect(here.running).toBe(false)
    expect(here.backups.map((backup) => backup.id)).not.toContain(running!.id)
    // This instance's start does not fail the other's run.
    expect(await failInterruptedBackups(t.ctx)).toBe(0)
    const [still] = await t.database.db.select().from(backupRuns).where(eq(backupRuns.id, running!.id))
    expect(still!.status).toBe('running')
    await t.database.db.delete(backupRuns).where(eq(backupRuns.id, running!.id))

    // Both look at once, a day later: one takes the scheduled backup, the other finds it not due.
    expect((await backups().settings.put({ schedule: 'daily', keep: 2 })).status).toBe(200)
    const later = () => new Date(Date.now() + 2 * 24 * 60 * 60 * 1000)
    const [a, b] = await Promise.all([
      scheduledBackupCheck({ ...t.ctx, now: later }),
      scheduledBackupCheck({ ...other, now: later }),
    ])
    await Promise.all([t.ctx.backups.idle(), other.backups.idle()])
    const taken = [a, b].filter((run) => run !== null)
    expect(taken).toHaveLength(1)
    const taker = taken[0]!.folderId === folderId ? t.ctx : other
    const [run] = await t.database.db.select().from(backupRuns).where(eq(backupRuns.id, taken[0]!.id))
    expect(run).toMatchObject({ status: 'done', trigger: 'schedule' })
    expect(existsSync(join(backupsFolder(taker.config.dataDir), run!.file!))).toBe(true)
    // The next is due 24 h after it, on every instance.
    const due = new Date(run!.startedAt.getTime() + BACKUP_INTERVAL_MS).toISOString()
    expect((await state()).nextAt).toBe(due)
  }, 30_000)
})

describe('download and delete', () => {
  const name = 'parley-2026-01-02T03-04-05-006Z.tar.gz'
  const bytes = crypto.getRandomValues(new Uint8Array(70_000))
  const download = (file: string, user: TestUser = admin) =>
    t.request(`/api/admin/backups/${file}/download`, { headers: user.headers })
  const remove = (file: string) =>
    t.request(`/api/admin/backups/${file}`, { method: 'DELETE', headers: admin.headers })

  test('Download sends the archive as an attachment, byte for byte, and is audited with its name and size', async () => {
    await writeFile(join(folder, name), bytes)
    const res = await download(name)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/gzip')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes)
    const [entry] = await audits('backup.downloaded')
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'backup',
      targetId: name,
      details: { size: bytes.length },
    })
  })

  test('only an archive of this folder, by its name: anything else is 404 Backup not found, never a file beside it', async () => {
    // A partial file a backup is still writing, and the folder's id, are there but are not archives.
    await writeFile(join(folder, '.parley-partial.tar.gz'), 'half')
    const refused = [
      'parley-absent.tar.gz',
      '.parley-partial.tar.gz',
      '.folder-id',
      '..%2F..%2Fconfig.json',
      'parley-..%2F..%2Fsecret.tar.gz',
      'parley-x.tar.gz.bak',
      `parley-${'a'.repeat(300)}.tar.gz`,
    ]
    for (const file of refused) {
      for (const res of [await download(file), await remove(file)])
        expect({ file, status: res.status, body: await res.json() }).toEqual({
          file,
          status: 404,
          body: { success: false, error: 'Backup not found', code: 'not_found:backup' },
        })
    }
    expect(existsSync(join(folder, '.parley-partial.tar.gz'))).toBe(true)
    await rm(join(folder, '.parley-partial.tar.gz'))
  })

  test('Delete removes the archive, its entry leaves the list, audited; a second Delete is 404', async () => {
    const res = await remove(name)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true })
    expect(existsSync(join(folder, name))).toBe(false)
    expect((await state()).backups.map((backup) => backup.id)).not.toContain(name)
    const [entry] = await audits('backup.deleted')
    expect(entry).toMatchObject({ actorId: admin.id, targetId: name, details: { size: bytes.length } })
    expect((await remove(name)).status).toBe(404)
  })

  test('a backup a run made leaves the list when deleted; its run is kept, and never listed again', async () => {
    const made = (await state()).backups.find(
      (backup) => backup.trigger === 'manual' && backup.status === 'done',
    )
    expect(made).toBeDefined()
    expect((await remove(made!.id)).status).toBe(200)
    expect((await state()).backups.map((backup) => backup.id)).not.toContain(made!.id)
    const [run] = await t.database.db.select().from(backupRuns).where(eq(backupRuns.file, made!.id))
    expect(run!.status).toBe('done')
  })
})
