import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { type Attachment, auditLog, messages, shares } from '../../db/schema'
import { attachmentsFor } from '../attachments/attachments-data'
import { imagesFor } from '../images/images-data'
import { messagesFor } from '../messages/messages-data'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { TINY_PNG } from '../test/images'
import { callJson, type Loose } from '../test/json-call'
import { treeChat as insertTreeChat } from '../test/tree-chat'

/*
 * Share links and chat export (issue 32, points 1–3): audiences, expiry, revocation, public links
 * turned off, hostile tokens, other people's chats, continuing a link, both export formats, and
 * support access refused. Runs on PGlite, and on Postgres with TEST_DATABASE_URL.
 */

let t: TestApp
let alice: TestUser
let bob: TestUser
let admin: TestUser

const call = (
  user: { headers: Record<string, string> } | null,
  method: string,
  path: string,
  body?: unknown,
) => callJson(t, user, method, path, body)

const treeChat = (user: TestUser, title = 'Trip planning') => insertTreeChat(t, user, { title })

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/s/') + 3)

beforeAll(async () => {
  t = await startApp({ APP_URL: 'https://parley.example' })
  alice = await t.createUser({ email: 'alice@example.com' })
  bob = await t.createUser({ email: 'bob@example.com' })
  admin = await t.createUser({ email: 'admin@example.com', role: 'admin' })
}, 60_000)
afterAll(() => t.close())

describe('share links', () => {
  test('an organisation link shows the current branch to signed-in people only, counts views, is audited', async () => {
    const { chatId } = await treeChat(alice)
    const made = await call(alice, 'POST', `/api/chats/${chatId}/shares`, {})
    expect(made.status).toBe(201)
    expect(made.body.data.url).toMatch(/^https:\/\/parley\.example\/s\/[A-Za-z0-9_-]{32}$/)
    expect(made.body.data.share).toMatchObject({ audience: 'organization', view_count: 0, expires_at: null })
    const token = tokenOf(made.body.data.url)
    const [row] = await t.ctx.db.select().from(shares).where(eq(shares.id, made.body.data.id))
    expect(row!.tokenHash).not.toContain(token)
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/)

    const seen = await call(bob, 'GET', `/api/shares/${token}`)
    expect(seen.status).toBe(200)
    expect(seen.body.data.title).toBe('Trip planning')
    expect(seen.body.data.signed_in).toBe(true)
    expect(seen.body.data.files).toBe(true)
    expect(seen.body.data.messages.map((m: Loose) => [m.role, m.content])).toEqual([
      ['user', 'Where to go in **May**?'],
      ['assistant', 'Try <script>alert(1)</script> Lisbon.'],
    ])
    expect(seen.body.data.messages[1].model_id).toBe('gpt-test')

    const signedOut = await call(null, 'GET', `/api/shares/${token}`)
    expect(signedOut.status).toBe(404)
    expect(signedOut.body.code).toBe('not_found:share')

    const list = await call(alice, 'GET', `/api/chats/${chatId}/shares`)
    expect(list.body.data.links).toHaveLength(1)
    expect(list.body.data.links[0].view_count).toBe(1)
    expect(list.body.data.public_links).toBe(false)

    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'share.create'))
    expect(audit.some((entry) => entry.targetId === made.body.data.id)).toBe(true)
  })

  test('the snapshot stays as it was shared when the chat goes on', async () => {
    const { chatId, a2 } = await treeChat(alice, 'Snapshot')
    const made = await call(alice, 'POST', `/api/chats/${chatId}/shares`, {})
    const token = tokenOf(made.body.data.url)
    await messagesFor(t.ctx.db, t.actorOf(alice)).insert([
      { chatId, parentId: a2, content: 'A later question', isUser: true, status: 'complete' },
    ])
    const seen = await call(bob, 'GET', `/api/shares/${token}`)
    expect(seen.body.data.messages).toHaveLength(2)
  })

  test('hostile, altered and unknown tokens all answer the same 404', async () => {
    const { chatId } = await treeChat(alice, 'Hostile')
    const token = tokenOf((await call(alice, 'POST', `/api/chats/${chatId}/shares`, {})).body.data.url)
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    for (const bad of [altered, 'x', 'A'.repeat(32), '..%2F..%2Fetc', 'A'.repeat(5000), `${token}x`]) {
      const res = await call(bob, 'GET', `/api/shares/${bad}`)
      expect({ bad: bad.slice(0, 40), status: res.status, code: res.body?.code }).toEqual({
        bad: bad.slice(0, 40),
        status: 404,
        code: 'not_found:share',
      })
    }
    // A NUL anywhere is refused by the app before any route (src/http): still no word of the link.
    expect((await call(bob, 'GET', '/api/shares/%00')).body.code).toBe('bad_request:nul')
    for (const bad of [altered, 'nope']) {
      expect((await call(bob, 'POST', `/api/shares/${bad}/fork`)).status).toBe(404)
      expect((await call(bob, 'GET', `/api/shares/${bad}/images/${crypto.randomUUID()}`)).status).toBe(404)
    }
  })

  test('expired and revoked links stop at once; only the owner revokes', async () => {
    const { chatId } = await treeChat(alice, 'Expiring')
    const future = new Date(Date.now() + 86_400_000).toISOString()
    const made = await call(alice, 'POST', `/api/chats/${chatId}/shares`, { expiresAt: future })
    expect(made.body.data.share.expires_at).toBe(future)
    const token = tokenOf(made.body.data.url)
    expect((await call(bob, 'GET', `/api/shares/${token}`)).status).toBe(200)
    await t.ctx.db
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shares.id, made.body.data.id))
    expect((await call(bob, 'GET', `/api/shares/${token}`)).status).toBe(404)

    const live = await call(alice, 'POST', `/api/chats/${chatId}/shares`, {})
    const liveToken = tokenOf(live.body.data.url)
    expect((await call(bob, 'DELETE', `/api/shares/${live.body.data.id}`)).status).toBe(404)
    expect((await call(bob, 'GET', `/api/shares/${liveToken}`)).status).toBe(200)
    expect((await call(alice, 'DELETE', `/api/shares/${live.body.data.id}`)).status).toBe(200)
    expect((await call(bob, 'GET', `/api/shares/${liveToken}`)).status).toBe(404)
    expect((await call(alice, 'GET', `/api/shares/${liveToken}`)).status).toBe(404)
    expect((await call(alice, 'DELETE', `/api/shares/${live.body.data.id}`)).status).toBe(404)
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'share.revoke'))
    expect(audit.some((entry) => entry.targetId === live.body.data.id)).toBe(true)
  })

  test('refuses bad input with 4xx', async () => {
    const { chatId } = await treeChat(alice, 'Bad input')
    const past = new Date(Date.now() - 60_000).toISOString()
    for (const body of [
      { expiresAt: past },
      { expiresAt: 'tomorrow' },
      { audience: 'everyone' },
      '{"audience":',
    ]) {
      const res = await call(alice, 'POST', `/api/chats/${chatId}/shares`, body)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    }
    const empty = (await call(alice, 'POST', '/api/chats', { title: 'Empty' })).body.data.id
    expect((await call(alice, 'POST', `/api/chats/${empty}/shares`, {})).body.code).toBe(
      'bad_request:share_empty',
    )
  })

  test('other people’s chats are 404 to share, list and export', async () => {
    const { chatId } = await treeChat(alice, 'Private')
    expect((await call(bob, 'POST', `/api/chats/${chatId}/shares`, {})).status).toBe(404)
    expect((await call(bob, 'GET', `/api/chats/${chatId}/shares`)).status).toBe(404)
    expect((await call(bob, 'GET', `/api/chats/${chatId}/export?format=json`)).status).toBe(404)
    expect((await call(bob, 'GET', `/api/chats/not-a-uuid/export?format=md`)).status).toBe(404)
  })

  test('public links: refused while off, open to anyone while on, stopped at once when turned off', async () => {
    const { chatId } = await treeChat(alice, 'Public')
    const refused = await call(alice, 'POST', `/api/chats/${chatId}/shares`, { audience: 'public' })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('forbidden:public_links')

    expect((await call(bob, 'PUT', '/api/admin/sharing', { publicLinks: true })).status).toBe(403)
    expect((await call(admin, 'PUT', '/api/admin/sharing', { publicLinks: true })).body.data).toEqual({
      publicLinks: true,
    })
    expect((await call(admin, 'GET', '/api/admin/sharing')).body.data).toEqual({ publicLinks: true })
    const made = await call(alice, 'POST', `/api/chats/${chatId}/shares`, { audience: 'public' })
    expect(made.status).toBe(201)
    const token = tokenOf(made.body.data.url)
    const anyone = await call(null, 'GET', `/api/shares/${token}`)
    expect(anyone.status).toBe(200)
    expect(anyone.body.data).toMatchObject({ audience: 'public', signed_in: false, files: false })
    expect((await call(null, 'POST', `/api/shares/${token}/fork`)).status).toBe(401)

    await call(admin, 'PUT', '/api/admin/sharing', { publicLinks: false })
    expect((await call(null, 'GET', `/api/shares/${token}`)).status).toBe(404)
    expect((await call(bob, 'GET', `/api/shares/${token}`)).status).toBe(404)
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'sharing.update'))
    expect(audit).toHaveLength(2)
  })

  test('the admin lists every link with its owner and revokes any', async () => {
    const { chatId } = await treeChat(alice, 'Admin sees')
    const made = await call(alice, 'POST', `/api/chats/${chatId}/shares`, {})
    expect((await call(bob, 'GET', '/api/admin/shares')).status).toBe(403)
    const list = await call(admin, 'GET', '/api/admin/shares')
    const entry = list.body.data.find((s: Loose) => s.id === made.body.data.id)
    expect(entry).toMatchObject({
      owner_email: 'alice@example.com',
      chat_title: 'Admin sees',
      revoked_at: null,
    })
    expect((await call(admin, 'DELETE', `/api/admin/shares/${made.body.data.id}`)).status).toBe(200)
    expect((await call(bob, 'GET', `/api/shares/${tokenOf(made.body.data.url)}`)).status).toBe(404)
    expect((await call(admin, 'DELETE', `/api/admin/shares/${made.body.data.id}`)).status).toBe(404)
    expect((await call(admin, 'DELETE', '/api/admin/shares/nope')).status).toBe(404)
  })

  test('continue in my chats copies the snapshot into a new chat of the viewer', async () => {
    const { chatId } = await treeChat(alice, 'Continue me')
    const token = tokenOf((await call(alice, 'POST', `/api/chats/${chatId}/shares`, {})).body.data.url)
    const forked = await call(bob, 'POST', `/api/shares/${token}/fork`)
    expect(forked.status).toBe(201)
    expect(forked.body.data.chat.title).toBe('Continue me')
    const copied = await t.ctx.db.select().from(messages).where(eq(messages.chatId, forked.body.data.chat.id))
    expect(copied.map((m) => m.content).sort()).toEqual([
      'Try <script>alert(1)</script> Lisbon.',
      'Where to go in **May**?',
    ])
    expect(copied.every((m) => m.userId === bob.id)).toBe(true)
    const bobsChats = await call(bob, 'GET', '/api/chats')
    expect(
      bobsChats.body.data.chats?.map?.((c: Loose) => c.id) ?? JSON.stringify(bobsChats.body.data),
    ).toContain(forked.body.data.chat.id)
  })
})

describe('files and images of a shared chat', () => {
  test('on the path only; files to signed-in viewers of an organisation link; images carried into a copy', async () => {
    const { chatId, q1, q2, a2 } = await treeChat(alice, 'With files')
    const owner = t.actorOf(alice)
    const file = (name: string, key: string) =>
      ({
        storageKey: key,
        filename: name,
        contentType: 'text/plain',
        size: 5,
        kind: 'text',
        extractedText: null,
        extractionError: null,
        createdAt: new Date(),
      }) as unknown as Attachment
    await t.ctx.storage.put(`users/${alice.id}/notes.txt`, new TextEncoder().encode('notes'), 'text/plain')
    await attachmentsFor(t.ctx.db, owner).copyTo([
      { messageId: q2, files: [file('notes.txt', `users/${alice.id}/notes.txt`)] },
      { messageId: q1, files: [file('old.txt', `users/${alice.id}/notes.txt`)] },
    ])
    await t.ctx.storage.put(`users/${alice.id}/image.png`, TINY_PNG, 'image/png')
    const image = await imagesFor(t.ctx.db, owner).insert({
      storageKey: `users/${alice.id}/image.png`,
      contentType: 'image/png',
      byteSize: TINY_PNG.length,
      prompt: 'a dot',
      size: '1024x1024',
      style: 'realistic',
      modelId: 'img',
      messageId: a2,
    })
    await t.ctx.db
      .update(messages)
      .set({ content: `Here: ![Generated Image](/api/images/${image.id})` })
      .where(eq(messages.id, a2))
    const offPath = (await attachmentsFor(t.ctx.db, owner).ofMessages([q1]))[0]!

    const made = await call(alice, 'POST', `/api/chats/${chatId}/shares`, {})
    const token = tokenOf(made.body.data.url)
    const seen = (await call(bob, 'GET', `/api/shares/${token}`)).body.data
    expect(seen.files).toBe(true)
    const [question, answer] = seen.messages
    expect(question.attachments.map((a: Loose) => a.name)).toEqual(['notes.txt'])
    expect(answer.content).toBe(`Here: ![Generated Image](/api/shares/${token}/images/${image.id})`)
    expect(answer.images).toEqual([`/api/shares/${token}/images/${image.id}`])

    const got = await call(bob, 'GET', `/api/shares/${token}/files/${question.attachments[0].id}`)
    expect(got.status).toBe(200)
    expect(got.text).toBe('notes')
    expect((await call(bob, 'GET', `/api/shares/${token}/files/${offPath.id}`)).status).toBe(404)
    expect((await call(null, 'GET', `/api/shares/${token}/files/${question.attachments[0].id}`)).status).toBe(
      404,
    )
    const picture = await call(bob, 'GET', answer.images[0])
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/png')
    expect((await call(null, 'GET', answer.images[0])).status).toBe(404)
    // The owner's own image url stays the owner's.
    expect((await call(bob, 'GET', `/api/images/${image.id}`)).status).toBe(404)

    // A public link shows the files' names only, and its images to anyone.
    await call(admin, 'PUT', '/api/admin/sharing', { publicLinks: true })
    const pub = tokenOf(
      (await call(alice, 'POST', `/api/chats/${chatId}/shares`, { audience: 'public' })).body.data.url,
    )
    const anyone = (await call(null, 'GET', `/api/shares/${pub}`)).body.data
    expect(anyone.files).toBe(false)
    expect(anyone.messages[0].attachments.map((a: Loose) => a.name)).toEqual(['notes.txt'])
    expect((await call(null, 'GET', `/api/shares/${pub}/files/${question.attachments[0].id}`)).status).toBe(
      404,
    )
    expect((await call(bob, 'GET', `/api/shares/${pub}/files/${question.attachments[0].id}`)).status).toBe(
      404,
    )
    expect((await call(null, 'GET', `/api/shares/${pub}/images/${image.id}`)).status).toBe(200)
    await call(admin, 'PUT', '/api/admin/sharing', { publicLinks: false })

    // Continued: Bob's copy has the file and its own image row.
    const forked = (await call(bob, 'POST', `/api/shares/${token}/fork`)).body.data.chat
    const copied = await t.ctx.db.select().from(messages).where(eq(messages.chatId, forked.id))
    const copiedAnswer = copied.find((m) => !m.isUser)!
    const mine = /\/api\/images\/([0-9a-f-]{36})/.exec(copiedAnswer.content)![1]!
    expect(mine).not.toBe(image.id)
    expect((await call(bob, 'GET', `/api/images/${mine}`)).status).toBe(200)
    const bobFiles = await attachmentsFor(t.ctx.db, t.actorOf(bob)).ofMessages(copied.map((m) => m.id))
    expect(bobFiles.map((f) => f.filename)).toEqual(['notes.txt'])
  })
})

describe('export', () => {
  test('Markdown holds the current branch with roles and times', async () => {
    const { chatId } = await treeChat(alice, 'Trip: "May" / plans')
    const res = await call(alice, 'GET', `/api/chats/${chatId}/export?format=md`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="trip-may-plans.md"')
    expect(res.headers.get('content-type')).toContain('text/markdown')
    expect(res.text).toContain('# Trip: "May" / plans')
    expect(res.text).toContain('## User · 2026-01-01T10:00:03.000Z')
    expect(res.text).toContain('## Assistant (gpt-test) · 2026-01-01T10:00:04.000Z')
    expect(res.text).toContain('Where to go in **May**?')
    expect(res.text).not.toContain('Old question')
    const plain = await call(alice, 'GET', `/api/chats/${chatId}/export`)
    expect(plain.headers.get('content-type')).toContain('text/markdown')
  })

  test('JSON holds every branch with ids, parents and the current leaf', async () => {
    const { chatId, q1, a1, q2, a2 } = await treeChat(alice, 'Branches')
    const res = await call(alice, 'GET', `/api/chats/${chatId}/export?format=json`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="branches.json"')
    expect(res.body.title).toBe('Branches')
    expect(res.body.current_leaf_id).toBe(a2)
    expect(res.body.messages.map((m: Loose) => [m.id, m.parent_id, m.role])).toEqual([
      [q1, null, 'user'],
      [a1, q1, 'assistant'],
      [q2, null, 'user'],
      [a2, q2, 'assistant'],
    ])
    expect(res.body.messages[3]).toMatchObject({ model: 'gpt-test', attachments: [] })
    expect((await call(alice, 'GET', `/api/chats/${chatId}/export?format=pdf`)).status).toBe(400)
  })
})

describe('support access', () => {
  test('can neither make links, revoke, continue nor export', async () => {
    const { chatId } = await treeChat(alice, 'Support')
    const made = await call(alice, 'POST', `/api/chats/${chatId}/shares`, {})
    const started = await call(admin, 'POST', '/api/admin/impersonations', {
      targetUserId: alice.id,
      reasonCode: 'customer_request',
      caseNumber: 'SHARE-1',
      durationMinutes: 30,
    })
    expect(started.status).toBe(201)
    const support = { headers: { authorization: `Bearer ${started.body.data.token}` } }
    for (const [method, path, body] of [
      ['POST', `/api/chats/${chatId}/shares`, { audience: 'organization' }],
      ['POST', `/api/chats/${chatId}/shares`, { audience: 'public' }],
      ['DELETE', `/api/shares/${made.body.data.id}`, undefined],
      ['POST', `/api/shares/${tokenOf(made.body.data.url)}/fork`, undefined],
      ['GET', `/api/chats/${chatId}/export?format=md`, undefined],
      ['GET', `/api/chats/${chatId}/export?format=json`, undefined],
    ] as const) {
      const res = await call(support, method, path, body)
      expect({ path, method, status: res.status, code: res.body?.code }).toEqual({
        path,
        method,
        status: 403,
        code: 'forbidden:impersonating',
      })
    }
    expect((await t.ctx.db.select().from(shares).where(eq(shares.chatId, chatId))).length).toBe(1)
  })
})
