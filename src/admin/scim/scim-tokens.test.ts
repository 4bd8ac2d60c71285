import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { auditLog, scimTokens } from '../../../db/schema'
import { hashToken } from '../../auth/session'
import { outcome, startApp, type TestApp, type TestUser } from '../../test/harness'

/*
 * Admin › Sign-in's SCIM tokens (issue 29 contract): made by an administrator (never while acting
 * as someone else), shown once and stored as their SHA-256, listed without the secret beside the
 * base URL, revoked (never deleted) at once for SCIM, every change audited.
 */

let t: TestApp
let admin: TestUser
let plain: TestUser

beforeAll(async () => {
  t = await startApp()
  admin = await t.createUser({ role: 'admin', email: 'root@example.com' })
  plain = await t.createUser()
}, 60_000)
afterAll(() => t.close())

const api = (user: { headers: Record<string, string> } = admin) => t.as(user).api.admin.scim
const scimStatus = async (token: string) =>
  (await t.request('/scim/v2/ServiceProviderConfig', { headers: { authorization: `Bearer ${token}` } }))
    .status
const auditOf = async (id: string) =>
  (await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.createdAt)).map(
    (entry) => [entry.action, entry.actorId, entry.targetType, entry.details],
  )

describe('POST /api/admin/scim/token', () => {
  test('201 with the token once (scim-…), stored as its SHA-256; it opens SCIM; audited', async () => {
    const res = await api().token.post({ label: 'Okta' })
    expect(res.status).toBe(201)
    const data = res.data!.data
    expect(data).toMatchObject({ label: 'Okta' })
    expect(data.token).toMatch(/^scim-[a-z2-7]{32}$/)
    const [row] = await t.ctx.db.select().from(scimTokens).where(eq(scimTokens.id, data.id))
    expect(row!.tokenHash).toBe(hashToken(data.token))
    expect(row!.createdBy).toBe(admin.id)
    expect(await scimStatus(data.token)).toBe(200)
    expect(await auditOf(data.id)).toEqual([['scim_token.create', admin.id, 'scim_token', { label: 'Okta' }]])
  })

  test('no body or no label: an empty label', async () => {
    const bare = await t.request('/api/admin/scim/token', { method: 'POST', headers: admin.headers })
    expect(bare.status).toBe(201)
    expect(((await bare.json()) as { data: { label: string } }).data.label).toBe('')
    expect((await api().token.post({})).data!.data.label).toBe('')
  })

  test('a label over 100 characters, an unknown field or a non-object body: 400', async () => {
    expect(outcome(await api().token.post({ label: 'x'.repeat(101) })).status).toBe(400)
    const raw = (body: string) =>
      t.request('/api/admin/scim/token', {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body,
      })
    for (const body of ['{"label":"a","token":"scim-mine"}', '[]', '{"label":7}', '{"label":'])
      expect((await raw(body)).status).toBe(400)
  })
})

describe('GET /api/admin/scim/tokens', () => {
  test('the base URL and every token, newest first, without the token or its hash', async () => {
    const made = (await api().token.post({ label: 'listed' })).data!.data
    const res = await api().tokens.get()
    expect(res.status).toBe(200)
    expect(res.data!.data.baseUrl).toBe('http://localhost/scim/v2')
    const [first] = res.data!.data.tokens
    expect(first).toEqual({
      id: made.id,
      label: 'listed',
      createdAt: expect.any(Date),
      lastUsedAt: null,
      revokedAt: null,
    })
    const text = JSON.stringify(res.data)
    expect(text).not.toContain(made.token)
    expect(text).not.toContain(hashToken(made.token))
  })
})

describe('DELETE /api/admin/scim/tokens/:id', () => {
  test('revokes at once (SCIM answers 401), kept in the list as revoked; again: no change, one audit entry', async () => {
    const made = (await api().token.post({ label: 'to revoke' })).data!.data
    expect(await scimStatus(made.token)).toBe(200)
    const res = await api().tokens({ id: made.id }).delete()
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ success: true })
    expect(await scimStatus(made.token)).toBe(401)
    const listed = (await api().tokens.get()).data!.data.tokens.find((token) => token.id === made.id)
    expect(listed!.revokedAt).toBeInstanceOf(Date)
    expect(listed!.lastUsedAt).toBeInstanceOf(Date)
    expect((await api().tokens({ id: made.id }).delete()).status).toBe(200)
    expect((await auditOf(made.id)).map((entry) => entry[0])).toEqual([
      'scim_token.create',
      'scim_token.revoke',
    ])
  })

  test('an unknown or malformed id: 404', async () => {
    for (const id of [crypto.randomUUID(), 'nope'])
      expect(outcome(await api().tokens({ id }).delete())).toMatchObject({
        status: 404,
        body: { code: 'not_found:scim_token' },
      })
  })
})

describe('who may', () => {
  test('signed out 401, an ordinary user 403, an admin acting as someone else (support access) 403', async () => {
    const made = (await api().token.post({ label: 'guarded' })).data!.data
    const nobody = { headers: {} as Record<string, string> }
    const target = await t.createUser()
    const access = await t.request('/api/admin/impersonations', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        targetUserId: target.id,
        reasonCode: 'bug_investigation',
        caseNumber: 'S-1',
        durationMinutes: 15,
      }),
    })
    expect(access.status).toBe(201)
    const supportToken = ((await access.json()) as { data: { token: string } }).data.token
    const support = { headers: { authorization: `Bearer ${supportToken}` } }
    for (const [who, status] of [
      [nobody, 401],
      [plain, 403],
      [support, 403],
    ] as const) {
      expect((await api(who).tokens.get()).status).toBe(status)
      expect((await api(who).token.post({ label: 'x' })).status).toBe(status)
      expect((await api(who).tokens({ id: made.id }).delete()).status).toBe(status)
    }
    expect(await scimStatus(made.token)).toBe(200)
  })
})
