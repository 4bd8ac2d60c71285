import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { chats, messages } from '../../db/schema'
import { findUser, startApp, TEST_ORIGIN, type TestApp } from '../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await startApp()
}, 60_000)
afterAll(() => t?.close())

const json = (headers: Record<string, string>, method: string, body: unknown) => ({
  method,
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
})
const patch = (headers: Record<string, string>, body: unknown) =>
  t.request('/api/profile', json(headers, 'PATCH', body))

const PROFILE_FIELDS = [
  'avatar_url',
  'bio',
  'created_at',
  'email',
  'full_name',
  'id',
  'is_banned',
  'notifications_enabled',
  'preferred_language',
  'role',
  'theme_preference',
  'updated_at',
]

describe('GET /api/profile', () => {
  test('answers 401 without a session', async () => {
    const res = await t.request('/api/profile')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ success: false, error: 'No active session', code: 'unauthorized' })
  })

  test("answers the session user's profile with exactly the spec's fields", async () => {
    const user = await t.createUser({ fullName: 'Ada Lovelace' })
    const res = await t.request('/api/profile', { headers: user.headers })
    expect(res.status).toBe(200)
    const { success, data } = await res.json()
    expect(success).toBe(true)
    expect(Object.keys(data).sort()).toEqual(PROFILE_FIELDS)
    const row = await findUser(t.database, user.id)
    expect(data).toEqual({
      id: user.id,
      email: user.email,
      full_name: 'Ada Lovelace',
      avatar_url: null,
      bio: '',
      preferred_language: 'en',
      theme_preference: 'system',
      notifications_enabled: true,
      role: 'user',
      is_banned: false,
      created_at: row!.createdAt.toISOString(),
      updated_at: row!.updatedAt.toISOString(),
    })
  })

  test('works with the session cookie too', async () => {
    const user = await t.createUser()
    const res = await t.request('/api/profile', { headers: { cookie: `parley_session=${user.token}` } })
    expect((await res.json()).data.id).toBe(user.id)
  })
})

describe('PATCH /api/profile', () => {
  test('updates every settable field, moves updated_at, answers and announces the profile', async () => {
    const user = await t.createUser()
    const before = await findUser(t.database, user.id)
    await Bun.sleep(5)
    const res = await patch(user.headers, {
      full_name: '  Grace Hopper  ',
      bio: 'Wrote the first compiler.',
      preferred_language: 'fr',
      theme_preference: 'dark',
      notifications_enabled: false,
    })
    expect(res.status).toBe(200)
    const { data } = await res.json()
    expect(data).toMatchObject({
      id: user.id,
      full_name: 'Grace Hopper',
      bio: 'Wrote the first compiler.',
      preferred_language: 'fr',
      theme_preference: 'dark',
      notifications_enabled: false,
    })
    expect(new Date(data.updated_at).getTime()).toBeGreaterThan(before!.updatedAt.getTime())
    expect((await (await t.request('/api/profile', { headers: user.headers })).json()).data).toEqual(data)
    const events = t.events.filter((e) => e.room === `user:${user.id}`)
    expect(events).toEqual([{ room: `user:${user.id}`, event: 'profile:updated', payload: data }])
  })

  test('changes only the fields sent', async () => {
    const user = await t.createUser({ fullName: 'Keep Me' })
    const { data } = await (await patch(user.headers, { bio: 'only the bio' })).json()
    expect(data).toMatchObject({ full_name: 'Keep Me', bio: 'only the bio', preferred_language: 'en' })
  })

  test('accepts the longest allowed name and bio', async () => {
    const user = await t.createUser()
    const res = await patch(user.headers, { full_name: 'n'.repeat(100), bio: 'b'.repeat(1000) })
    expect(res.status).toBe(200)
  })

  test('an empty patch changes nothing and announces nothing', async () => {
    const user = await t.createUser()
    const before = await findUser(t.database, user.id)
    const res = await patch(user.headers, {})
    expect(res.status).toBe(200)
    expect((await res.json()).data.updated_at).toBe(before!.updatedAt.toISOString())
    expect(t.events.some((e) => e.room === `user:${user.id}`)).toBe(false)
  })

  test.each([
    [{ preferred_language: 'nl' }, 'Language must be one of en, es, fr, de, it, pt'],
    [{ theme_preference: 'blue' }, 'Theme must be light, dark or system'],
    [{ notifications_enabled: 'yes' }, 'notifications_enabled must be true or false'],
    [{ full_name: 12 }, 'Full name must be text of at most 100 characters'],
    [{ full_name: 'n'.repeat(101) }, 'Full name must be text of at most 100 characters'],
    [{ bio: 'b'.repeat(1001) }, 'Bio must be text of at most 1000 characters'],
    [{ bio: null }, 'Bio must be text of at most 1000 characters'],
    [{ role: 'admin' }, 'Unknown profile field: role'],
    [{ full_name: 'ok', is_banned: false }, 'Unknown profile field: is_banned'],
    [{ email: 'new@example.com' }, 'Unknown profile field: email'],
    [{ id: '00000000-0000-0000-0000-000000000000' }, 'Unknown profile field: id'],
    [{ avatar_url: 'https://evil.example/x.png' }, 'avatar_url cannot be set here; upload an avatar instead'],
    [['full_name'], 'Expected a JSON object of profile fields'],
    [null, 'Expected a JSON object of profile fields'],
    ['a string', 'Expected a JSON object of profile fields'],
  ])('refuses %j with 400 and a clear message, changing nothing', async (body, message) => {
    const user = await t.createUser({ fullName: 'Unchanged' })
    const before = await findUser(t.database, user.id)
    const res = await patch(user.headers, body)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ success: false, error: message })
    // The session is checked before the body (decision 141), so the visit counts as activity.
    const after = await findUser(t.database, user.id)
    expect({ ...after, lastActiveAt: null }).toEqual({ ...before!, lastActiveAt: null })
  })

  test('refuses malformed JSON with 400', async () => {
    const user = await t.createUser()
    const res = await t.request('/api/profile', {
      method: 'PATCH',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: '{"full_name":',
    })
    expect(res.status).toBe(400)
  })

  test('a cookie-authenticated update must come from our origin', async () => {
    const user = await t.createUser()
    const cookie = `parley_session=${user.token}`
    const foreign = await patch({ cookie, origin: 'https://evil.example' }, { bio: 'x' })
    expect(foreign.status).toBe(403)
    const own = await patch({ cookie, origin: TEST_ORIGIN }, { bio: 'x' })
    expect(own.status).toBe(200)
  })

  test("a database failure answers 500 'Failed to update profile' without details", async () => {
    const user = await t.createUser()
    await t.database.db.execute(sql`
      create or replace function refuse_explode() returns trigger language plpgsql as $$
      begin
        if new.bio = 'explode' then raise exception 'disk on fire'; end if;
        return new;
      end $$`)
    await t.database.db.execute(
      sql`create trigger refuse_explode before update on users for each row execute function refuse_explode()`,
    )
    try {
      const res = await patch(user.headers, { bio: 'explode' })
      expect(res.status).toBe(500)
      expect(await res.json()).toMatchObject({ success: false, error: 'Failed to update profile' })
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_explode on users`)
    }
  })
})

describe('tenancy', () => {
  test("one user's session never reads or changes another user's profile", async () => {
    const alice = await t.createUser({ fullName: 'Alice' })
    const bob = await t.createUser({ fullName: 'Bob' })
    const bobUpdate = await patch(bob.headers, { full_name: 'Bob Changed', bio: 'mine' })
    expect((await bobUpdate.json()).data.id).toBe(bob.id)
    const seenByAlice = (await (await t.request('/api/profile', { headers: alice.headers })).json()).data
    expect(seenByAlice).toMatchObject({ id: alice.id, full_name: 'Alice', bio: '' })
    const seenByBob = (await (await t.request('/api/profile', { headers: bob.headers })).json()).data
    expect(seenByBob).toMatchObject({ id: bob.id, email: bob.email, full_name: 'Bob Changed' })
    expect(t.events.filter((e) => e.room === `user:${alice.id}`)).toEqual([])
  })
})

describe('GET /api/profile/stats', () => {
  test('counts chats and the messages the user sent, and gives the join date', async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    const [first, second] = await t.database.db
      .insert(chats)
      .values([{ userId: user.id }, { userId: user.id }])
      .returning()
    const [foreign] = await t.database.db.insert(chats).values({ userId: other.id }).returning()
    await t.database.db.insert(messages).values([
      { chatId: first!.id, userId: user.id, content: 'hi', isUser: true },
      { chatId: first!.id, userId: user.id, content: 'hello, how can I help?', isUser: false },
      { chatId: first!.id, userId: user.id, content: 'more', isUser: true },
      { chatId: second!.id, userId: user.id, content: 'again', isUser: true },
      { chatId: second!.id, userId: user.id, content: 'reply', isUser: false, status: 'failed' },
      { chatId: foreign!.id, userId: other.id, content: 'not theirs', isUser: true },
    ])
    const res = await t.request('/api/profile/stats', { headers: user.headers })
    expect(res.status).toBe(200)
    const row = await findUser(t.database, user.id)
    expect(await res.json()).toEqual({
      success: true,
      data: { totalChats: 2, totalMessages: 3, joinedDate: row!.createdAt.toISOString() },
    })
  })

  test('a new user has zero of each', async () => {
    const user = await t.createUser()
    const { data } = await (await t.request('/api/profile/stats', { headers: user.headers })).json()
    expect(data).toMatchObject({ totalChats: 0, totalMessages: 0 })
  })

  test('answers 401 without a session', async () => {
    expect((await t.request('/api/profile/stats')).status).toBe(401)
  })
})
