import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { chats, sessions } from '../../db/schema'
import { expectError } from '../test/auth'
import { findUser, startApp, TEST_ORIGIN, type TestApp } from '../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await startApp()
}, 60_000)
afterAll(() => t.close())

const deleteAccount = (headers: Record<string, string>) =>
  t.request('/api/user/delete-account', { method: 'DELETE', headers })

describe('DELETE /api/user/delete-account', () => {
  test('with a Bearer token deletes the account, its rows and its files, and nobody else’s', async () => {
    const user = await t.createUser()
    const bystander = await t.createUser()
    await t.database.db.insert(chats).values({ userId: user.id, title: 'Mine' })
    await t.database.db.insert(chats).values({ userId: bystander.id, title: 'Theirs' })
    await t.ctx.storage.put(`users/${user.id}/avatar.png`, new Uint8Array([1]), 'image/png')
    await t.ctx.storage.put(`users/${bystander.id}/avatar.png`, new Uint8Array([2]), 'image/png')

    const res = await deleteAccount(user.headers)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true })

    expect(await findUser(t.database, user.id)).toBeUndefined()
    expect(await t.database.db.select().from(chats).where(eq(chats.userId, user.id))).toHaveLength(0)
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
    expect(await t.ctx.storage.get(`users/${user.id}/avatar.png`)).toBeNull()

    expect(await findUser(t.database, bystander.id)).toBeDefined()
    expect(await t.database.db.select().from(chats).where(eq(chats.userId, bystander.id))).toHaveLength(1)
    expect(await t.ctx.storage.get(`users/${bystander.id}/avatar.png`)).not.toBeNull()
    await expectError(await deleteAccount(user.headers), 401, 'No active session')
  })

  test('without a session answers 401', async () => {
    await expectError(await deleteAccount({}), 401, 'No active session')
  })

  test('with the cookie it needs our Origin (a cross-site page cannot delete an account)', async () => {
    const user = await t.createUser()
    const cookie = `parley_session=${user.token}`
    await expectError(
      await deleteAccount({ cookie, origin: 'http://evil.example' }),
      403,
      'Cross-site request refused',
    )
    expect(await findUser(t.database, user.id)).toBeDefined()
    const res = await deleteAccount({ cookie, origin: TEST_ORIGIN })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toContain(
      'parley_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0',
    )
  })

  test('when the files cannot be removed it answers "Failed to delete account" and keeps the account', async () => {
    const user = await t.createUser()
    const deletePrefix = t.ctx.storage.deletePrefix
    t.ctx.storage.deletePrefix = () => Promise.reject(new Error('bucket unreachable'))
    try {
      await expectError(await deleteAccount(user.headers), 500, 'Failed to delete account')
    } finally {
      t.ctx.storage.deletePrefix = deletePrefix
    }
    expect(await findUser(t.database, user.id)).toBeDefined()
    expect((await deleteAccount(user.headers)).status).toBe(200)
  })
})
