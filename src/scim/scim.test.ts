import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { groupMembers, scimTokens, users } from '../../db/schema'
import { findUser, startApp, type TestApp, type TestUser } from '../test/harness'

/*
 * SCIM 2.0 provisioning (issue 29, RFC 7643/7644) against the request examples of the RFCs and of
 * Entra ID's and Okta's documentation, copied as they are: discovery, Users and Groups with their
 * filters, paging and PATCH forms, SCIM's error shape for every refusal (never the app's, never a
 * 5xx), and hostile bodies. The deprovisioning that cuts a live socket is in deprovision.test.ts.
 */

let t: TestApp
let admin: TestUser
let token: string

beforeAll(async () => {
  t = await startApp()
  admin = await t.createUser({ role: 'admin', email: 'root@example.com', fullName: 'Root Admin' })
  const made = await t.as(admin).api.admin.scim.token.post({ label: 'Entra ID' })
  token = made.data!.data.token
}, 60_000)
afterAll(() => t.close())

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User'
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group'
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error'
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse'

// biome-ignore lint/suspicious/noExplicitAny: SCIM answers, read loosely by the test
type Answer = { status: number; type: string | null; body: any; headers: Headers }

async function scim(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await t.request(`/scim/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {}
  return { status: res.status, type: res.headers.get('content-type'), body: parsed, headers: res.headers }
}

/** A SCIM error answer: its status, scimType and the shape RFC 7644 section 3.12 gives it. */
function expectError(answer: Answer, status: number, scimType?: string) {
  expect({ status: answer.status, scimType: answer.body?.scimType }).toEqual({ status, scimType })
  expect(answer.type).toStartWith('application/scim+json')
  expect(answer.body.schemas).toEqual([ERROR])
  expect(answer.body.status).toBe(String(status))
  expect(typeof answer.body.detail).toBe('string')
  expect(answer.body.success).toBeUndefined()
}

let counter = 0
const unique = (name: string) => `${name}${++counter}@example.com`

async function createUser(extra: Record<string, unknown> = {}) {
  const res = await scim('POST', '/Users', { schemas: [USER], userName: unique('person'), ...extra })
  expect(res.status).toBe(201)
  return res.body as { id: string; userName: string }
}

describe('the bearer token', () => {
  test('no token, another scheme, a session token, an unknown or revoked token: 401 with a Bearer challenge', async () => {
    const made = await t.as(admin).api.admin.scim.token.post({ label: 'to revoke' })
    const revoked = made.data!.data
    await t.as(admin).api.admin.scim.tokens({ id: revoked.id }).delete()
    for (const authorization of [
      undefined,
      `Basic ${btoa('a:b')}`,
      `Bearer ${admin.token}`,
      'Bearer scim-nottherighttoken',
      `Bearer ${revoked.token}`,
      'Bearer',
    ]) {
      const res = await t.request('/scim/v2/Users', { headers: authorization ? { authorization } : {} })
      const answer = {
        status: res.status,
        type: res.headers.get('content-type'),
        body: await res.json(),
        headers: res.headers,
      }
      expectError(answer, 401)
      expect(res.headers.get('www-authenticate')).toStartWith('Bearer')
    }
  })

  test('a stranger’s body is never read: a malformed body without a token is 401, not 400', async () => {
    const res = await t.request('/scim/v2/Users', {
      method: 'POST',
      headers: { 'content-type': 'application/scim+json' },
      body: '{"userName": ',
    })
    expect(res.status).toBe(401)
    expect((await res.json()).schemas).toEqual([ERROR])
  })

  test('a use is noted in last_used_at, at most once a minute', async () => {
    await scim('GET', '/ServiceProviderConfig')
    const [before] = await t.ctx.db.select().from(scimTokens).where(eq(scimTokens.label, 'Entra ID'))
    expect(before!.lastUsedAt).not.toBeNull()
    await scim('GET', '/ServiceProviderConfig')
    const [after] = await t.ctx.db.select().from(scimTokens).where(eq(scimTokens.label, 'Entra ID'))
    expect(after!.lastUsedAt!.getTime()).toBe(before!.lastUsedAt!.getTime())
  })
})

describe('discovery', () => {
  test('ServiceProviderConfig: patch and filter (200 per page) yes; bulk, password changes, sort, etag no; bearer tokens', async () => {
    const res = await scim('GET', '/ServiceProviderConfig')
    expect(res.status).toBe(200)
    expect(res.type).toStartWith('application/scim+json')
    expect(res.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken', primary: true }],
    })
  })

  test('ResourceTypes and Schemas list User and Group, each also by id', async () => {
    const types = await scim('GET', '/ResourceTypes')
    expect(types.body.schemas).toEqual([LIST])
    expect(
      types.body.Resources.map((type: { id: string; endpoint: string; schema: string }) => [
        type.id,
        type.endpoint,
        type.schema,
      ]),
    ).toEqual([
      ['User', '/Users', USER],
      ['Group', '/Groups', GROUP],
    ])
    expect((await scim('GET', '/ResourceTypes/Group')).body.endpoint).toBe('/Groups')
    const schemas = await scim('GET', '/Schemas')
    expect(schemas.body.totalResults).toBe(2)
    const user = await scim('GET', `/Schemas/${USER}`)
    expect(user.body.attributes.map((attribute: { name: string }) => attribute.name)).toEqual([
      'userName',
      'name',
      'displayName',
      'active',
      'emails',
    ])
    expect(user.body.attributes[0]).toMatchObject({ required: true, uniqueness: 'server', caseExact: false })
    expectError(await scim('GET', '/Schemas/urn:nope'), 404)
    expectError(await scim('GET', '/ResourceTypes/Nope'), 404)
  })

  test('SCIM is not in the app’s OpenAPI document (its clients read the documents above)', async () => {
    const doc = (await (await t.request('/api/docs/json')).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/scim'))).toEqual([])
  })

  test('any other path under /scim/v2 is SCIM’s 404, not the web client’s page', async () => {
    for (const [method, path] of [
      ['GET', '/Bulk'],
      ['POST', '/Bulk'],
      ['GET', '/Me'],
      ['GET', '/users'],
      ['PATCH', '/Users'],
      ['GET', '/'],
      ['GET', ''],
      ['DELETE', ''],
    ] as const)
      expectError(await scim(method, path), 404)
  })
})

describe('POST /Users', () => {
  test('RFC 7644 section 3.3’s example: userName must be an e-mail address here (400 invalidValue), then 201 with meta and Location', async () => {
    const example = {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'bjensen',
      externalId: 'bjensen',
      name: {
        formatted: 'Ms. Barbara J Jensen III',
        familyName: 'Jensen',
        givenName: 'Barbara',
      },
    }
    expectError(await scim('POST', '/Users', example), 400, 'invalidValue')
    const res = await scim('POST', '/Users', { ...example, userName: 'bjensen@example.com' })
    expect(res.status).toBe(201)
    expect(res.type).toStartWith('application/scim+json')
    const id = res.body.id
    expect(res.body).toMatchObject({
      schemas: [USER],
      userName: 'bjensen@example.com',
      externalId: 'bjensen',
      name: { formatted: 'Ms. Barbara J Jensen III' },
      displayName: 'Ms. Barbara J Jensen III',
      emails: [{ value: 'bjensen@example.com', primary: true }],
      active: true,
      meta: { resourceType: 'User', location: `http://localhost/scim/v2/Users/${id}` },
    })
    expect(res.headers.get('location')).toBe(res.body.meta.location)
    expect(Date.parse(res.body.meta.created)).not.toBeNaN()
    expect(Date.parse(res.body.meta.lastModified)).not.toBeNaN()
    // No password: the account signs in through the identity provider.
    const row = await findUser(t.database, id)
    expect(row).toMatchObject({
      passwordHash: null,
      role: 'user',
      isBanned: false,
      fullName: 'Ms. Barbara J Jensen III',
    })
    expect(row!.emailConfirmedAt).not.toBeNull()
    // A password sign-in with any password fails.
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bjensen@example.com', password: 'password123' }),
    })
    expect(login.status).toBe(401)
  })

  test('a taken userName (whatever its letter case) is 409 uniqueness', async () => {
    const user = await createUser()
    expectError(
      await scim('POST', '/Users', { schemas: [USER], userName: user.userName.toUpperCase() }),
      409,
      'uniqueness',
    )
    // An account made by sign-up or by an admin counts too.
    expectError(await scim('POST', '/Users', { schemas: [USER], userName: admin.email }), 409, 'uniqueness')
  })

  test('Entra ID’s create request (given and family names, emails, active, the enterprise extension): the full name from the name', async () => {
    const res = await scim('POST', '/Users', {
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'Test_User_ab6490ee@testuser.com',
      active: true,
      emails: [{ primary: true, type: 'work', value: 'Test_User_fd0ea19b@testuser.com' }],
      meta: { resourceType: 'User' },
      name: { familyName: 'familyName', givenName: 'givenName' },
      roles: [],
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Sales' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      userName: 'Test_User_ab6490ee@testuser.com',
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      name: { formatted: 'givenName familyName', givenName: 'givenName', familyName: 'familyName' },
      active: true,
    })
  })

  test('displayName when there is no name; active false makes a suspended account', async () => {
    const res = await scim('POST', '/Users', {
      schemas: [USER],
      userName: unique('dn'),
      displayName: 'Dana Scully',
      active: false,
    })
    expect(res.body).toMatchObject({ displayName: 'Dana Scully', active: false })
    expect((await findUser(t.database, res.body.id))!.isBanned).toBe(true)
  })

  test('wrong types are 400 invalidValue, each naming the attribute', async () => {
    for (const body of [
      { userName: 42 },
      { userName: unique('x'), active: 'yes' },
      { userName: unique('x'), active: 1 },
      { userName: unique('x'), name: 'Barbara' },
      { userName: unique('x'), name: [] },
      { userName: unique('x'), name: { givenName: 7 } },
      { userName: unique('x'), displayName: {} },
      { userName: unique('x'), externalId: ['a'] },
      { userName: unique('x'), emails: { value: 'a@b.c' } },
      { userName: unique('x'), emails: ['a@b.c'] },
      { userName: unique('x'), displayName: 'x'.repeat(201) },
      {},
    ])
      expectError(await scim('POST', '/Users', { schemas: [USER], ...body }), 400, 'invalidValue')
  })
})

describe('GET /Users', () => {
  test('filters: userName eq (without letter case), externalId eq (exact), emails.value eq, and; ListResponse shape', async () => {
    const user = await createUser({ externalId: 'Ext-Filter-1' })
    const one = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${user.userName.toUpperCase()}"`)}`,
    )
    expect(one.status).toBe(200)
    expect(one.body).toEqual({
      schemas: [LIST],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [expect.objectContaining({ id: user.id, userName: user.userName })],
    })
    const byExternal = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('externalId eq "Ext-Filter-1"')}`,
    )
    expect(byExternal.body.Resources.map((r: { id: string }) => r.id)).toEqual([user.id])
    const wrongCase = await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "ext-filter-1"')}`)
    expect(wrongCase.body.totalResults).toBe(0)
    const byEmail = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`emails.value eq "${user.userName}"`)}`,
    )
    expect(byEmail.body.totalResults).toBe(1)
    const both = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${user.userName}" and externalId eq "nope"`)}`,
    )
    expect(both.body.totalResults).toBe(0)
    // Entra ID's first call: a userName nobody has.
    const none = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "Test_User_dfeef4c5-5681-4387-b016-bdf221e82081"')}`,
    )
    expect(none.body).toEqual({
      schemas: [LIST],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    })
  })

  test('an unknown operator or attribute, or a malformed filter: 400 invalidFilter', async () => {
    for (const filter of [
      'userName co "a"',
      'title eq "boss"',
      'userName eq bjensen',
      'userName eq "unterminated',
      'userName eq "a" or userName eq "b"',
      '(userName eq "a")',
      'userName',
      '',
      'x'.repeat(2000),
    ])
      if (filter)
        expectError(await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter')
  })

  test('a NUL in the filter is 400, not a database error', async () => {
    const res = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "a\u0000b"')}`)
    expect(res.status).toBe(400)
    expect(res.body.schemas).toEqual([ERROR])
  })

  test('paging: startIndex is 1-based, count caps the page (200 at most), count=0 gives the total only', async () => {
    for (let i = 0; i < 5; i++) await createUser({ externalId: 'paging' })
    const filter = `filter=${encodeURIComponent('externalId eq "paging"')}`
    const all = await scim('GET', `/Users?${filter}`)
    expect(all.body.totalResults).toBe(5)
    const ids = all.body.Resources.map((r: { id: string }) => r.id)
    const page = await scim('GET', `/Users?${filter}&startIndex=2&count=2`)
    expect(page.body).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 })
    expect(page.body.Resources.map((r: { id: string }) => r.id)).toEqual(ids.slice(1, 3))
    const last = await scim('GET', `/Users?${filter}&startIndex=5&count=2`)
    expect(last.body.Resources.map((r: { id: string }) => r.id)).toEqual(ids.slice(4))
    const past = await scim('GET', `/Users?${filter}&startIndex=9`)
    expect(past.body).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] })
    const zero = await scim('GET', `/Users?${filter}&count=0`)
    expect(zero.body).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] })
    // Under 1 means 1, a negative count 0 (RFC 7644 section 3.4.2.4).
    expect((await scim('GET', `/Users?${filter}&startIndex=-3&count=1`)).body).toMatchObject({
      startIndex: 1,
      itemsPerPage: 1,
    })
    expect((await scim('GET', `/Users?${filter}&count=-1`)).body.itemsPerPage).toBe(0)
    expect((await scim('GET', '/Users?count=100000')).body.itemsPerPage).toBeLessThanOrEqual(200)
    expectError(await scim('GET', '/Users?startIndex=abc'), 400, 'invalidValue')
    expectError(await scim('GET', '/Users?count=1.5'), 400, 'invalidValue')
  })

  test('GET /Users/:id, and 404 for an unknown or malformed id', async () => {
    const user = await createUser()
    expect((await scim('GET', `/Users/${user.id}`)).body.userName).toBe(user.userName)
    expectError(await scim('GET', `/Users/${crypto.randomUUID()}`), 404)
    expectError(await scim('GET', '/Users/not-a-uuid'), 404)
  })
})

describe('PUT /Users/:id', () => {
  test('RFC 7644 section 3.5.1’s example (with an e-mail userName): replaces the name and externalId', async () => {
    const user = await createUser({ externalId: 'old' })
    const res = await scim('PUT', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id: user.id,
      userName: user.userName,
      externalId: 'bjensen',
      name: {
        formatted: 'Ms. Barbara J Jensen III',
        familyName: 'Jensen',
        givenName: 'Barbara',
        middleName: 'Jane',
      },
      roles: [],
      emails: [{ value: 'bjensen@example.com' }, { value: 'babs@jensen.org' }],
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: user.id,
      externalId: 'bjensen',
      displayName: 'Ms. Barbara J Jensen III',
      active: true,
    })
  })

  test('a PUT without externalId clears it; a taken userName is 409; unknown id 404', async () => {
    const user = await createUser({ externalId: 'to-clear' })
    const other = await createUser()
    const res = await scim('PUT', `/Users/${user.id}`, {
      schemas: [USER],
      userName: user.userName,
      displayName: 'New Name',
    })
    expect(res.body.externalId).toBeUndefined()
    expect(res.body.displayName).toBe('New Name')
    expectError(
      await scim('PUT', `/Users/${user.id}`, { schemas: [USER], userName: other.userName }),
      409,
      'uniqueness',
    )
    expectError(
      await scim('PUT', `/Users/${crypto.randomUUID()}`, { schemas: [USER], userName: unique('x') }),
      404,
    )
  })
})

describe('PATCH /Users/:id', () => {
  const patch = (id: string, Operations: unknown[]) =>
    scim('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations })

  test('Entra ID’s deactivation {"op":"Replace","path":"active","value":"False"} suspends; "True" restores', async () => {
    const user = await createUser()
    const res = await patch(user.id, [{ op: 'Replace', path: 'active', value: 'False' }])
    expect(res.status).toBe(200)
    expect(res.body.active).toBe(false)
    expect((await findUser(t.database, user.id))!.isBanned).toBe(true)
    expect((await patch(user.id, [{ op: 'Replace', path: 'active', value: 'True' }])).body.active).toBe(true)
    expect((await findUser(t.database, user.id))!.isBanned).toBe(false)
  })

  test('Okta’s deactivation {"op":"replace","value":{"active":false}}', async () => {
    const user = await createUser()
    expect((await patch(user.id, [{ op: 'replace', value: { active: false } }])).body.active).toBe(false)
    expect((await patch(user.id, [{ op: 'replace', value: { active: true } }])).body.active).toBe(true)
  })

  test('Entra ID’s attribute update: emails[type eq "work"].value (kept as userName) and name.familyName', async () => {
    const user = await createUser({ name: { givenName: 'Barbara', familyName: 'Jensen' } })
    const res = await patch(user.id, [
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
      { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
    ])
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ userName: user.userName, displayName: 'Barbara updatedFamilyName' })
  })

  test('RFC 7644 section 3.5.2.3’s path-less replace, with dotted keys as Entra ID sends them; userName and externalId', async () => {
    const user = await createUser({ displayName: 'Babs' })
    const res = await patch(user.id, [
      {
        op: 'replace',
        value: {
          emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }],
          nickName: 'Babs',
          'name.givenName': 'Barbara',
          'name.familyName': 'Jensen',
          externalId: 'ext-9',
        },
      },
    ])
    expect(res.body).toMatchObject({ displayName: 'Barbara Jensen', externalId: 'ext-9' })
    const renamed = unique('renamed')
    expect((await patch(user.id, [{ op: 'replace', path: 'userName', value: renamed }])).body.userName).toBe(
      renamed,
    )
    expect((await patch(user.id, [{ op: 'remove', path: 'externalId' }])).body.externalId).toBeUndefined()
    expect((await patch(user.id, [{ op: 'add', path: 'displayName', value: 'Barb' }])).body.displayName).toBe(
      'Barb',
    )
    expect(
      (await patch(user.id, [{ op: 'replace', path: 'name', value: { formatted: 'B. Jensen' } }])).body
        .displayName,
    ).toBe('B. Jensen')
  })

  test('refusals: malformed PatchOp 400 invalidSyntax, bad paths invalidPath, wrong values invalidValue, taken userName 409, unknown id 404', async () => {
    const user = await createUser()
    const other = await createUser()
    expectError(await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP] }), 400, 'invalidSyntax')
    expectError(
      await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations: {} }),
      400,
      'invalidSyntax',
    )
    expectError(
      await scim('PATCH', `/Users/${user.id}`, { schemas: [PATCH_OP], Operations: [] }),
      400,
      'invalidSyntax',
    )
    expectError(
      await scim('PATCH', `/Users/${user.id}`, {
        schemas: [USER],
        Operations: [{ op: 'replace', path: 'active', value: false }],
      }),
      400,
      'invalidSyntax',
    )
    expectError(await patch(user.id, [{ op: 'move', path: 'active', value: false }]), 400, 'invalidSyntax')
    expectError(await patch(user.id, ['replace']), 400, 'invalidSyntax')
    expectError(await patch(user.id, [{ op: 'replace', path: 'a b[', value: 1 }]), 400, 'invalidPath')
    expectError(await patch(user.id, [{ op: 'replace', path: 7, value: 1 }]), 400, 'invalidPath')
    expectError(await patch(user.id, [{ op: 'remove' }]), 400, 'noTarget')
    expectError(
      await patch(user.id, [{ op: 'replace', path: 'active', value: 'maybe' }]),
      400,
      'invalidValue',
    )
    expectError(await patch(user.id, [{ op: 'replace', value: 'active' }]), 400, 'invalidValue')
    expectError(await patch(user.id, [{ op: 'replace', value: [{ active: false }] }]), 400, 'invalidValue')
    expectError(
      await patch(user.id, [{ op: 'replace', path: 'userName', value: 'not an e-mail' }]),
      400,
      'invalidValue',
    )
    expectError(await patch(user.id, [{ op: 'remove', path: 'userName' }]), 400, 'mutability')
    expectError(
      await patch(user.id, [{ op: 'replace', path: 'userName', value: other.userName }]),
      409,
      'uniqueness',
    )
    expectError(await patch(crypto.randomUUID(), [{ op: 'replace', path: 'active', value: false }]), 404)
    // Nothing of a refused request was applied.
    expect((await findUser(t.database, user.id))!.isBanned).toBe(false)
  })

  test('the last active admin cannot be deactivated (409), and keeps their sessions', async () => {
    const res = await patch(admin.id, [{ op: 'replace', path: 'active', value: false }])
    expectError(res, 409)
    expect((await findUser(t.database, admin.id))!.isBanned).toBe(false)
    expect((await t.request('/api/auth/me', { headers: admin.headers })).status).toBe(200)
  })
})

describe('DELETE /Users/:id', () => {
  test('204; the account is deactivated, its sessions ended, its data kept', async () => {
    const person = await t.createUser({ email: unique('leaver') })
    expect((await t.request('/api/auth/me', { headers: person.headers })).status).toBe(200)
    const res = await scim('DELETE', `/Users/${person.id}`)
    expect(res.status).toBe(204)
    expect(res.body).toBeNull()
    const row = await findUser(t.database, person.id)
    expect(row).toMatchObject({ isBanned: true, email: person.email })
    expect(t.endedSessions).toContain(person.sessionId)
    expect((await t.request('/api/auth/me', { headers: person.headers })).status).toBe(401)
    // Still there for SCIM, inactive.
    expect((await scim('GET', `/Users/${person.id}`)).body.active).toBe(false)
    expectError(await scim('DELETE', `/Users/${crypto.randomUUID()}`), 404)
  })
})

describe('Groups', () => {
  test('RFC 7643 section 8.4’s group (with real member ids): 201, members with value, display, $ref', async () => {
    const babs = await createUser({ name: { formatted: 'Babs Jensen' } })
    const mandy = await createUser({ name: { formatted: 'Mandy Pepperidge' } })
    const res = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      id: 'e9e30dba-f08f-4109-8486-d5c6a331660a',
      displayName: 'Tour Guides',
      members: [
        { value: babs.id, $ref: `https://example.com/v2/Users/${babs.id}`, display: 'Babs Jensen' },
        { value: mandy.id, $ref: `https://example.com/v2/Users/${mandy.id}`, display: 'Mandy Pepperidge' },
      ],
      meta: { resourceType: 'Group', created: '2010-01-23T04:56:22Z' },
    })
    expect(res.status).toBe(201)
    expect(res.body.id).not.toBe('e9e30dba-f08f-4109-8486-d5c6a331660a')
    expect(res.body).toMatchObject({
      schemas: [GROUP],
      displayName: 'Tour Guides',
      meta: { resourceType: 'Group', location: `http://localhost/scim/v2/Groups/${res.body.id}` },
    })
    expect(res.body.members).toEqual([
      {
        value: babs.id,
        display: 'Babs Jensen',
        type: 'User',
        $ref: `http://localhost/scim/v2/Users/${babs.id}`,
      },
      {
        value: mandy.id,
        display: 'Mandy Pepperidge',
        type: 'User',
        $ref: `http://localhost/scim/v2/Users/${mandy.id}`,
      },
    ])
    const rows = await t.ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, res.body.id))
    expect(rows.map((row) => row.source)).toEqual(['scim', 'scim'])
    expectError(
      await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'tour guides' }),
      409,
      'uniqueness',
    )
  })

  test('list with Entra ID’s displayName filter and excludedAttributes=members; externalId; members[value eq]', async () => {
    const member = await createUser()
    const group = (
      await scim('POST', '/Groups', {
        schemas: [GROUP],
        displayName: 'Filter Me',
        externalId: 'g-ext',
        members: [{ value: member.id }],
      })
    ).body
    const res = await scim(
      'GET',
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "filter me"')}`,
    )
    expect(res.body).toMatchObject({
      schemas: [LIST],
      totalResults: 1,
      Resources: [{ id: group.id, displayName: 'Filter Me' }],
    })
    expect(res.body.Resources[0].members).toBeUndefined()
    const withMembers = await scim('GET', `/Groups?filter=${encodeURIComponent('externalId eq "g-ext"')}`)
    expect(withMembers.body.Resources[0].members.map((m: { value: string }) => m.value)).toEqual([member.id])
    const check = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent(`id eq "${group.id}" and members[value eq "${member.id}"]`)}&excludedAttributes=members`,
    )
    expect(check.body.totalResults).toBe(1)
    const absent = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent(`id eq "${group.id}" and members[value eq "${crypto.randomUUID()}"]`)}`,
    )
    expect(absent.body.totalResults).toBe(0)
    expect((await scim('GET', `/Groups/${group.id}?excludedAttributes=members`)).body.members).toBeUndefined()
    expectError(
      await scim('GET', `/Groups?filter=${encodeURIComponent('displayName sw "F"')}`),
      400,
      'invalidFilter',
    )
    expectError(
      await scim('GET', `/Groups?filter=${encodeURIComponent('userName eq "a"')}`),
      400,
      'invalidFilter',
    )
  })

  test('PATCH: RFC 7644 section 3.5.2’s add, remove by filter, replace and remove-all of members; Entra ID’s Add/Remove with value lists; rename', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()]
    const group = (await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Patch Me' })).body
    const patch = (Operations: unknown[]) =>
      scim('PATCH', `/Groups/${group.id}`, { schemas: [PATCH_OP], Operations })
    const memberIds = async () =>
      (await scim('GET', `/Groups/${group.id}`)).body.members.map((m: { value: string }) => m.value).sort()
    // 3.5.2.1
    let res = await patch([
      {
        op: 'add',
        path: 'members',
        value: [{ display: 'Babs Jensen', $ref: `https://example.com/v2/Users/${a.id}`, value: a.id }],
      },
    ])
    expect(res.status).toBe(204)
    expect(await memberIds()).toEqual([a.id])
    // Entra ID
    res = await patch([
      {
        op: 'Add',
        path: 'members',
        value: [
          { $ref: null, value: b.id },
          { $ref: null, value: c.id },
        ],
      },
    ])
    expect(await memberIds()).toEqual([a.id, b.id, c.id].sort())
    // 3.5.2.2 (Okta sends the same)
    await patch([{ op: 'remove', path: `members[value eq "${a.id}"]` }])
    expect(await memberIds()).toEqual([b.id, c.id].sort())
    await patch([{ op: 'Remove', path: 'members', value: [{ $ref: null, value: b.id }] }])
    expect(await memberIds()).toEqual([c.id])
    // 3.5.2.3
    await patch([
      {
        op: 'replace',
        path: 'members',
        value: [
          { display: 'Babs Jensen', value: a.id },
          { display: 'James Smith', value: b.id },
        ],
      },
    ])
    expect(await memberIds()).toEqual([a.id, b.id].sort())
    await patch([{ op: 'remove', path: 'members' }])
    expect(await memberIds()).toEqual([])
    // Entra ID's rename, and Okta's path-less one (with the id it also sends).
    await patch([{ op: 'Replace', path: 'displayName', value: 'Renamed' }])
    expect((await scim('GET', `/Groups/${group.id}`)).body.displayName).toBe('Renamed')
    await patch([{ op: 'replace', value: { id: group.id, displayName: 'Renamed Again' } }])
    expect((await scim('GET', `/Groups/${group.id}`)).body.displayName).toBe('Renamed Again')
  })

  test('a member added by hand keeps its source when SCIM adds them too; PUT replaces the name and members', async () => {
    const [a, b] = [await createUser(), await createUser()]
    const group = (await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Mixed' })).body
    await t.ctx.db.insert(groupMembers).values({ groupId: group.id, userId: a.id, source: 'manual' })
    await scim('PATCH', `/Groups/${group.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: a.id }, { value: b.id }] }],
    })
    const rows = await t.ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id))
    expect(Object.fromEntries(rows.map((row) => [row.userId, row.source]))).toEqual({
      [a.id]: 'manual',
      [b.id]: 'scim',
    })
    const put = await scim('PUT', `/Groups/${group.id}`, {
      schemas: [GROUP],
      displayName: 'Mixed Put',
      members: [{ value: b.id }],
    })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ displayName: 'Mixed Put', members: [{ value: b.id }] })
    expect(put.body.members).toHaveLength(1)
  })

  test('refusals: unknown members 400 invalidValue, wrong types, a taken name 409, unknown id 404; DELETE 204 then 404', async () => {
    const group = (await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Refusals' })).body
    await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Taken' })
    const patch = (Operations: unknown[]) =>
      scim('PATCH', `/Groups/${group.id}`, { schemas: [PATCH_OP], Operations })
    expectError(
      await scim('POST', '/Groups', {
        schemas: [GROUP],
        displayName: 'X',
        members: [{ value: crypto.randomUUID() }],
      }),
      400,
      'invalidValue',
    )
    expectError(
      await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'X', members: [{ value: 'nope' }] }),
      400,
      'invalidValue',
    )
    expectError(
      await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'X', members: 'a' }),
      400,
      'invalidValue',
    )
    expectError(
      await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'X', members: [{}] }),
      400,
      'invalidValue',
    )
    expectError(await scim('POST', '/Groups', { schemas: [GROUP], displayName: 12 }), 400, 'invalidValue')
    expectError(
      await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'x'.repeat(101) }),
      400,
      'invalidValue',
    )
    expectError(await scim('POST', '/Groups', { schemas: [GROUP] }), 400, 'invalidValue')
    expectError(
      await patch([{ op: 'add', path: 'members', value: [{ value: crypto.randomUUID() }] }]),
      400,
      'invalidValue',
    )
    expectError(await patch([{ op: 'replace', path: 'displayName', value: 'taken' }]), 409, 'uniqueness')
    expectError(await patch([{ op: 'remove', path: 'displayName' }]), 400, 'mutability')
    expectError(await patch([{ op: 'add', path: 'members[value eq "x"]', value: [] }]), 400, 'invalidPath')
    // Removing someone who is not a member (or not a uuid) changes nothing.
    expect((await patch([{ op: 'remove', path: 'members[value eq "not-a-uuid"]' }])).status).toBe(204)
    expect((await patch([{ op: 'remove', path: 'members', value: [{ value: 'not-a-uuid' }] }])).status).toBe(
      204,
    )
    expectError(
      await scim('PATCH', `/Groups/${crypto.randomUUID()}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'remove', path: 'members' }],
      }),
      404,
    )
    expectError(
      await scim('PUT', `/Groups/${crypto.randomUUID()}`, { schemas: [GROUP], displayName: 'Y' }),
      404,
    )
    expectError(await scim('GET', '/Groups/not-a-uuid'), 404)
    expect((await scim('DELETE', `/Groups/${group.id}`)).status).toBe(204)
    expectError(await scim('GET', `/Groups/${group.id}`), 404)
    expectError(await scim('DELETE', `/Groups/${group.id}`), 404)
  })
})

describe('hostile bodies', () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    t.request('/scim/v2/Users', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json', ...headers },
      body,
    })
  const answer = async (res: Response): Promise<Answer> => ({
    status: res.status,
    type: res.headers.get('content-type'),
    body: await res.json(),
    headers: res.headers,
  })

  test('malformed JSON, an empty body, arrays and bare values where an object is expected: 400 invalidSyntax', async () => {
    for (const body of [
      '{"userName": ',
      '',
      '[]',
      '[{"userName":"a@b.c"}]',
      'null',
      '"a@b.c"',
      '42',
      '{"a":1}}',
    ])
      expectError(await answer(await post(body)), 400, 'invalidSyntax')
  })

  test('NUL characters in a value or a key: 400, nothing stored', async () => {
    const email = unique('nul')
    for (const body of [
      JSON.stringify({ userName: email, displayName: 'a\u0000b' }),
      JSON.stringify({ userName: email, 'display\u0000Name': 'x' }),
    ])
      expectError(await answer(await post(body)), 400, 'invalidSyntax')
    const found = await t.ctx.db.select().from(users).where(eq(users.email, email))
    expect(found).toEqual([])
  })

  test('application/json is accepted too; another type is 415 in SCIM’s shape', async () => {
    expect(
      (await post(JSON.stringify({ userName: unique('json') }), { 'content-type': 'application/json' }))
        .status,
    ).toBe(201)
    expect(
      (
        await post(JSON.stringify({ userName: unique('json') }), {
          'content-type': 'application/json; charset=utf-8',
        })
      ).status,
    ).toBe(201)
    expectError(
      await answer(await post('userName=a@b.c', { 'content-type': 'application/x-www-form-urlencoded' })),
      415,
    )
    expectError(await answer(await post('{"userName":"a@b.c"}', { 'content-type': 'text/plain' })), 415)
  })

  test('a huge body: 413 in SCIM’s shape, declared or sent chunked without a length', async () => {
    const huge = JSON.stringify({ userName: unique('huge'), displayName: 'x'.repeat(2 * 1024 * 1024) })
    expectError(await answer(await post(huge)), 413)
    const chunks = new TextEncoder().encode(huge)
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < chunks.length; i += 64 * 1024) controller.enqueue(chunks.slice(i, i + 64 * 1024))
        controller.close()
      },
    })
    const res = await post(stream as unknown as BodyInit)
    expectError(await answer(res), 413)
  })

  test('deep nesting and non-finite numbers: 400', async () => {
    expectError(
      await answer(await post(`{"userName":"a@b.c","name":${'['.repeat(100)}${']'.repeat(100)}}`)),
      400,
      'invalidSyntax',
    )
    expectError(await answer(await post('{"userName":"a@b.c","active":1e999}')), 400, 'invalidSyntax')
  })

  test('a malformed percent-escape in the URL is SCIM’s 400', async () => {
    const res = await t.request('/scim/v2/Users/%E0%A4%A', { headers: { authorization: `Bearer ${token}` } })
    expectError(await answer(res), 400, 'invalidSyntax')
  })
})

describe('random input', () => {
  /** A small seeded PRNG (mulberry32): the same requests on every run. */
  function prng(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296
    }
  }

  test('600 random bodies, paths and queries on every SCIM route: never a 5xx, always SCIM’s shape', async () => {
    const random = prng(29)
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
    const user = await createUser()
    const group = (await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Fuzzed' })).body
    const strings = [
      '',
      'a',
      'Replace',
      'members',
      'active',
      'userName',
      'False',
      'x@y.z',
      user.id,
      '\u202e',
      '"',
      'members[value eq "',
      'name.givenName',
      'urn:ietf:params:scim:schemas:core:2.0:User:userName',
      '𝒳'.repeat(50),
    ]
    const value = (depth: number): unknown => {
      const kind = Math.floor(random() * (depth > 3 ? 4 : 7))
      if (kind === 0) return pick(strings)
      if (kind === 1) return pick([0, -1, 1.5, 1e308, true, false, null])
      if (kind === 2) return pick(strings) + String(random())
      if (kind === 3) return pick([[], {}, [null]])
      if (kind === 4) return Array.from({ length: 1 + Math.floor(random() * 3) }, () => value(depth + 1))
      return Object.fromEntries(
        Array.from({ length: 1 + Math.floor(random() * 4) }, () => [
          pick([
            'op',
            'path',
            'value',
            'Operations',
            'schemas',
            'userName',
            'displayName',
            'members',
            'name',
            'active',
            'emails',
            'externalId',
            pick(strings),
          ]),
          value(depth + 1),
        ]),
      )
    }
    const body = () => {
      const shape = Math.floor(random() * 4)
      if (shape === 0) return { schemas: [PATCH_OP], Operations: [value(1), value(1)] }
      if (shape === 1)
        return { schemas: [USER], userName: pick([unique('fuzz'), value(1)]), ...(value(1) as object) }
      if (shape === 2) return value(0)
      return JSON.stringify(value(0)).slice(0, Math.floor(random() * 40))
    }
    const paths = [
      '/Users',
      `/Users/${user.id}`,
      '/Groups',
      `/Groups/${group.id}`,
      '/Users/x',
      `/Groups/${crypto.randomUUID()}`,
      '/Schemas/%20',
      '/ServiceProviderConfig',
    ]
    const queries = [
      '',
      '?filter=userName%20eq%20%22a%22',
      '?filter=%22',
      '?startIndex=0&count=9999999999',
      '?filter=members%5Bvalue%20eq%20%22x%22%5D',
      '?attributes=members&excludedAttributes=',
    ]
    for (let i = 0; i < 600; i++) {
      const method = pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)
      const path = pick(paths) + pick(queries)
      const res = await scim(method, path, method === 'GET' ? undefined : body())
      expect({ path, method, status: res.status < 500 }).toEqual({ path, method, status: true })
      expect(res.type ?? 'application/scim+json').toStartWith('application/scim+json')
      if (res.status >= 400) expect(res.body.schemas).toEqual([ERROR])
    }
    // The last active admin is still an active admin.
    expect((await findUser(t.database, admin.id))!.isBanned).toBe(false)
  }, 60_000)
})
