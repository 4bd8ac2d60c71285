import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startApp, type TestApp } from '../../test/harness'
import { describeWrite, WRITE_OPERATIONS } from './writes'

/*
 * Every write a support session can make is named in the audit trail (decision 145): the routes are
 * read from the composed app, so a route added later without its words fails here.
 */

/** Mutating routes a support session never reaches, each with its reason. */
const NOT_DURING_SUPPORT: Record<string, string> = {
  'POST /api/auth/signup': 'public: no session',
  'POST /api/auth/login': 'public: no session',
  'POST /api/auth/forgot-password': 'public: no session',
  'POST /api/auth/reset-password': 'public: a mailed token is the credential',
  'PATCH /api/auth/password': 'account security: refused while impersonating',
  'PATCH /api/auth/email': 'account security: refused while impersonating',
  'DELETE /api/user/delete-account': 'account security: refused while impersonating',
  'POST /api/keys': 'account security: refused while impersonating',
  'DELETE /api/keys/:id': 'account security: refused while impersonating',
  'POST /v1/chat/completions': 'the team API: an API key only, never a session',
  'POST /v1/embeddings': 'the team API: an API key only, never a session',
  'POST /api/chats/:id/shares': 'share links: refused while impersonating (issue 32)',
  'DELETE /api/shares/:id': 'share links: refused while impersonating (issue 32)',
  'POST /api/shares/:id/fork': 'share links: refused while impersonating (issue 32)',
  'POST /api/import': 'imports: refused while impersonating (decision 173)',
  'POST /api/import/:id/cancel': 'imports: refused while impersonating (decision 173)',
  'POST /api/account/export': 'download all my data: refused while impersonating (decision 175)',
}

let t: TestApp
beforeAll(async () => {
  t = await startApp()
}, 60_000)
afterAll(() => t.close())

describe('support-access writes in words', () => {
  test('every mutating route a support session may call has an operation', () => {
    const unnamed = t.app.routes
      .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
      .map((route) => `${route.method} ${route.path}`)
      // The admin area refuses a support session (the admin macro), so none of its routes is a write made as the user.
      .filter((route) => !route.split(' ')[1]!.startsWith('/api/admin/'))
      // SCIM (src/scim) takes a SCIM token only: no session, so no support session, reaches it.
      .filter((route) => !route.split(' ')[1]!.startsWith('/scim/v2'))
      .filter((route) => !NOT_DURING_SUPPORT[route] && !(route in WRITE_OPERATIONS))
    expect(unnamed).toEqual([])
  })

  test('the route and path give the operation and the id of the thing acted on', () => {
    expect(describeWrite('PATCH /api/chats/:id', '/api/chats/3f2a9c1e-0000-4000-8000-000000000001')).toEqual({
      operation: 'chat.update',
      subject: { kind: 'chat', id: '3f2a9c1e-0000-4000-8000-000000000001' },
    })
    expect(describeWrite('POST /api/knowledge/:id/reindex', '/api/knowledge/k-1/reindex')).toEqual({
      operation: 'knowledge.reindex',
      subject: { kind: 'knowledge', id: 'k-1' },
    })
    expect(describeWrite('POST /api/chats', '/api/chats')).toEqual({
      operation: 'chat.create',
      subject: { kind: 'chat', id: null },
    })
    expect(describeWrite('POST /api/knowledge/search', '/api/knowledge/search')).toEqual({
      operation: 'knowledge.search',
      subject: null,
    })
    // A route the list does not know, or no route: nothing is made up.
    expect(describeWrite('POST /api/somewhere/new', '/api/somewhere/new')).toEqual({
      operation: null,
      subject: null,
    })
    expect(describeWrite(null, undefined)).toEqual({ operation: null, subject: null })
    // A path that does not fit the route gives no id rather than a wrong one.
    expect(describeWrite('DELETE /api/chats/:id', '/api/chats/a/b').subject).toEqual({
      kind: 'chat',
      id: null,
    })
  })
})
