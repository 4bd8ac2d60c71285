import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { authTokens, sessions } from '../../db/schema'
import { startApp, type TestApp } from '../test/harness'
import { startExpiryPurge } from './purge'
import { createSession, SESSION_TTL_MS } from './session'
import { createAuthToken } from './tokens'

let t: TestApp
beforeAll(async () => {
  t = await startApp()
}, 60_000)
afterAll(() => t.close())

const DAY_MS = 24 * 60 * 60 * 1000

describe('purging expired sessions and links', () => {
  test('at start-up, by the context’s clock: expired sessions and links go, live ones stay', async () => {
    const start = new Date()
    t.ctx.now = () => start
    const user = await t.createUser()
    const old = await createSession(t.ctx.db, user.id, start)
    await createAuthToken(t.ctx.db, { userId: user.id, kind: 'password_reset', now: start })

    // A month and a day later: the old session and the hour-long reset link have expired.
    const later = new Date(start.getTime() + SESSION_TTL_MS + DAY_MS)
    t.ctx.now = () => later
    const fresh = await createSession(t.ctx.db, user.id, later)
    const purge = startExpiryPurge(t.ctx)
    try {
      await purge.ready
      const left = await t.ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, user.id))
      expect(left.map(({ id }) => id)).toEqual([fresh.session.id])
      expect(left.map(({ id }) => id)).not.toContain(old.session.id)
      expect(await t.ctx.db.select().from(authTokens).where(eq(authTokens.userId, user.id))).toHaveLength(0)
    } finally {
      await purge.stop()
      t.ctx.now = () => new Date()
    }
  })

  test('then on its schedule, and never again once stopped', async () => {
    const user = await t.createUser()
    const purge = startExpiryPurge(t.ctx, 50)
    await purge.ready
    // Expires while the purge runs: the next tick removes it.
    await createSession(t.ctx.db, user.id, new Date(Date.now() - SESSION_TTL_MS - 1000))
    const count = async () =>
      (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length
    const deadline = Date.now() + 3000
    while ((await count()) !== 1 && Date.now() < deadline) await Bun.sleep(20)
    expect(await count()).toBe(1)
    await purge.stop()
    await createSession(t.ctx.db, user.id, new Date(Date.now() - SESSION_TTL_MS - 1000))
    await Bun.sleep(200)
    expect(await count()).toBe(2)
  })
})
