import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { imagesFor } from '../images/images-data'
import { startApp, type TestApp } from '../test/harness'
import { TINY_PNG } from '../test/images'
import { chatActions, type TestUser, waitForOutcome } from '../test/messages'
import { waitFor } from '../test/wait'

/**
 * Tenancy, checked over the whole API at once: every route is walked as a second user, Bob, with
 * each of Alice's ids in its path (and in the body fields that name a chat). Every answer must be
 * the 404 a missing row gets, nothing of Alice's may show in any answer, and her data must be
 * untouched afterwards. Routes are read from the composed app, so a route added later is walked
 * too: an unscoped query in it fails here. Public routes are listed, each with its reason.
 */

/** Routes that are public by design (no session): their path ids are not user data. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/avatars/:userId/:file': 'avatars are served at an unguessable public path (decision 021)',
  'GET /api/auth/confirm': 'a mailed link; its token is the credential',
  'GET /api/auth/oidc/:id/start': 'the id is an identity provider’s, the same for everyone',
  'GET /api/auth/oidc/:id/callback': 'the identity provider’s answer; its state and code are the credential',
  'GET /api/shares/:id': 'a share link; its token (not a row id) is the credential',
  'GET /api/shares/:id/images/:image': 'an image of a share link; the link’s token is the credential',
  'GET /api/shares/:id/files/:file': 'a file of a share link; the link’s token is the credential',
}

/** Routes whose answer is a stream that stays open: the walk reads what they send first, then hangs up. */
const ENDLESS_ROUTES: Record<string, string> = {
  'GET /api/branding/events':
    'server-sent events for signed-out pages: the brand, then each change (decision 113)',
}

/** The whole body, or for an endless stream its first chunk. */
async function bodyText(route: { method: string; path: string }, res: Response): Promise<string> {
  if (!ENDLESS_ROUTES[`${route.method} ${route.path}`]) return res.text()
  const reader = res.body!.getReader()
  const { value } = await reader.read()
  await reader.cancel()
  return new TextDecoder().decode(value)
}

type JsonSchema = {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  minimum?: number
  enum?: unknown[]
  const?: unknown
  default?: unknown
}

/** A plausible valid body for a route's schema: short non-empty strings, in-range numbers. */
function sample(schema: JsonSchema | undefined, key = ''): unknown {
  if (!schema) return undefined
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  if (schema.enum) return schema.enum[0]
  if (schema.anyOf)
    return sample(schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0], key)
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => schema.required?.includes(name) || /title|content|message/i.test(name))
          .map(([name, property]) => [name, sample(property, name)]),
      )
    case 'array':
      return []
    case 'string':
      return key.toLowerCase().includes('email') ? 'bob@example.com' : 'hello there'
    case 'number':
    case 'integer':
      return schema.minimum ?? 1
    case 'boolean':
      return false
    default:
      return undefined
  }
}

/** No credential at all. */
const nobody = { headers: {} } as TestUser
let t: TestApp
let alice: TestUser
let bob: TestUser
const aliceIds: Record<string, string> = {}

beforeAll(async () => {
  // With the background workers: Alice's knowledge entry is indexed, so a search could find it.
  t = await startApp({}, { jobs: true })
  alice = await t.createUser({ email: 'alice@example.com', fullName: 'Alice Secret' })
  bob = await t.createUser({ email: 'bob@example.com' })
  const chat = chatActions(t, alice)
  aliceIds.chat = await chat.createChat('Alice private plans')
  const form = new FormData()
  form.append('file', new File(['alice notes'], 'alice-notes.txt', { type: 'text/plain' }))
  const uploaded = await t.request('/api/uploads', { method: 'POST', headers: alice.headers, body: form })
  aliceIds.attachment = ((await uploaded.json()) as { data: { id: string } }).data.id
  const sent = await chat.send(aliceIds.chat, {
    content: 'secret question',
    attachmentIds: [aliceIds.attachment],
  })
  const body = sent.data!
  aliceIds.question = body.data.userMessage.id
  aliceIds.answer = body.data.assistantMessageId
  await waitForOutcome(t, aliceIds.answer)
  aliceIds.user = alice.id
  const prompt = await t.request('/api/prompts', {
    method: 'POST',
    headers: { ...alice.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Alice secret prompt', prompt_text: 'my secret {PLAN}', tags: ['secret'] }),
  })
  aliceIds.prompt = ((await prompt.json()) as { data: { id: string } }).data.id
  // A generated image (the walk's app has no images provider: stored as generation stores it).
  aliceIds.image = crypto.randomUUID()
  const imageKey = `users/${alice.id}/images/${aliceIds.image}.png`
  await t.ctx.storage.put(imageKey, TINY_PNG, 'image/png')
  await imagesFor(t.ctx.db, t.actorOf(alice)).insert({
    id: aliceIds.image,
    storageKey: imageKey,
    contentType: 'image/png',
    byteSize: TINY_PNG.byteLength,
    prompt: 'Alice secret drawing',
    size: '1024x1024',
    style: 'realistic',
    modelId: 'dall-e-3',
  })
  const entry = await t.request('/api/knowledge', {
    method: 'POST',
    headers: { ...alice.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Alice secret knowledge', content: 'the secret recipe', tags: ['secret'] }),
  })
  aliceIds.knowledge = ((await entry.json()) as { data: { id: string } }).data.id
  // Her agent settings and calendar client: Bob's GET /api/agents must show none of them.
  for (const [path, body] of [
    ['/api/agents/calendar/settings', { enabled: true, config: { calendar_email: alice.email } }],
    ['/api/agents/calendar/oauth', { redirectUrl: '', clientId: 'alice-secret-client', clientSecret: 'x' }],
  ] as const) {
    const res = await t.request(path, {
      method: 'PUT',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(200)
  }
  await waitFor(
    async () => {
      const res = await t.request(`/api/knowledge/${aliceIds.knowledge}`, { headers: alice.headers })
      return ((await res.json()) as { data: { index_status: string } }).data.index_status === 'ready'
    },
    30_000,
    "Alice's knowledge entry to be indexed",
  )
  // A deep research run (in a chat of its own; the demo model writes it).
  const research = await t.request('/api/research', {
    method: 'POST',
    headers: { ...alice.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ topic: 'Alice secret research', depth: 'quick' }),
  })
  aliceIds.research = ((await research.json()) as { data: { id: string } }).data.id
  await waitFor(
    async () => {
      const res = await t.request(`/api/research/${aliceIds.research}`, { headers: alice.headers })
      return ((await res.json()) as { data: { status: string } }).data.status === 'completed'
    },
    30_000,
    "Alice's research to finish",
  )
}, 60_000)
afterAll(() => t.close())

/** /api/admin/**: for the admin role only (decision 110); a non-admin gets 403 whatever the id. */
const isAdminRoute = (path: string) => path.startsWith('/api/admin/')

const routes = () =>
  t.app.routes
    .filter((route) => route.path.startsWith('/api/') && !route.path.startsWith('/api/docs'))
    .filter((route) => !PUBLIC_ROUTES[`${route.method} ${route.path}`])

function call(
  user: TestUser,
  method: string,
  path: string,
  schema: unknown,
  override: Record<string, unknown> = {},
) {
  const base = sample(schema as JsonSchema)
  const body =
    method === 'GET' || method === 'DELETE'
      ? undefined
      : JSON.stringify(typeof base === 'object' && base ? { ...base, ...override } : override)
  return t.request(path, {
    method,
    headers: { ...user.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
  })
}

describe('every route, walked as another user', () => {
  test("a route with an id in its path answers 404 for each of Alice's ids", async () => {
    const walked: string[] = []
    for (const route of routes().filter((route) => route.path.includes(':'))) {
      for (const [kind, id] of Object.entries(aliceIds)) {
        const path = route.path.replace(/:[A-Za-z]+/g, id)
        const res = await call(bob, route.method, path, route.hooks.body)
        const text = await res.text()
        // The admin area (decision 103: admin role only) refuses Bob before looking at any id.
        expect({ route: `${route.method} ${route.path}`, kind, status: res.status }).toEqual({
          route: `${route.method} ${route.path}`,
          kind,
          // The admin area crosses users on purpose and refuses everyone but admins outright.
          status: isAdminRoute(route.path) ? 403 : 404,
        })
        expect(text).not.toContain('secret')
      }
      walked.push(`${route.method} ${route.path}`)
    }
    // The walk reached the routes that hold user data (a broken filter would walk nothing).
    expect(walked).toEqual(
      expect.arrayContaining([
        'GET /api/chats/:id/messages',
        'GET /api/files/:id',
        'PATCH /api/admin/users/:id',
        'PATCH /api/prompts/:id',
        'POST /api/prompts/:id/use',
        'GET /api/images/:id',
        'GET /api/knowledge/:id',
        'PATCH /api/knowledge/:id',
        'DELETE /api/knowledge/:id',
        'POST /api/knowledge/:id/reindex',
        'POST /api/knowledge/:id/cancel',
        'GET /api/research/:id',
        'POST /api/research/:id/cancel',
        'POST /api/research/:id/retry',
      ]),
    )
  })

  test("a route that names a chat in its body answers 404 for Alice's chat", async () => {
    const res = await call(bob, 'POST', '/api/chat', undefined, { sessionId: aliceIds.chat, message: 'hi' })
    expect(res.status).toBe(404)
    const image = await call(bob, 'POST', '/api/generate-image', undefined, {
      prompt: 'a fox',
      chatId: aliceIds.chat,
    })
    expect(image.status).toBe(404)
    const exported = await call(bob, 'POST', '/api/knowledge/export-chat', undefined, {
      chatId: aliceIds.chat,
    })
    expect(exported.status).toBe(404)
    const research = await call(bob, 'POST', '/api/research', undefined, {
      topic: 'spying',
      chatId: aliceIds.chat,
    })
    expect(research.status).toBe(404)
  })

  test("a knowledge search never shows Alice's private entry, whatever the filters", async () => {
    for (const body of [
      { query: 'secret recipe' },
      { query: 'secret', tags: ['secret'] },
      { query: 'Alice secret knowledge', source_types: ['manual'], min_similarity: -1, limit: 50 },
    ]) {
      const res = await call(bob, 'POST', '/api/knowledge/search', undefined, body)
      expect(res.status).toBe(200)
      expect(await res.text()).not.toContain('secret')
    }
  })

  test("no route without an id shows anything of Alice's to Bob", async () => {
    const secrets = [...Object.values(aliceIds), alice.email, 'Alice Secret', 'Alice private plans', 'secret']
    for (const route of routes().filter((route) => !route.path.includes(':') && route.method === 'GET')) {
      const res = await call(bob, route.method, route.path, undefined)
      const text = await bodyText(route, res)
      expect(res.status, `${route.method} ${route.path}`).toBeLessThan(500)
      if (isAdminRoute(route.path)) expect(res.status, `${route.method} ${route.path}`).toBe(403)
      for (const secret of secrets) expect(text, `${route.method} ${route.path}`).not.toContain(secret)
    }
  })

  test('every walked route needs a session', async () => {
    for (const route of routes().filter(
      (route) => !/^\/api\/(health|branding|demo|auth\/)/.test(route.path),
    )) {
      const path = route.path.replace(/:[A-Za-z]+/g, aliceIds.chat!)
      const res = await call(nobody, route.method, path, route.hooks.body)
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      })
    }
  })

  test("Alice's chat, messages and file are untouched by the walk", async () => {
    const messages = await t.request(`/api/chats/${aliceIds.chat}/messages`, { headers: alice.headers })
    const body = (await messages.json()) as { data: { messages: { id: string }[] } }
    expect(body.data.messages.map((message) => message.id).sort()).toEqual(
      [aliceIds.question!, aliceIds.answer!].sort(),
    )
    const file = await t.request(`/api/files/${aliceIds.attachment}`, { headers: alice.headers })
    expect(file.status).toBe(200)
    expect(await file.text()).toBe('alice notes')
    const chats = await t.request('/api/chats', { headers: alice.headers })
    expect(await chats.text()).toContain('Alice private plans')
    const image = await t.request(`/api/images/${aliceIds.image}`, { headers: alice.headers })
    expect(image.status).toBe(200)
    const prompt = await t.request(`/api/prompts/${aliceIds.prompt}`, { headers: alice.headers })
    expect(await prompt.json()).toMatchObject({ data: { title: 'Alice secret prompt', use_count: 0 } })
    const entry = await t.request(`/api/knowledge/${aliceIds.knowledge}`, { headers: alice.headers })
    expect(await entry.json()).toMatchObject({ data: { title: 'Alice secret knowledge', is_shared: false } })
    const research = await t.request(`/api/research/${aliceIds.research}`, { headers: alice.headers })
    expect(await research.json()).toMatchObject({
      data: { topic: 'Alice secret research', status: 'completed' },
    })
  })
})

/**
 * Support access (issue 11, decision 117): an administrator acting as Bob is walked over every
 * route. The list the issue refuses (account security, the admin area, budgets, another access)
 * must answer 403 `forbidden:impersonating` whatever the path; everything else acts as Bob, so
 * Alice's ids still answer 404 and nothing of hers shows.
 */
describe('every route, walked by an administrator acting as Bob', () => {
  /** The routes support access may not use, each with its reason. */
  const REFUSED: Record<string, string> = {
    'PATCH /api/auth/password': 'account security: the password is the person’s own',
    'PATCH /api/auth/email': 'account security: the sign-in address is the person’s own',
    'DELETE /api/user/delete-account': 'account security: deleting the account',
    'PUT /api/profile/avatar': 'the account’s face to others',
    'DELETE /api/profile/avatar': 'the account’s face to others',
    'PUT /api/agents/calendar/oauth': 'the calendar’s OAuth client secret is the person’s own (decision 124)',
    'POST /api/agents/calendar/connect': 'connecting a calendar grants access to the person’s account',
    'GET /api/agents/calendar/callback': 'finishing a calendar connection, as connecting',
    'DELETE /api/agents/calendar/connection': 'the calendar connection is the person’s own',
    'POST /api/chats/:id/shares': 'support access can neither create links nor export (issue 32)',
    'DELETE /api/shares/:id': 'links are the person’s own to make and revoke (issue 32)',
    'POST /api/shares/:id/fork': 'continuing a link writes a chat the person chose to keep (issue 32)',
    'GET /api/chats/:id/export': 'support access can neither create links nor export (issue 32)',
    'POST /api/import': 'importing writes the person’s chats from their own files (decision 173)',
    'POST /api/import/:id/cancel': 'an import is the person’s own to start and cancel (decision 173)',
    'POST /api/account/export': 'support access cannot export the person’s data (issue 32, decision 175)',
    'GET /api/account/exports/:id/download':
      'support access cannot export the person’s data (issue 32, decision 175)',
    'DELETE /api/keys/:id': 'API keys are credentials: support access neither sees nor makes them (issue 31)',
  }
  const refused = (method: string, path: string) =>
    Boolean(REFUSED[`${method} ${path}`]) || isAdminRoute(path)
  let support: TestUser

  beforeAll(async () => {
    const admin = await t.createUser({ email: 'walker-admin@example.com', role: 'admin' })
    const res = await t.request('/api/admin/impersonations', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        targetUserId: bob.id,
        reasonCode: 'compliance_review',
        caseNumber: 'WALK-1',
        durationMinutes: 240,
      }),
    })
    const token = ((await res.json()) as { data: { token: string } }).data.token
    support = { ...bob, token, headers: { authorization: `Bearer ${token}` } }
  })

  test('refused routes answer 403 forbidden:impersonating; the others keep Alice out', async () => {
    const walked: string[] = []
    for (const route of routes()) {
      // Stopping (and signing out) would end the walk's own session; they are tested on their own.
      if (/^(DELETE \/api\/impersonation|POST \/api\/auth\/logout)$/.test(`${route.method} ${route.path}`))
        continue
      if (!refused(route.method, route.path)) continue
      const path = route.path.replace(/:[A-Za-z]+/g, aliceIds.chat!)
      const res = await call(support, route.method, path, route.hooks.body)
      const body = (await bodyText(route, res).then((text) => JSON.parse(text))) as { code?: string }
      expect({ route: `${route.method} ${route.path}`, status: res.status, code: body.code }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 403,
        code: 'forbidden:impersonating',
      })
      walked.push(`${route.method} ${route.path}`)
    }
    expect(walked).toEqual(
      expect.arrayContaining([
        'PATCH /api/auth/password',
        'DELETE /api/user/delete-account',
        'POST /api/admin/impersonations',
        'PUT /api/admin/budgets/users/:id',
        'GET /api/admin/users',
      ]),
    )
    for (const route of routes().filter(
      (route) => route.path.includes(':') && !refused(route.method, route.path),
    )) {
      for (const [kind, id] of Object.entries(aliceIds)) {
        const path = route.path.replace(/:[A-Za-z]+/g, id)
        const res = await call(support, route.method, path, route.hooks.body)
        const text = await res.text()
        expect({ route: `${route.method} ${route.path}`, kind, status: res.status }).toEqual({
          route: `${route.method} ${route.path}`,
          kind,
          status: 404,
        })
        expect(text).not.toContain('secret')
      }
    }
  })

  test('the support session is still Bob’s after the walk', async () => {
    const me = await t.request('/api/auth/me', { headers: support.headers })
    expect(((await me.json()) as { data: { user: { id: string } } }).data.user.id).toBe(bob.id)
  })
})
