import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startApp, type TestApp, type TestUser } from '../test/harness'

/*
 * The order of a request's checks, on every route of the composed app (issue 26, point 14;
 * docs/decisions/141-request-order.md): authentication, then the role, then the support-access
 * refusal, and only then the body, query and params. A stranger sending a malformed or wrongly
 * shaped body gets 401, never a 400 that describes the schema; a non-admin gets 403 on the admin
 * area; an administrator acting as someone gets 403 `forbidden:impersonating` where support access
 * may not go. Routes are read from the app, so a route added later is walked too.
 */

/** Routes that answer without a session, each with its reason. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/health': 'load balancers and monitors',
  'GET /api/branding': 'the sign-in page shows the brand',
  'GET /api/branding/events': 'the sign-in page follows brand changes (decision 113)',
  'GET /api/branding/logo': 'the sign-in page shows the logo',
  'GET /api/branding/login-background': 'the sign-in page shows its background',
  'GET /api/demo': 'whether the demo sign-in is offered',
  'GET /api/avatars/:userId/:file': 'avatars are served at an unguessable public path (decision 021)',
  'POST /api/auth/signup': 'creates the session',
  'POST /api/auth/login': 'creates the session',
  'POST /api/auth/forgot-password': 'for someone who cannot sign in',
  'POST /api/auth/reset-password': 'a mailed link; its token is the credential',
  'GET /api/auth/confirm': 'a mailed link; its token is the credential',
  'GET /api/auth/providers': 'the sign-in card lists the identity providers',
  'GET /api/auth/oidc/:id/start': 'begins a sign-in at an identity provider',
  'GET /api/auth/oidc/:id/callback': 'the identity provider’s answer; its state and code are the credential',
  'DELETE /api/impersonation':
    'reads its own credentials (the support session or the parked admin cookie, decision 117)',
  'GET /api/shares/:id': 'a share link; its token is the credential (public links are opened signed out)',
  'GET /api/shares/:id/images/:image': 'an image of a shared chat; the link’s token is the credential',
  'GET /api/shares/:id/files/:file':
    'a file of a shared chat; the link’s token and the session, checked inside',
}

/** Besides the admin area, the routes support access may not use (decision 117), with their reason. */
const ACCOUNT_SECURITY: Record<string, string> = {
  'PATCH /api/auth/password': 'the password is the person’s own',
  'PATCH /api/auth/email': 'the sign-in address is the person’s own',
  'DELETE /api/user/delete-account': 'only the person may delete the account',
  'PUT /api/profile/avatar': 'the account’s face to others',
  'DELETE /api/profile/avatar': 'the account’s face to others',
  'PUT /api/agents/calendar/oauth': 'the calendar’s OAuth client secret (decision 124)',
  'POST /api/agents/calendar/connect': 'connecting a calendar grants access to the person’s account',
  'GET /api/agents/calendar/callback': 'finishing a calendar connection, as connecting',
  'DELETE /api/agents/calendar/connection': 'the calendar connection is the person’s own',
  'GET /api/keys': 'API keys are credentials: support access neither sees nor makes them (issue 31)',
  'POST /api/keys': 'API keys are credentials: support access neither sees nor makes them (issue 31)',
  'DELETE /api/keys/:id': 'API keys are credentials: support access neither sees nor makes them (issue 31)',
  'POST /api/chats/:id/shares':
    'support access can neither create links nor export the person’s data (issue 32)',
  'DELETE /api/shares/:id': 'links are the person’s own to make and revoke (issue 32)',
  'POST /api/shares/:id/fork': 'continuing a link writes a chat the person chose to keep (issue 32)',
  'GET /api/chats/:id/export':
    'support access can neither create links nor export the person’s data (issue 32)',
  'POST /api/import': 'importing writes the person’s chats from their own files (issue 32, decision 173)',
  'POST /api/import/:id/cancel': 'an import is the person’s own to start and cancel (issue 32, decision 173)',
  'POST /api/account/export':
    'support access can neither create links nor export the person’s data (issue 32, decision 175)',
  'GET /api/account/exports/:id/download':
    'support access can neither create links nor export the person’s data (issue 32, decision 175)',
}

const isAdminRoute = (path: string) => path.startsWith('/api/admin/')

/**
 * Every kind of bad input at once: ids that are no ids, a query of wrong types, and a body. (A body
 * over the size limit is refused with 413 before anything else, whoever sends it: src/http/body.test.ts.)
 */
const INVALID_QUERY = '?limit=lots&cursor=-1&sort=sideways&page=x&q=&from=yesterday'
const BODIES = {
  'malformed JSON': '{"title": ',
  'a NUL character': '{"title": "a\\u0000b"}',
  'not an object': '[1, 2, 3]',
  'wrongly shaped': JSON.stringify({ title: 42, email: 7, password: false, unknownField: { deep: [1] } }),
} as const

let t: TestApp
let user: TestUser
let admin: TestUser
let support: TestUser

beforeAll(async () => {
  t = await startApp()
  admin = await t.createUser({ email: 'order-admin@example.com', role: 'admin' })
  user = await t.createUser({ email: 'order-user@example.com' })
  const target = await t.createUser({ email: 'order-target@example.com' })
  const started = await t.request('/api/admin/impersonations', {
    method: 'POST',
    headers: { ...admin.headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      targetUserId: target.id,
      reasonCode: 'bug_investigation',
      caseNumber: 'ORDER-1',
      durationMinutes: 240,
    }),
  })
  expect(started.status).toBe(201)
  const token = ((await started.json()) as { data: { token: string } }).data.token
  support = { ...target, token, headers: { authorization: `Bearer ${token}` } }
})
afterAll(() => t.close())

const routes = () =>
  t.app.routes.filter(
    (route) =>
      route.path.startsWith('/api/') &&
      !route.path.startsWith('/api/docs') &&
      !PUBLIC_ROUTES[`${route.method} ${route.path}`],
  )

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD'

/** The route called with bad input of every kind (the body only where the method has one). */
async function* invalidCalls(route: { method: string; path: string }, headers: Record<string, string>) {
  const url = route.path.replace(/:[A-Za-z]+/g, 'not-an-id') + INVALID_QUERY
  if (!hasBody(route.method)) {
    yield { input: 'query and params', res: await t.request(url, { method: route.method, headers }) }
    return
  }
  for (const [input, body] of Object.entries(BODIES)) {
    const res = await t.request(url, {
      method: route.method,
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    })
    yield { input, res }
  }
}

async function answer(res: Response) {
  const body = (await res.json().catch(() => ({}))) as { code?: string }
  return { status: res.status, code: body.code }
}

describe('every route checks who is asking before what is asked', () => {
  test('the walk covers the routes the issue names, and every non-public route', () => {
    const walked = routes().map((route) => `${route.method} ${route.path}`)
    expect(walked).toEqual(
      expect.arrayContaining([
        'PATCH /api/auth/password',
        'PATCH /api/auth/email',
        'POST /api/admin/users',
        'PATCH /api/admin/users/:id',
        'PUT /api/admin/budgets/',
        'POST /api/admin/impersonations',
        'POST /api/chats',
      ]),
    )
    // Every public route still exists (a renamed one must leave this list, not linger in it).
    const all = new Set(t.app.routes.map((route) => `${route.method} ${route.path}`))
    for (const route of Object.keys(PUBLIC_ROUTES)) expect(all.has(route), route).toBe(true)
    for (const route of Object.keys(ACCOUNT_SECURITY)) expect(all.has(route), route).toBe(true)
  })

  test('a stranger with a malformed, non-object or wrongly shaped body gets 401 on every route', async () => {
    for (const route of routes()) {
      for await (const { input, res } of invalidCalls(route, {})) {
        expect({ route: `${route.method} ${route.path}`, input, ...(await answer(res)) }).toEqual({
          route: `${route.method} ${route.path}`,
          input,
          status: 401,
          code: 'unauthorized',
        })
      }
    }
  })

  test('a non-admin gets 403 forbidden:admin on every admin route, whatever the input', async () => {
    const adminRoutes = routes().filter((route) => isAdminRoute(route.path))
    expect(adminRoutes.length).toBeGreaterThan(20)
    for (const route of adminRoutes) {
      for await (const { input, res } of invalidCalls(route, user.headers)) {
        expect({ route: `${route.method} ${route.path}`, input, ...(await answer(res)) }).toEqual({
          route: `${route.method} ${route.path}`,
          input,
          status: 403,
          code: 'forbidden:admin',
        })
      }
    }
  })

  test('an administrator gets the 400 of the same malformed body: it is the caller that decided', async () => {
    for (const route of routes().filter((route) => isAdminRoute(route.path) && hasBody(route.method))) {
      const res = await t.request(route.path.replace(/:[A-Za-z]+/g, 'not-an-id'), {
        method: route.method,
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: BODIES['malformed JSON'],
      })
      expect({ route: `${route.method} ${route.path}`, ...(await answer(res)) }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 400,
        code: 'bad_request:body',
      })
    }
  })

  test('an administrator acting as someone gets 403 forbidden:impersonating on account security and the admin area, before the input', async () => {
    const refused = routes().filter(
      (route) => isAdminRoute(route.path) || ACCOUNT_SECURITY[`${route.method} ${route.path}`],
    )
    for (const route of refused) {
      for await (const { input, res } of invalidCalls(route, support.headers)) {
        expect({ route: `${route.method} ${route.path}`, input, ...(await answer(res)) }).toEqual({
          route: `${route.method} ${route.path}`,
          input,
          status: 403,
          code: 'forbidden:impersonating',
        })
      }
    }
  })

  test('support access is refused on no other route (its bad input gets the input’s answer)', async () => {
    const allowed = routes().filter(
      (route) => !isAdminRoute(route.path) && !ACCOUNT_SECURITY[`${route.method} ${route.path}`],
    )
    for (const route of allowed) {
      const url = route.path.replace(/:[A-Za-z]+/g, 'not-an-id') + INVALID_QUERY
      // A malformed body stops every write before its handler: the walk changes nothing.
      const res = await t.request(
        url,
        hasBody(route.method)
          ? {
              method: route.method,
              headers: { ...support.headers, 'content-type': 'application/json' },
              body: BODIES['malformed JSON'],
            }
          : { method: route.method, headers: support.headers },
      )
      const { status, code } = await answer(res)
      expect({ route: `${route.method} ${route.path}`, code }).not.toEqual({
        route: `${route.method} ${route.path}`,
        code: 'forbidden:impersonating',
      })
      expect(status, `${route.method} ${route.path}`).toBeLessThan(500)
    }
    // The support session survived the walk (nothing above signed it out or ended it).
    const me = await t.request('/api/auth/me', { headers: support.headers })
    expect(me.status).toBe(200)
  })
})
