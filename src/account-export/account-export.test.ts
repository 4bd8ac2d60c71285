import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { inflateRawSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import {
  type Attachment,
  accountExports,
  chats,
  usageRecords,
  userAgentSettings,
  users,
} from '../../db/schema'
import { attachmentsFor } from '../attachments/attachments-data'
import { findEntryData, readZipDirectory } from '../extract/zip-directory'
import { imagesFor } from '../images/images-data'
import { createMailer } from '../mail'
import { readOutbox } from '../mail/outbox'
import { startSmtpTestServer } from '../test/fakes/smtp-server'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { TINY_PNG } from '../test/images'
import { treeChat as insertTreeChat } from '../test/tree-chat'
import { waitFor } from '../test/wait'
import { runningExports } from './running'
import {
  EXPORT_FAILED,
  EXPORT_INTERRUPTED,
  EXPORT_STALE_MS,
  exportStorageKey,
  failInterruptedExports,
  startAccountExports,
  sweepAccountExports,
} from './service'

/*
 * "Download all my data" (issue 32, point 4; docs/decisions/175-account-export.md): a person with a
 * branched chat, files, an image, a prompt, a knowledge entry, usage and settings exports it all;
 * the zip is read back entry by entry. Also: one export at a time, other people's ids, support
 * access, the 7-day expiry and its sweep, a killed process, a server stop, a failing storage, the
 * event and the mail. Runs on PGlite, and on Postgres with TEST_DATABASE_URL.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers read loosely by the test
type Loose = any
let t: TestApp
let alice: TestUser
let bob: TestUser
let admin: TestUser
const DAY = 24 * 60 * 60_000

async function call(
  user: { headers: Record<string, string> } | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await t.request(path, {
    method,
    headers: { ...user?.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const bytes = new Uint8Array(await res.arrayBuffer())
  const text = new TextDecoder().decode(bytes)
  let json: Loose = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, body: json, text, bytes, headers: res.headers }
}

/** Holds every place this instance has for writing zips, so a started export stays running. */
async function holdPlaces() {
  const controller = new AbortController()
  const registry = runningExports(t.ctx)
  const releases = [await registry.place(controller.signal), await registry.place(controller.signal)]
  return () => {
    for (const release of releases) release()
  }
}

async function startExport(user: TestUser): Promise<string> {
  const res = await call(user, 'POST', '/api/account/export')
  expect(res.status).toBe(202)
  expect(res.body.success).toBe(true)
  return res.body.data.id
}

/** Polls the export until it has ended, then waits for its job to be over (event, mail, replaced zips). */
async function waitUntilDone(user: TestUser, id: string) {
  const done = await waitFor(
    async () => {
      const res = await call(user, 'GET', `/api/account/exports/${id}`)
      return res.body.data.status === 'running' ? null : res.body.data
    },
    20_000,
    `export ${id} to end`,
  )
  await runningExports(t.ctx).idle()
  return done
}

/** The zip's entries by name: the central directory read back, each entry inflated. */
function unzip(bytes: Uint8Array): Map<string, Uint8Array> {
  const directory = readZipDirectory(bytes)
  expect(directory?.zip64).toBe(false)
  const entries = new Map<string, Uint8Array>()
  for (const entry of directory!.entries) {
    const start = findEntryData(bytes, entry)
    const data = bytes.subarray(start, start + entry.compressedSize)
    entries.set(entry.name, entry.method === 0 ? data : new Uint8Array(inflateRawSync(data)))
  }
  return entries
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes)

/** `chats/<yyyy-mm-dd of the chat>-<slug of its title>-<first 8 characters of its id>`. */
async function chatFolderOf(chatId: string) {
  const [chat] = await t.ctx.db.select().from(chats).where(eq(chats.id, chatId))
  return `chats/${chat!.createdAt.toISOString().slice(0, 10)}-trip-may-plans-${chatId.slice(0, 8)}`
}

/** A chat of `user` that branched (src/test/tree-chat.ts), its current question with a file. */
const treeChat = (user: TestUser, title: string) =>
  insertTreeChat(t, user, {
    title,
    question: 'Where to go in **May**?\n\n[Files attached: notes.txt]',
    answer: 'Try Lisbon.',
  })

const stored = (name: string, key: string, size: number) =>
  ({
    storageKey: key,
    filename: name,
    contentType: 'text/plain',
    size,
    kind: 'text',
    extractedText: null,
    extractionError: null,
    createdAt: new Date(),
  }) as unknown as Attachment

let aliceChat: Awaited<ReturnType<typeof treeChat>>
let aliceImageId: string
const NOTES = new TextEncoder().encode('notes for the trip')
const HOSTILE = new TextEncoder().encode('not a way out')

beforeAll(async () => {
  t = await startApp({ APP_URL: 'https://parley.example' })
  alice = await t.createUser({ email: 'alice@example.com', fullName: 'Alice Example' })
  bob = await t.createUser({ email: 'bob@example.com' })
  admin = await t.createUser({ email: 'admin@example.com', role: 'admin' })

  aliceChat = await treeChat(alice, 'Trip: "May" / plans')
  const actor = t.actorOf(alice)
  await t.ctx.storage.put(`users/${alice.id}/notes`, NOTES, 'text/plain')
  await t.ctx.storage.put(`users/${alice.id}/hostile`, HOSTILE, 'text/plain')
  await t.ctx.storage.put(`users/${alice.id}/other-notes`, NOTES, 'text/plain')
  await attachmentsFor(t.ctx.db, actor).copyTo([
    {
      messageId: aliceChat.q2,
      files: [
        stored('notes.txt', `users/${alice.id}/notes`, NOTES.length),
        stored('../../etc/pa\u0007ss\\wd', `users/${alice.id}/hostile`, HOSTILE.length),
        stored('NOTES.txt', `users/${alice.id}/other-notes`, NOTES.length),
      ],
    },
    // The edit kept the same stored file on the old question: it goes into the folder once.
    { messageId: aliceChat.q1, files: [stored('notes.txt', `users/${alice.id}/notes`, NOTES.length)] },
  ])
  aliceImageId = crypto.randomUUID()
  await t.ctx.storage.put(`users/${alice.id}/images/${aliceImageId}.png`, TINY_PNG, 'image/png')
  await imagesFor(t.ctx.db, actor).insert({
    id: aliceImageId,
    storageKey: `users/${alice.id}/images/${aliceImageId}.png`,
    contentType: 'image/png',
    byteSize: TINY_PNG.length,
    prompt: 'a lighthouse at dusk',
    size: '1024x1024',
    style: 'realistic',
    modelId: 'dall-e-3',
    messageId: aliceChat.a2,
  })
  expect(
    (
      await call(alice, 'POST', '/api/prompts', {
        title: 'Packing list',
        prompt_text: 'List what to pack for {PLACE}',
      })
    ).status,
  ).toBe(201)
  expect(
    (
      await call(alice, 'POST', '/api/knowledge', {
        title: 'Lisbon notes',
        content: 'Trams run late.',
        tags: ['trip'],
      })
    ).status,
  ).toBe(201)
  // Bob's shared entry: Alice may read it, but it is Bob's data, not hers.
  expect(
    (
      await call(bob, 'POST', '/api/knowledge', {
        title: 'Bob shared handbook',
        content: 'Bob wrote this.',
        is_shared: true,
      })
    ).status,
  ).toBe(201)
  await t.ctx.db.insert(usageRecords).values({
    userId: alice.id,
    chatId: aliceChat.chatId,
    messageId: aliceChat.a2,
    modelId: 'gpt-test',
    promptTokens: 120,
    completionTokens: 45,
    costMicros: 1_234_567,
    createdAt: new Date('2026-01-01T10:00:04.000Z'),
  })
  await t.ctx.db.insert(userAgentSettings).values({
    userId: alice.id,
    agentId: 'calendar',
    enabled: true,
    oauthClientSecretSealed: 'sealed-client-secret-value',
    accessTokenSealed: 'sealed-access-token-value',
  })
}, 60_000)
afterAll(async () => {
  await runningExports(t.ctx).idle()
  await t.close()
})

describe('download all my data', () => {
  let exportId: string
  let zip: Map<string, Uint8Array>
  let chatFolder: string

  test('starts in the background (202), one at a time, and ends ready with an event', async () => {
    const release = await holdPlaces()
    let id: string
    try {
      id = await startExport(alice)
      // While it runs, asking again answers the same export.
      expect(await startExport(alice)).toBe(id)
      const running = await call(alice, 'GET', `/api/account/exports/${id}`)
      expect(running.body.data).toMatchObject({
        id,
        status: 'running',
        size: null,
        ready_at: null,
        error: null,
      })
      expect((await call(alice, 'GET', `/api/account/exports/${id}/download`)).status).toBe(404)
    } finally {
      release()
    }
    const done = await waitUntilDone(alice, id)
    expect(done.status).toBe('ready')
    expect(done.size).toBeGreaterThan(0)
    expect(new Date(done.expires_at).getTime() - new Date(done.ready_at).getTime()).toBe(7 * DAY)
    expect(t.events).toContainEqual({
      room: `user:${alice.id}`,
      event: 'account:export_ready',
      payload: { id },
    })
    const list = await call(alice, 'GET', '/api/account/exports')
    expect(list.body.data.exports.map((e: Loose) => e.id)).toEqual([id])
    // Without SMTP there is no mail (the toast tells); the outbox stays empty of it.
    expect(
      (await readOutbox(t.ctx.config.dataDir)).filter((m) => m.subject.includes('data is ready')),
    ).toEqual([])
    exportId = id
  })

  test('downloads as a zip with the expected headers and entries', async () => {
    const res = await call(alice, 'GET', `/api/account/exports/${exportId}/download`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    const day = (await call(alice, 'GET', `/api/account/exports/${exportId}`)).body.data.ready_at.slice(0, 10)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="parley-export-${day}.zip"`)
    expect(res.headers.get('cache-control')).toContain('no-store')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    zip = unzip(res.bytes)
    chatFolder = await chatFolderOf(aliceChat.chatId)
    expect([...zip.keys()].sort()).toEqual(
      [
        'README.txt',
        'profile.json',
        `${chatFolder}/chat.json`,
        `${chatFolder}/chat.md`,
        `${chatFolder}/files/notes.txt`,
        `${chatFolder}/files/_._etc_pass_wd`,
        `${chatFolder}/files/NOTES (2).txt`,
        `images/${aliceImageId}.png`,
        'images/images.json',
        'prompts.json',
        'knowledge.json',
        'usage.csv',
      ].sort(),
    )
    expect(text(zip.get('README.txt'))).toContain('chat.json')
  })

  test('chat.json holds every branch, exactly as the per-chat export; chat.md the current branch', async () => {
    const fromZip = JSON.parse(text(zip.get(`${chatFolder}/chat.json`)))
    const single = await call(alice, 'GET', `/api/chats/${aliceChat.chatId}/export?format=json`)
    const { exported_at: _a, ...expected } = single.body
    const { exported_at: _b, ...actual } = fromZip
    expect(actual).toEqual(expected)
    expect(fromZip.format).toBe('parley.chat.v1')
    expect(fromZip.messages.map((m: Loose) => m.id)).toEqual([
      aliceChat.q1,
      aliceChat.a1,
      aliceChat.q2,
      aliceChat.a2,
    ])
    expect(fromZip.current_leaf_id).toBe(aliceChat.a2)
    const md = await call(alice, 'GET', `/api/chats/${aliceChat.chatId}/export?format=md`)
    expect(text(zip.get(`${chatFolder}/chat.md`))).toBe(md.text)
    expect(md.text).not.toContain('Old question')
  })

  test('files and images are the stored bytes; hostile names stay inside their folder', async () => {
    expect(Buffer.from(zip.get(`${chatFolder}/files/notes.txt`)!).equals(Buffer.from(NOTES))).toBe(true)
    expect(Buffer.from(zip.get(`${chatFolder}/files/NOTES (2).txt`)!).equals(Buffer.from(NOTES))).toBe(true)
    expect(text(zip.get(`${chatFolder}/files/_._etc_pass_wd`))).toBe('not a way out')
    for (const name of zip.keys()) {
      expect(name.split('/')).not.toContain('..')
      expect([...name].filter((char) => char.charCodeAt(0) < 0x20 || char === '\\')).toEqual([])
    }
    expect(Buffer.from(zip.get(`images/${aliceImageId}.png`)!).equals(Buffer.from(TINY_PNG))).toBe(true)
    expect(JSON.parse(text(zip.get('images/images.json')))).toEqual([
      {
        file: `${aliceImageId}.png`,
        prompt: 'a lighthouse at dusk',
        size: '1024x1024',
        style: 'realistic',
        model: 'dall-e-3',
        message_id: aliceChat.a2,
        created_at: expect.any(String),
      },
    ])
  })

  test('prompts, knowledge and usage are the person’s own; the profile holds no secret', async () => {
    const prompts = JSON.parse(text(zip.get('prompts.json')))
    expect(prompts).toEqual([
      expect.objectContaining({ title: 'Packing list', prompt_text: 'List what to pack for {PLACE}' }),
    ])
    const knowledge = JSON.parse(text(zip.get('knowledge.json')))
    expect(knowledge).toEqual([
      expect.objectContaining({ title: 'Lisbon notes', content: 'Trams run late.', tags: ['trip'] }),
    ])
    expect(text(zip.get('knowledge.json'))).not.toContain('Bob')
    expect(text(zip.get('usage.csv'))).toBe(
      'date,model,input_tokens,output_tokens,cost_usd,estimated,source,chat_id\n' +
        `2026-01-01T10:00:04.000Z,gpt-test,120,45,1.234567,false,web,${aliceChat.chatId}\n`,
    )
    const profile = JSON.parse(text(zip.get('profile.json')))
    expect(profile).toMatchObject({
      format: 'parley.profile.v1',
      name: 'Alice Example',
      email: 'alice@example.com',
      language: 'en',
      settings: { theme: 'system', agents: [{ agent_id: 'calendar', enabled: true }] },
    })
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, alice.id))
    const everything = [...zip.values()].map(text).join('\n')
    for (const secret of [
      row!.passwordHash!,
      alice.token,
      alice.sessionId,
      'sealed-client-secret-value',
      'sealed-access-token-value',
    ])
      expect(everything).not.toContain(secret)
    expect(text(zip.get('profile.json'))).not.toMatch(/password|hash|token|secret|session/i)
  })

  test('another person’s export, and ids that are no ids, are 404', async () => {
    expect((await call(bob, 'GET', `/api/account/exports/${exportId}`)).status).toBe(404)
    expect((await call(bob, 'GET', `/api/account/exports/${exportId}/download`)).status).toBe(404)
    expect((await call(bob, 'GET', '/api/account/exports')).body.data.exports).toEqual([])
    for (const bad of ['not-an-id', '..%2F..%2Fetc', 'x'.repeat(3000), `${exportId}x`]) {
      const looked = await call(alice, 'GET', `/api/account/exports/${bad}`)
      expect({ bad: bad.slice(0, 20), status: looked.status, code: looked.body?.code }).toEqual({
        bad: bad.slice(0, 20),
        status: 404,
        code: 'not_found:export',
      })
      expect((await call(alice, 'GET', `/api/account/exports/${bad}/download`)).status).toBe(404)
    }
    expect((await call(null, 'POST', '/api/account/export')).status).toBe(401)
    expect((await call(null, 'GET', `/api/account/exports/${exportId}/download`)).status).toBe(401)
  })

  test('support access can neither start nor download an export', async () => {
    const started = await call(admin, 'POST', '/api/admin/impersonations', {
      targetUserId: alice.id,
      reasonCode: 'customer_request',
      caseNumber: 'EXPORT-1',
      durationMinutes: 30,
    })
    expect(started.status).toBe(201)
    const support = { headers: { authorization: `Bearer ${started.body.data.token}` } }
    for (const [method, path] of [
      ['POST', '/api/account/export'],
      ['GET', `/api/account/exports/${exportId}/download`],
    ] as const) {
      const res = await call(support, method, path)
      expect({ path, status: res.status, code: res.body?.code }).toEqual({
        path,
        status: 403,
        code: 'forbidden:impersonating',
      })
    }
    const running = await t.ctx.db.select().from(accountExports).where(eq(accountExports.userId, alice.id))
    expect(running.map((row) => row.status)).toEqual(['ready'])
    await call(support, 'DELETE', '/api/impersonation')
  })

  test('after 7 days it reads as expired, is not downloaded, and the sweep deletes the zip', async () => {
    const [row] = await t.ctx.db.select().from(accountExports).where(eq(accountExports.id, exportId))
    expect(await t.ctx.storage.get(row!.storageKey)).not.toBeNull()
    expect(row!.storageKey).toBe(`users/${alice.id}/exports/${exportId}.zip`)
    const now = t.ctx.now
    t.ctx.now = () => new Date(Date.now() + 8 * DAY)
    try {
      expect((await call(alice, 'GET', `/api/account/exports/${exportId}`)).body.data.status).toBe('expired')
      expect((await call(alice, 'GET', `/api/account/exports/${exportId}/download`)).status).toBe(404)
      expect((await sweepAccountExports(t.ctx)).expired).toBe(1)
    } finally {
      t.ctx.now = now
    }
    expect(await t.ctx.storage.get(row!.storageKey)).toBeNull()
    const [after] = await t.ctx.db.select().from(accountExports).where(eq(accountExports.id, exportId))
    expect(after!.status).toBe('expired')
    expect((await call(alice, 'GET', '/api/account/exports')).body.data.exports[0]).toMatchObject({
      id: exportId,
      status: 'expired',
    })
    expect((await call(alice, 'GET', `/api/account/exports/${exportId}/download`)).status).toBe(404)
    // A sweep with nothing due changes nothing.
    expect(await sweepAccountExports(t.ctx)).toEqual({ expired: 0, failed: 0 })
  })
})

describe('interrupted, failed and replaced exports', () => {
  test('a running export a killed process left is failed at start-up, its partial zip deleted', async () => {
    const carol = await t.createUser()
    const dan = await t.createUser()
    const old = new Date(Date.now() - 60 * 60_000)
    const stale = crypto.randomUUID()
    const fresh = crypto.randomUUID()
    await t.ctx.storage.put(exportStorageKey(carol.id, stale), new Uint8Array([80, 75]), 'application/zip')
    await t.ctx.db.insert(accountExports).values([
      {
        id: stale,
        userId: carol.id,
        storageKey: exportStorageKey(carol.id, stale),
        createdAt: old,
        heartbeatAt: old,
      },
      // Another instance's, alive a moment ago: on a shared Postgres it is left to that instance.
      { id: fresh, userId: dan.id, storageKey: exportStorageKey(dan.id, fresh) },
    ])
    const failed = await failInterruptedExports(t.ctx)
    const status = async (id: string) =>
      (await t.ctx.db.select().from(accountExports).where(eq(accountExports.id, id)))[0]!
    expect(await status(stale)).toMatchObject({ status: 'failed', error: EXPORT_INTERRUPTED })
    expect(await t.ctx.storage.get(exportStorageKey(carol.id, stale))).toBeNull()
    const looked = await call(carol, 'GET', `/api/account/exports/${stale}`)
    expect(looked.body.data).toMatchObject({ status: 'failed', error: EXPORT_INTERRUPTED })
    if (t.ctx.database.kind === 'pglite') {
      // The embedded database is this process's alone: nobody else can be writing it.
      expect(failed).toBe(2)
      expect((await status(fresh)).status).toBe('failed')
    } else {
      expect(failed).toBe(1)
      expect((await status(fresh)).status).toBe('running')
      // Once its heartbeat is older than EXPORT_STALE_MS, the person's next look fails it.
      const now = t.ctx.now
      t.ctx.now = () => new Date(Date.now() + EXPORT_STALE_MS + 60_000)
      try {
        expect((await call(dan, 'GET', `/api/account/exports/${fresh}`)).body.data.status).toBe('failed')
      } finally {
        t.ctx.now = now
      }
    }
    // A new export can start after it.
    const next = await startExport(carol)
    expect(next).not.toBe(stale)
    expect((await waitUntilDone(carol, next)).status).toBe('ready')
  })

  test('the server’s stop fails an export in progress with "start it again"', async () => {
    const erin = await t.createUser()
    const server = startAccountExports(t.ctx, 60 * 60_000)
    await server.ready
    const release = await holdPlaces()
    let id: string
    try {
      id = await startExport(erin)
      await server.stop()
    } finally {
      release()
    }
    const done = await waitUntilDone(erin, id)
    expect(done).toMatchObject({ status: 'failed', error: EXPORT_INTERRUPTED, size: null })
    expect(await t.ctx.storage.get(exportStorageKey(erin.id, id))).toBeNull()
  })

  test('a storage that cannot take the zip fails the export with a plain message, nothing kept', async () => {
    const fay = await t.createUser()
    const put = t.ctx.storage.put
    t.ctx.storage.put = () => Promise.reject(new Error('bucket unreachable: s3://internal-host'))
    let id: string
    try {
      id = await startExport(fay)
      const done = await waitUntilDone(fay, id)
      expect(done).toMatchObject({ status: 'failed', error: EXPORT_FAILED })
      expect(JSON.stringify(done)).not.toContain('internal-host')
    } finally {
      t.ctx.storage.put = put
    }
    expect((await call(fay, 'GET', `/api/account/exports/${id}/download`)).status).toBe(404)
  })

  test('with SMTP the person gets a mail; a newer zip replaces the one kept before', async () => {
    const smtp = startSmtpTestServer()
    const config = t.ctx.config
    const mailer = t.ctx.mailer
    t.ctx.config = { ...config, mail: { ...config.mail, smtpUrl: smtp.url } }
    t.ctx.mailer = createMailer(t.ctx.config, t.ctx.log)
    try {
      const gus = await t.createUser({ email: 'gus@example.com' })
      const first = await startExport(gus)
      expect((await waitUntilDone(gus, first)).status).toBe('ready')
      const [mail] = await smtp.waitFor(1)
      expect(mail!.to).toEqual(['gus@example.com'])
      expect(mail!.raw).toMatch(/^Subject: Your Parley data is ready\r?$/m)
      expect(mail!.text).toContain(`https://parley.example/api/account/exports/${first}/download`)
      expect(mail!.text).toContain('The download is available for 7 days.')

      const second = await startExport(gus)
      expect(second).not.toBe(first)
      expect((await waitUntilDone(gus, second)).status).toBe('ready')
      const listed = (await call(gus, 'GET', '/api/account/exports')).body.data.exports
      expect(listed.map((e: Loose) => [e.id, e.status])).toEqual([
        [second, 'ready'],
        [first, 'expired'],
      ])
      expect(await t.ctx.storage.get(exportStorageKey(gus.id, first))).toBeNull()
      expect((await call(gus, 'GET', `/api/account/exports/${second}/download`)).status).toBe(200)
    } finally {
      t.ctx.config = config
      t.ctx.mailer = mailer
      smtp.stop()
    }
  })

  test('deleting the account deletes its export rows and zips', async () => {
    const hal = await t.createUser()
    const id = await startExport(hal)
    expect((await waitUntilDone(hal, id)).status).toBe('ready')
    expect((await call(hal, 'DELETE', '/api/user/delete-account')).status).toBe(200)
    expect(await t.ctx.storage.get(exportStorageKey(hal.id, id))).toBeNull()
    expect(await t.ctx.db.select().from(accountExports).where(eq(accountExports.userId, hal.id))).toEqual([])
  })
})
