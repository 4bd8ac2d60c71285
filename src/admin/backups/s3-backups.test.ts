import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { auditLog, backupRuns } from '../../../db/schema'
import { readArchive, verifyArchive } from '../../backups/archive'
import { backupsFolder } from '../../backups/backup'
import { BUCKET_PREFIX, bucketFolderId } from '../../backups/destination'
import { readOutbox } from '../../mail/outbox'
import { type FakeS3, startFakeS3 } from '../../test/fakes/s3-server'
import { startApp, type TestApp, type TestUser } from '../../test/harness'
import type { BackupsStateJson } from './model'
import { scheduledBackupCheck } from './service'

/*
 * Admin › Backups with the files in an S3 bucket (issue 33, point 3; decision 168's addendum): the
 * archives go to the bucket's backups/ prefix, never stay in DATA_DIR/backups, are listed, rotated,
 * downloaded and deleted there, and a backup never holds the earlier ones. The bucket is the fake
 * S3 server behind a proxy that can refuse the uploads of archives while the files stay readable.
 */

let s3: FakeS3
let proxy: ReturnType<typeof startRefusingProxy>
let t: TestApp
let admin: TestUser
let alice: TestUser
let folder: string
const dirs: string[] = []

/** Forwards every request to the fake bucket, but answers 500 to uploads under backups/ while asked to. */
function startRefusingProxy(target: FakeS3) {
  const state = { refuseArchives: false }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url)
      const upload = request.method === 'PUT' || request.method === 'POST'
      if (state.refuseArchives && upload && url.pathname.startsWith(`/${target.bucket}/${BUCKET_PREFIX}`))
        return new Response(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>',
          { status: 500, headers: { 'content-type': 'application/xml' } },
        )
      const body =
        request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
      return fetch(`${target.url}${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body,
      })
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, state, stop: () => server.stop(true) }
}

beforeAll(async () => {
  s3 = startFakeS3({ pageSize: 2 })
  proxy = startRefusingProxy(s3)
  t = await startApp({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: proxy.url,
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
  })
  admin = await t.createUser({ role: 'admin', email: 'boss@example.com' })
  alice = await t.createUser({ email: 'alice@example.com' })
  for (const [name, text] of [
    ['notes.txt', 'alice notes'],
    ['data.csv', 'a,b\n1,2'],
  ]) {
    const form = new FormData()
    form.append('file', new File([text!], name!, { type: 'text/plain' }))
    expect(
      (await t.request('/api/uploads', { method: 'POST', headers: alice.headers, body: form })).status,
    ).toBe(201)
  }
  folder = backupsFolder(t.ctx.config.dataDir)
}, 60_000)
afterAll(async () => {
  await t?.ctx.backups.idle()
  await t?.close()
  await proxy?.stop()
  await s3?.stop()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function state(): Promise<BackupsStateJson> {
  const res = await t.request('/api/admin/backups', { headers: admin.headers })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: BackupsStateJson }).data
}
async function backUpNow(): Promise<string> {
  const res = await t.as(admin).api.admin.backups.post()
  expect(res.status).toBe(202)
  await t.ctx.backups.idle()
  return res.data!.data.id
}
/** The archives in the bucket, by name. */
const objects = () =>
  [...s3.objects.keys()]
    .filter((key) => key.startsWith(BUCKET_PREFIX))
    .map((key) => key.slice(BUCKET_PREFIX.length))
    .sort()
const userFiles = () => [...s3.objects.keys()].filter((key) => key.startsWith('users/')).sort()
const audits = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.createdAt))
/** An object's bytes as a local file, to be read as an archive. */
async function saved(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-s3-backup-'))
  dirs.push(dir)
  const path = join(dir, name)
  await writeFile(path, s3.objects.get(`${BUCKET_PREFIX}${name}`)!.body)
  return path
}
async function members(path: string): Promise<string[]> {
  const names: string[] = []
  for await (const event of readArchive(path)) if (event.type === 'member') names.push(event.name)
  return names
}

describe('backups in the S3 bucket', () => {
  test('Back up now puts one object under backups/, leaves nothing in DATA_DIR/backups, and the list shows it with its size', async () => {
    const id = await backUpNow()
    const [name] = objects()
    expect(objects()).toHaveLength(1)
    expect(name).toMatch(/^parley-\d{4}-\d\d-\d\dT[\d-]+Z\.tar\.gz$/)
    // No archive, partial file, file bound for the bucket or lock stays on the disk.
    expect(await readdir(folder)).toEqual([])
    const object = s3.objects.get(`${BUCKET_PREFIX}${name}`)!
    expect(object.type).toBe('application/gzip')
    // The screen says where the archives go.
    expect((await state()).bucket).toBe(s3.bucket)
    expect((await state()).backups).toEqual([
      {
        id: name!,
        createdAt: expect.any(String),
        size: object.body.length,
        trigger: 'manual',
        status: 'done',
        error: null,
      },
    ])
    // The run names the bucket, as every instance using it does.
    const [run] = await t.database.db.select().from(backupRuns).where(eq(backupRuns.id, id))
    expect(run).toMatchObject({
      status: 'done',
      file: name,
      bytes: object.body.length,
      folderId: bucketFolderId({ bucket: s3.bucket, endpoint: proxy.url }),
    })
    // A whole archive, holding the stored files.
    const { manifest } = await verifyArchive(await saved(name!))
    expect(Object.keys(manifest.members).filter((member) => member.startsWith('files/'))).toEqual(
      userFiles().map((key) => `files/${key}`),
    )
    expect(manifest.files).toBe(2)
  }, 30_000)

  test('a second backup holds the stored files and not the first backup; deleting an account’s files leaves the backups', async () => {
    const [first] = objects()
    await backUpNow()
    const second = objects().find((name) => name !== first)!
    expect(objects()).toHaveLength(2)
    const names = await members(await saved(second))
    expect(names.filter((name) => name.startsWith('files/'))).toEqual(
      userFiles().map((key) => `files/${key}`),
    )
    expect(names.some((name) => name.includes(BUCKET_PREFIX))).toBe(false)
    // What an account's deletion does to the bucket (src/account, src/admin/users).
    await t.ctx.storage.deletePrefix(`users/${alice.id}/`)
    expect(userFiles()).toEqual([])
    expect(objects()).toEqual([first!, second].sort())
  }, 30_000)

  test('Download streams the object byte for byte as a gzip attachment, audited with its size', async () => {
    const [name] = objects()
    const body = s3.objects.get(`${BUCKET_PREFIX}${name}`)!.body
    const res = await t.request(`/api/admin/backups/${name}/download`, { headers: admin.headers })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/gzip')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`)
    expect(res.headers.get('content-length')).toBe(String(body.length))
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b])
    expect(bytes).toEqual(body)
    const [entry] = await audits('backup.downloaded')
    expect(entry).toMatchObject({ actorId: admin.id, targetId: name, details: { size: body.length } })
    // Names that are not an archive's are refused before the bucket is asked.
    for (const file of ['parley-absent.tar.gz', '..%2Fusers%2Fx.tar.gz', 'parley-..%2F..%2Fx.tar.gz'])
      expect(
        (await t.request(`/api/admin/backups/${file}/download`, { headers: admin.headers })).status,
      ).toBe(404)
  })

  test('Delete removes the object, the entry leaves the list, audited; a second Delete is 404', async () => {
    const [name] = objects()
    const size = s3.objects.get(`${BUCKET_PREFIX}${name}`)!.body.length
    const remove = () => t.request(`/api/admin/backups/${name}`, { method: 'DELETE', headers: admin.headers })
    const res = await remove()
    expect(res.status).toBe(200)
    expect(objects()).not.toContain(name)
    expect(objects()).toHaveLength(1)
    expect((await state()).backups.map((backup) => backup.id)).not.toContain(name)
    const [entry] = await audits('backup.deleted')
    expect(entry).toMatchObject({ actorId: admin.id, targetId: name, details: { size } })
    expect((await remove()).status).toBe(404)
  })

  test('an upload the bucket refuses fails the run with its reason, mailed; no local file and no object is left', async () => {
    const before = objects()
    proxy.state.refuseArchives = true
    let id: string
    try {
      id = await backUpNow()
    } finally {
      proxy.state.refuseArchives = false
    }
    const after = await state()
    const failed = after.backups.find((backup) => backup.id === id)
    expect(failed).toMatchObject({ status: 'failed', size: null })
    expect(failed!.error).toContain(`could not be uploaded to the S3 bucket ${s3.bucket}`)
    expect(after.lastFailure?.message).toBe(failed!.error!)
    expect((await readOutbox(t.ctx.config.dataDir)).some((mail) => mail.text.includes(failed!.error!))).toBe(
      true,
    )
    expect(objects()).toEqual(before)
    expect(await readdir(folder)).toEqual([])
  }, 30_000)

  test('the schedule keeps the newest 2 scheduled archives in the bucket after three, and no manual one is deleted', async () => {
    expect((await t.as(admin).api.admin.backups.settings.put({ schedule: 'daily', keep: 2 })).status).toBe(
      200,
    )
    const manual = objects()
    const day = 24 * 60 * 60 * 1000
    const scheduled: string[] = []
    for (const days of [1, 2, 3]) {
      const run = await scheduledBackupCheck({ ...t.ctx, now: () => new Date(Date.now() + days * day) })
      expect(run).not.toBeNull()
      await t.ctx.backups.idle()
      const [done] = await t.database.db.select().from(backupRuns).where(eq(backupRuns.id, run!.id))
      expect(done!.status).toBe('done')
      scheduled.push(done!.file!)
    }
    expect(objects()).toEqual([...manual, scheduled[1]!, scheduled[2]!].sort())
    const listed = (await state()).backups.filter((backup) => backup.trigger === 'schedule')
    expect(listed.map((backup) => backup.id).sort()).toEqual([scheduled[1]!, scheduled[2]!].sort())
    expect(await readdir(folder)).toEqual([])
  }, 60_000)
})
