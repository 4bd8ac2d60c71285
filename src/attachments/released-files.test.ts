import { afterAll, beforeAll, expect, test } from 'bun:test'
import { attachments } from '../../db/schema'
import { messagesFor } from '../messages/messages-data'
import { startApp, type TestApp, type TestUser } from '../test/harness'

/*
 * A chat deleted by hand or in bulk takes its stored files with it, unless another row (a chat
 * continued from a share link, a fork) still names the same file. Runs on PGlite, and on Postgres
 * with TEST_DATABASE_URL.
 */

let t: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await startApp()
  alice = await t.createUser({ email: 'alice@example.com' })
  bob = await t.createUser({ email: 'bob@example.com' })
}, 60_000)
afterAll(() => t.close())

/** A chat of `user` whose question carries the stored file `key` (stored here when new). */
async function chatWithFile(user: TestUser, key: string) {
  const created = await t.request('/api/chats', {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'With a file' }),
  })
  const chatId = ((await created.json()) as { data: { id: string } }).data.id
  const question = crypto.randomUUID()
  await messagesFor(t.ctx.db, t.actorOf(user)).insert([
    { id: question, chatId, parentId: null, content: 'See the file', isUser: true, status: 'complete' },
  ])
  if ((await t.ctx.storage.get(key)) === null)
    await t.ctx.storage.put(key, new TextEncoder().encode('x'), 'text/plain')
  await t.ctx.db.insert(attachments).values({
    userId: user.id,
    messageId: question,
    storageKey: key,
    filename: 'notes.txt',
    contentType: 'text/plain',
    size: 1,
    kind: 'text',
  })
  return chatId
}

const stored = async (key: string) => (await t.ctx.storage.get(key)) !== null
const send = (user: TestUser, method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: { ...user.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })

test('deleting a chat deletes its stored files', async () => {
  const key = `users/${alice.id}/files/${crypto.randomUUID()}`
  const chatId = await chatWithFile(alice, key)
  expect((await send(alice, 'DELETE', `/api/chats/${chatId}`)).status).toBe(200)
  expect(await stored(key)).toBe(false)
})

test('a file another person’s chat still names stays', async () => {
  const key = `users/${alice.id}/files/${crypto.randomUUID()}`
  const own = await chatWithFile(alice, key)
  // Bob continued Alice's shared chat: his row names the same stored file.
  const continued = await chatWithFile(bob, key)
  expect((await send(alice, 'DELETE', `/api/chats/${own}`)).status).toBe(200)
  expect(await stored(key)).toBe(true)
  expect((await send(bob, 'DELETE', `/api/chats/${continued}`)).status).toBe(200)
  expect(await stored(key)).toBe(false)
})

test('a bulk delete deletes the files of the chats it deleted, and only those', async () => {
  const keys = [0, 1, 2].map(() => `users/${alice.id}/files/${crypto.randomUUID()}`)
  const chats = await Promise.all(keys.map((key) => chatWithFile(alice, key)))
  const bobsKey = `users/${bob.id}/files/${crypto.randomUUID()}`
  const bobs = await chatWithFile(bob, bobsKey)
  const res = await send(alice, 'POST', '/api/chats/bulk', {
    ids: [chats[0], chats[1], bobs, 'not-a-uuid'],
    action: 'delete',
  })
  expect(res.status).toBe(200)
  expect(await stored(keys[0]!)).toBe(false)
  expect(await stored(keys[1]!)).toBe(false)
  expect(await stored(keys[2]!)).toBe(true)
  expect(await stored(bobsKey)).toBe(true)
})
