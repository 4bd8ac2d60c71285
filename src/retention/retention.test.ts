import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { eq, inArray } from 'drizzle-orm'
import { attachments, auditLog, chats, generatedImages, orgSettings } from '../../db/schema'
import { SYSTEM_ACTOR_ID } from '../admin/audit/system-actor'
import { messagesFor } from '../messages/messages-data'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { callJson, type Loose } from '../test/json-call'
import { runRetentionPass } from './service'

/*
 * The retention policy (issue 32, point 6): who may set it and with what values, what a pass deletes
 * (chats by disuse, pinned ones kept; files and generated images by age, bytes only when no other
 * row names them), the counts in the audit trail, one pass a day, a bounded pass followed by another,
 * and the policy in everyone's Settings. Runs on PGlite, and on Postgres with TEST_DATABASE_URL.
 */

let t: TestApp
let alice: TestUser
let bob: TestUser
let admin: TestUser
const DAY = 24 * 60 * 60 * 1000

const call = (
  user: { headers: Record<string, string> } | null,
  method: string,
  path: string,
  body?: unknown,
) => callJson(t, user, method, path, body)

const daysAgo = (days: number) => new Date(Date.now() - days * DAY)

/**
 * A chat of `user` last used `days` ago: its question and answer written then, and the chat not
 * changed since. `file` attaches a stored file to the question; `image` a generated image to the answer.
 */
async function chatUsed(
  user: TestUser,
  days: number,
  options: { title?: string; pinned?: boolean; fileKey?: string; image?: boolean } = {},
) {
  const created = await call(user, 'POST', '/api/chats', { title: options.title ?? `Used ${days} days ago` })
  const chatId = created.body.data.id as string
  const at = daysAgo(days)
  const question = crypto.randomUUID()
  const answer = crypto.randomUUID()
  await messagesFor(t.ctx.db, t.actorOf(user)).insert([
    {
      id: question,
      chatId,
      parentId: null,
      content: 'Question',
      isUser: true,
      status: 'complete',
      createdAt: at,
    },
    {
      id: answer,
      chatId,
      parentId: question,
      content: 'Answer',
      isUser: false,
      status: 'complete',
      createdAt: at,
    },
  ])
  await t.ctx.db
    .update(chats)
    .set({ updatedAt: at, pinned: options.pinned ?? false })
    .where(eq(chats.id, chatId))
  let fileKey: string | undefined
  if (options.fileKey) {
    fileKey = options.fileKey
    await t.ctx.storage.put(fileKey, new TextEncoder().encode('report'), 'text/plain')
    await t.ctx.db.insert(attachments).values({
      userId: user.id,
      messageId: question,
      storageKey: fileKey,
      filename: 'report.txt',
      contentType: 'text/plain',
      size: 6,
      kind: 'text',
      createdAt: at,
    })
  }
  let imageKey: string | undefined
  if (options.image) {
    imageKey = `users/${user.id}/images/${crypto.randomUUID()}.png`
    await t.ctx.storage.put(imageKey, new Uint8Array([137, 80, 78, 71]), 'image/png')
    await t.ctx.db.insert(generatedImages).values({
      userId: user.id,
      storageKey: imageKey,
      contentType: 'image/png',
      byteSize: 4,
      prompt: 'a lighthouse',
      size: '1024x1024',
      style: 'natural',
      modelId: 'dall-e-3',
      messageId: answer,
      createdAt: at,
    })
  }
  return { chatId, question, answer, fileKey, imageKey }
}

const stored = async (key: string) => (await t.ctx.storage.get(key)) !== null
const chatExists = async (id: string) =>
  (await t.ctx.db.select().from(chats).where(eq(chats.id, id))).length > 0
const runs = () => t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'retention.run'))

beforeAll(async () => {
  t = await startApp()
  alice = await t.createUser({ email: 'alice@example.com' })
  bob = await t.createUser({ email: 'bob@example.com' })
  admin = await t.createUser({ email: 'admin@example.com', role: 'admin' })
}, 60_000)
afterAll(() => t.close())

beforeEach(async () => {
  // Each test starts with no policy and no pass recorded (the trail refuses DELETE: passes are told
  // apart by time instead, see `since`).
  await t.ctx.db
    .update(orgSettings)
    .set({ retentionChatDays: null, retentionFileDays: null })
    .where(eq(orgSettings.id, 1))
})

/** Lets the next pass run: the last one is moved a day back (as if a day had passed). */
async function aDayLater() {
  const now = t.ctx.now
  const later = new Date(now().getTime() + DAY)
  t.ctx.now = () => later
  return () => {
    t.ctx.now = now
  }
}

describe('the policy', () => {
  test('administrators set it, audited; everyone reads it; nothing else may', async () => {
    expect((await call(alice, 'GET', '/api/retention')).body.data).toEqual({ chatDays: null, fileDays: null })
    const state = await call(admin, 'GET', '/api/admin/retention')
    expect(state.status).toBe(200)
    expect(state.body.data).toMatchObject({ policy: { chatDays: null, fileDays: null }, nextAt: null })

    const set = await call(admin, 'PUT', '/api/admin/retention', { chatDays: 365, fileDays: 90 })
    expect(set.status).toBe(200)
    expect(set.body.data.policy).toEqual({ chatDays: 365, fileDays: 90 })
    expect(typeof set.body.data.nextAt).toBe('string')
    expect((await call(bob, 'GET', '/api/retention')).body.data).toEqual({ chatDays: 365, fileDays: 90 })

    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'retention.update'))
    expect(audit.at(-1)!.details).toEqual({
      changes: { chatDays: { from: null, to: 365 }, fileDays: { from: null, to: 90 } },
    })
    // The same policy again changes nothing and records nothing.
    await call(admin, 'PUT', '/api/admin/retention', { chatDays: 365, fileDays: 90 })
    expect(
      await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'retention.update')),
    ).toHaveLength(audit.length)

    expect((await call(alice, 'PUT', '/api/admin/retention', { chatDays: 1, fileDays: 1 })).status).toBe(403)
    expect((await call(alice, 'GET', '/api/admin/retention')).status).toBe(403)
    expect((await call(null, 'GET', '/api/retention')).status).toBe(401)

    const started = await call(admin, 'POST', '/api/admin/impersonations', {
      targetUserId: alice.id,
      reasonCode: 'customer_request',
      caseNumber: 'RET-1',
      durationMinutes: 30,
    })
    const support = { headers: { authorization: `Bearer ${started.body.data.token}` } }
    expect((await call(support, 'PUT', '/api/admin/retention', { chatDays: 1, fileDays: 1 })).status).toBe(
      403,
    )
    expect((await call(admin, 'GET', '/api/admin/retention')).body.data.policy).toEqual({
      chatDays: 365,
      fileDays: 90,
    })
  })

  test('bad values are refused with a 400 naming the field, and change nothing', async () => {
    await call(admin, 'PUT', '/api/admin/retention', { chatDays: 30, fileDays: null })
    for (const body of [
      { chatDays: 0, fileDays: null },
      { chatDays: -5, fileDays: null },
      { chatDays: 36_501, fileDays: null },
      { chatDays: 1.5, fileDays: null },
      { chatDays: 30, fileDays: 'forever' },
      { chatDays: 30 },
      '{"chatDays": 30, "fileDays": nul',
      '[]',
    ]) {
      const res = await call(admin, 'PUT', '/api/admin/retention', body)
      expect({ body, status: res.status }).toEqual({ body, status: 400 })
      expect(res.body.success).toBe(false)
      expect(res.text).not.toContain('at ')
    }
    const zero = await call(admin, 'PUT', '/api/admin/retention', { chatDays: 0, fileDays: null })
    expect(zero.body.error).toContain('chatDays must be null or a whole number of days from 1 to 36500')
    expect((await call(admin, 'GET', '/api/admin/retention')).body.data.policy).toEqual({
      chatDays: 30,
      fileDays: null,
    })
  })
})

describe('a pass', () => {
  test('without a policy deletes nothing and records nothing', async () => {
    const old = await chatUsed(alice, 4000)
    const before = (await runs()).length
    expect(await runRetentionPass(t.ctx)).toBeNull()
    expect(await chatExists(old.chatId)).toBe(true)
    expect(await runs()).toHaveLength(before)
  })

  test('deletes chats not used for the days (pinned kept), with their files, tells the tabs, and records the counts', async () => {
    await call(admin, 'PUT', '/api/admin/retention', { chatDays: 30, fileDays: null })
    const restore = await aDayLater()
    try {
      const old = await chatUsed(alice, 45, { fileKey: `users/${alice.id}/files/${crypto.randomUUID()}` })
      const pinned = await chatUsed(alice, 400, { pinned: true })
      const recent = await chatUsed(bob, 10)
      // Old, but written in yesterday: used.
      const revived = await chatUsed(bob, 90)
      await messagesFor(t.ctx.db, t.actorOf(bob)).insert([
        {
          chatId: revived.chatId,
          parentId: revived.answer,
          content: 'Still here?',
          isUser: true,
          status: 'complete',
          createdAt: daysAgo(1),
        },
      ])
      // Old messages, but renamed last week: used.
      const renamed = await chatUsed(bob, 90)
      await t.ctx.db
        .update(chats)
        .set({ updatedAt: daysAgo(7) })
        .where(eq(chats.id, renamed.chatId))
      const eventsBefore = t.events.length

      const deleted = await runRetentionPass(t.ctx)
      expect(deleted).not.toBeNull()
      expect(deleted!.chats.map((chat) => chat.id)).toContain(old.chatId)
      expect(await chatExists(old.chatId)).toBe(false)
      for (const kept of [pinned, recent, revived, renamed]) expect(await chatExists(kept.chatId)).toBe(true)
      expect(await stored(old.fileKey!)).toBe(false)
      expect(
        t.events
          .slice(eventsBefore)
          .some(
            (event) =>
              event.room === `user:${alice.id}` &&
              event.event === 'chat:deleted' &&
              (event.payload as Loose).chatId === old.chatId,
          ),
      ).toBe(true)

      const entry = (await runs()).sort((a, b) => +a.createdAt - +b.createdAt).at(-1)!
      expect(entry.actorId).toBe(SYSTEM_ACTOR_ID)
      expect(entry.details).toMatchObject({
        chatDays: 30,
        fileDays: null,
        chats: deleted!.chats.length,
        more: false,
      })
      expect(deleted!.files).toBeGreaterThanOrEqual(1)

      // The day's pass is done: another check the same day deletes nothing.
      const again = await chatUsed(alice, 60)
      expect(await runRetentionPass(t.ctx)).toBeNull()
      expect(await chatExists(again.chatId)).toBe(true)

      const state = await call(admin, 'GET', '/api/admin/retention')
      expect(state.body.data.lastRun).toMatchObject({ chats: deleted!.chats.length })
      expect(Date.parse(state.body.data.nextAt)).toBeGreaterThan(t.ctx.now().getTime() + 22 * 60 * 60 * 1000)
    } finally {
      restore()
    }
  })

  test('deletes files and generated images past their days; a file another chat still names stays', async () => {
    await call(admin, 'PUT', '/api/admin/retention', { chatDays: null, fileDays: 30 })
    const restore = await aDayLater()
    const later = t.ctx.now
    try {
      t.ctx.now = () => new Date(later().getTime() + DAY)
      const old = await chatUsed(alice, 40, {
        fileKey: `users/${alice.id}/files/${crypto.randomUUID()}`,
        image: true,
      })
      const fresh = await chatUsed(alice, 5, {
        fileKey: `users/${alice.id}/files/${crypto.randomUUID()}`,
        image: true,
      })
      // A chat continued from a share holds its own row on the same stored file, written recently.
      const shared = await chatUsed(bob, 40, { fileKey: `users/${bob.id}/files/${crypto.randomUUID()}` })
      const copy = await chatUsed(bob, 2)
      await t.ctx.db.insert(attachments).values({
        userId: bob.id,
        messageId: copy.question,
        storageKey: shared.fileKey!,
        filename: 'report.txt',
        contentType: 'text/plain',
        size: 6,
        kind: 'text',
      })

      const deleted = await runRetentionPass(t.ctx)
      expect(deleted).toMatchObject({ chats: [], images: 1 })
      expect(deleted!.files).toBe(2)
      // The chats stay: only their files go.
      expect(await chatExists(old.chatId)).toBe(true)
      expect(await stored(old.fileKey!)).toBe(false)
      expect(await stored(old.imageKey!)).toBe(false)
      expect(await stored(fresh.fileKey!)).toBe(true)
      expect(await stored(fresh.imageKey!)).toBe(true)
      expect(await stored(shared.fileKey!)).toBe(true)
      const left = await t.ctx.db
        .select()
        .from(attachments)
        .where(inArray(attachments.storageKey, [old.fileKey!, shared.fileKey!]))
      expect(left.map((row) => row.messageId)).toEqual([copy.question])
      const messages = await call(alice, 'GET', `/api/chats/${old.chatId}/messages`)
      expect(messages.status).toBe(200)
    } finally {
      t.ctx.now = later
      restore()
    }
  })

  test('a pass stops at its bound and the next check goes on at once', async () => {
    await call(admin, 'PUT', '/api/admin/retention', { chatDays: 30, fileDays: null })
    const restore = await aDayLater()
    const later = t.ctx.now
    try {
      t.ctx.now = () => new Date(later().getTime() + 2 * DAY)
      const three = [await chatUsed(alice, 50), await chatUsed(alice, 51), await chatUsed(alice, 52)]
      const first = await runRetentionPass(t.ctx, 2)
      expect(first).toMatchObject({ more: true })
      expect(first!.chats).toHaveLength(2)
      // Earlier tests' chats are past the days too: the passes go on, two chats each, until done.
      let passes = 1
      while ((await runRetentionPass(t.ctx, 2))?.more) passes++
      expect(passes).toBeGreaterThan(1)
      for (const chat of three) expect(await chatExists(chat.chatId)).toBe(false)
      expect(await runRetentionPass(t.ctx, 2)).toBeNull()
    } finally {
      t.ctx.now = later
      restore()
    }
  })

  test('two checks at once make one pass', async () => {
    await call(admin, 'PUT', '/api/admin/retention', { chatDays: 30, fileDays: null })
    const restore = await aDayLater()
    const later = t.ctx.now
    try {
      t.ctx.now = () => new Date(later().getTime() + 5 * DAY)
      await chatUsed(alice, 70)
      const before = (await runs()).length
      const both = await Promise.all([runRetentionPass(t.ctx), runRetentionPass(t.ctx)])
      expect(both.filter((pass) => pass !== null)).toHaveLength(1)
      expect(await runs()).toHaveLength(before + 1)
    } finally {
      t.ctx.now = later
      restore()
    }
  })
})
