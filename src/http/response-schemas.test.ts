import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { getSchemaValidator } from 'elysia'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { failure } from './model'

/*
 * Every route declares the shape of its answer (issue 34, point 2): Elysia checks what a handler
 * returns against it (trimming what the schema does not name) and the OpenAPI document at
 * /api/docs/json shows it. Routes are read from the app, so a route added later is walked too.
 */

/**
 * Routes that answer with something other than JSON, each with its reason. Their handlers return a
 * Response, which Elysia does not check. (socket.io's engine, mounted on a listening app only, answers
 * its own protocol.)
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/docs/json': 'the OpenAPI document itself',
  'GET /api/docs': 'the API reference page (HTML)',
  'GET /api/docs/assets/reference.js': 'a static file of the reference page',
  'GET /api/docs/assets/reference.css': 'a static file of the reference page',
  'GET /api/branding/events': 'a server-sent event stream (decision 113)',
  'GET /api/branding/logo': 'an image file',
  'GET /api/branding/login-background': 'an image file',
  'GET /api/avatars/:userId/:file': 'an image file',
  'GET /api/files/:id': 'an uploaded file, as stored',
  'GET /api/images/:id': 'a generated image file',
  'GET /api/agents/calendar/callback': 'a redirect back into the app',
  'GET /api/auth/oidc/:id/start': 'a redirect to the identity provider',
  'GET /api/auth/oidc/:id/callback': 'a redirect back into the app (or to the sign-in card with the reason)',
  'GET /api/admin/usage.csv': 'a CSV download',
  'GET /api/admin/backups/:name/download': 'a backup archive (issue 33)',
  'GET /api/shares/:id/images/:image': 'a generated image file of a shared chat',
  'GET /api/shares/:id/files/:file': 'an attached file of a shared chat, as stored',
  'GET /api/chats/:id/export': 'a Markdown or JSON download (issue 32)',
  'GET /api/account/exports/:id/download': 'a zip of all the person’s data (decision 175)',
  'GET /*': 'the React client’s static files and index.html',
}

/**
 * SCIM's routes (src/scim, RFC 7644) answer `application/scim+json` Responses in SCIM's own shapes
 * and error shape, outside the app's API and its OpenAPI document (hidden there).
 */
const isScim = (route: { path: string }) => route.path === '/scim/v2' || route.path.startsWith('/scim/v2/')
/** The team API (src/openai-api, issue 31) answers in OpenAI's shapes, outside the app's API document too. */
const isOpenAi = (route: { path: string }) => route.path === '/v1' || route.path.startsWith('/v1/')

const isFailure = (body: unknown) => getSchemaValidator(failure)?.Check(body)

let t: TestApp
let user: TestUser

beforeAll(async () => {
  t = await startApp()
  user = await t.createUser()
})
afterAll(() => t.close())

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`

describe('every route declares its response', () => {
  test('each JSON route has a response schema; the exceptions still exist', () => {
    const missing = t.app.routes
      .filter((route) => !route.hooks.response && !NOT_JSON[key(route)] && !isScim(route) && !isOpenAi(route))
      .map(key)
    expect(missing).toEqual([])
    const all = new Set(t.app.routes.map(key))
    for (const route of Object.keys(NOT_JSON)) expect(all.has(route), route).toBe(true)
  })

  test('the OpenAPI document shows a JSON answer for every JSON route', async () => {
    const res = await t.request('/api/docs/json')
    const doc = (await res.json()) as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
      >
    }
    const withoutShape: string[] = []
    for (const route of t.app.routes) {
      if (NOT_JSON[key(route)] || isScim(route) || isOpenAi(route)) continue
      const operation = doc.paths[route.path.replace(/:([^/]+)/g, '{$1}')]?.[route.method.toLowerCase()]
      const answers = Object.values(operation?.responses ?? {})
      if (!answers.length || !answers.every((answer) => answer.content?.['application/json']))
        withoutShape.push(key(route))
    }
    expect(withoutShape).toEqual([])
  })

  test('errors answer with the one failure shape, outside the routes’ schemas', async () => {
    const answers = await Promise.all([
      t.request('/api/chats'),
      t.request('/api/chats/not-a-chat', {
        method: 'PATCH',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'x' }),
      }),
      t.request('/api/admin/users', { headers: user.headers }),
      t.request('/api/chats', {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: '{',
      }),
    ])
    expect(answers.map((res) => res.status)).toEqual([401, 404, 403, 400])
    for (const res of answers) expect(isFailure(await res.json())).toBe(true)
  })
})
