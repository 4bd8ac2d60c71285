import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { auditLog, calendarOauthStates, messages, userAgentSettings } from '../../db/schema'
import { hashToken } from '../auth/session'
import { startFakeWebhook } from '../test/fakes/n8n-server'
import { startFakeOauth } from '../test/fakes/oauth-server'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { chatActions, waitForOutcome } from '../test/messages'
import { calendarNotConnectedReply, calendarReconnectReply } from './reply-texts'

/*
 * Agents (issue 14, docs/decisions/124): the list and each user's settings, the calendar agent's
 * OAuth client (sealed at rest) and connection (state, PKCE, refresh, reconnect, disconnect),
 * support access refusals, and the calendar workflow receiving a signed request with a valid token.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers read loosely by the test
type Loose = any

const webhook = startFakeWebhook({ secret: 'workflow-signing-secret-1' })
const oauth = startFakeOauth()
let t: TestApp

beforeAll(async () => {
  t = await startApp({
    N8N_WEBHOOK_URL: webhook.url,
    WORKFLOW_SIGNING_SECRET: 'workflow-signing-secret-1',
    ...oauth.env,
  })
}, 60_000)
afterAll(async () => {
  await t.close()
  await webhook.close()
  await oauth.close()
})

async function call(
  user: TestUser | { headers: Record<string, string> },
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await t.request(path, {
    method,
    headers: { ...user.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let json: Loose = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, body: json, text, res }
}

const rawRow = async (user: TestUser, agentId: 'rag' | 'jokes' | 'calendar') =>
  (await t.ctx.db.select().from(userAgentSettings).where(eq(userAgentSettings.userId, user.id))).find(
    (row) => row.agentId === agentId,
  )

const OAUTH = () => ({ redirectUrl: '', clientId: oauth.clientId, clientSecret: oauth.clientSecret })

/** Saves the OAuth client, enables the agent and connects through the fake provider. */
async function connectCalendar(user: TestUser) {
  expect((await call(user, 'PUT', '/api/agents/calendar/oauth', OAUTH())).status).toBe(200)
  expect(
    (
      await call(user, 'PUT', '/api/agents/calendar/settings', {
        enabled: true,
        config: { calendar_email: 'me@example.com' },
      })
    ).status,
  ).toBe(200)
  const connect = await call(user, 'POST', '/api/agents/calendar/connect')
  expect(connect.status).toBe(200)
  const back = await oauth.authorize(connect.body.data.authorizeUrl)
  const done = await call(user, 'GET', `${back.pathname}${back.search}`)
  expect(done.status).toBe(302)
  return done.res.headers.get('location')
}

describe('the agents and my settings', () => {
  test('three agents in the fixed order, with the spec’s defaults', async () => {
    const user = await t.createUser()
    const { status, body } = await call(user, 'GET', '/api/agents')
    expect(status).toBe(200)
    expect(
      body.data.items.map((agent: Loose) => [agent.id, agent.name, agent.enabled, agent.visible]),
    ).toEqual([
      ['rag', 'RAG Agent', true, true],
      ['jokes', 'Employee agent', false, true],
      ['calendar', 'Calendar Agent', false, true],
    ])
    const [rag, , calendar] = body.data.items
    expect(rag).toMatchObject({
      description: 'document retrieval & knowledge base',
      hasConfig: false,
      requiresConfig: false,
      configured: true,
      configFields: [],
      config: {},
      runsOn: 'workflow',
    })
    expect(calendar).toMatchObject({
      hasConfig: true,
      requiresConfig: true,
      configured: false,
      configFields: [{ key: 'calendar_email', type: 'text', required: true }],
      runsOn: 'workflow',
      calendar: {
        redirectUrl: '',
        clientId: '',
        clientSecretSaved: false,
        connected: false,
        email: null,
        needsReconnect: false,
        defaultRedirectUrl: `${t.ctx.config.appUrl}/api/agents/calendar/callback`,
      },
    })
  })

  test('settings are saved per user, validated, and pushed to the user’s own sockets', async () => {
    const alice = await t.createUser()
    const bob = await t.createUser()
    const saved = await call(alice, 'PUT', '/api/agents/calendar/settings', {
      enabled: true,
      visible: false,
      config: { calendar_email: ' alice@example.com ' },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.data).toMatchObject({
      id: 'calendar',
      enabled: true,
      visible: false,
      configured: true,
      config: { calendar_email: 'alice@example.com' },
    })
    expect(t.events.some((e) => e.room === `user:${alice.id}` && e.event === 'agents:changed')).toBe(true)
    // Bob sees his own defaults: Alice's settings are hers.
    const bobs = await call(bob, 'GET', '/api/agents')
    expect(bobs.body.data.items[2]).toMatchObject({ enabled: false, visible: true, config: {} })

    const refusals: [string, unknown, number, string][] = [
      ['/api/agents/calendar/settings', { config: { nickname: 'x' } }, 400, 'bad_request:agent_config'],
      [
        '/api/agents/calendar/settings',
        { config: { calendar_email: 'not an address' } },
        400,
        'bad_request:agent_config',
      ],
      ['/api/agents/rag/settings', { config: { calendar_email: 'a@b.co' } }, 400, 'bad_request:agent_config'],
      ['/api/agents/nope/settings', { enabled: true }, 404, 'not_found:agent'],
      ['/api/agents/calendar/settings', { enabled: 'yes' }, 400, ''],
    ]
    for (const [path, body, status, code] of refusals) {
      const res = await call(alice, 'PUT', path, body)
      expect({ path, body, status: res.status }).toEqual({ path, body, status })
      if (code) expect(res.body.code).toBe(code)
    }
  })
})

describe('the calendar agent’s OAuth client', () => {
  test('the client secret is sealed at rest, never returned, and kept when left empty', async () => {
    const user = await t.createUser()
    const saved = await call(user, 'PUT', '/api/agents/calendar/oauth', {
      redirectUrl: 'https://parley.example.com/api/agents/calendar/callback',
      clientId: 'my-client',
      clientSecret: 'super-secret-value-42',
    })
    expect(saved.status).toBe(200)
    expect(saved.body.data.calendar).toMatchObject({
      redirectUrl: 'https://parley.example.com/api/agents/calendar/callback',
      clientId: 'my-client',
      clientSecretSaved: true,
    })
    expect(saved.text).not.toContain('super-secret-value-42')
    const row = await rawRow(user, 'calendar')
    expect(JSON.stringify(row)).not.toContain('super-secret-value-42')
    expect(row!.oauthClientSecretSealed).toStartWith('v1.')
    const kept = await call(user, 'PUT', '/api/agents/calendar/oauth', {
      redirectUrl: '',
      clientId: 'my-client-2',
      clientSecret: '',
    })
    expect(kept.body.data.calendar).toMatchObject({
      clientId: 'my-client-2',
      clientSecretSaved: true,
      redirectUrl: '',
    })
    expect((await rawRow(user, 'calendar'))!.oauthClientSecretSealed).toBe(row!.oauthClientSecretSealed)
    expect((await call(user, 'GET', '/api/agents')).text).not.toContain('super-secret-value-42')
  })

  test('refusals: no secret yet, a bad redirect URL, connecting before saving', async () => {
    const user = await t.createUser()
    const noSecret = await call(user, 'PUT', '/api/agents/calendar/oauth', {
      redirectUrl: '',
      clientId: 'c',
      clientSecret: '',
    })
    expect([noSecret.status, noSecret.body.code]).toEqual([400, 'bad_request:calendar_oauth'])
    const badUrl = await call(user, 'PUT', '/api/agents/calendar/oauth', {
      redirectUrl: 'javascript:alert(1)',
      clientId: 'c',
      clientSecret: 's',
    })
    expect([badUrl.status, badUrl.body.code]).toEqual([400, 'bad_request:calendar_oauth'])
    const early = await call(user, 'POST', '/api/agents/calendar/connect')
    expect([early.status, early.body.code]).toEqual([400, 'bad_request:calendar_oauth'])
  })
})

describe('connecting a calendar', () => {
  test('authorisation code with state and PKCE: tokens sealed, the e-mail read', async () => {
    const user = await t.createUser()
    expect((await call(user, 'PUT', '/api/agents/calendar/oauth', OAUTH())).status).toBe(200)
    const connect = await call(user, 'POST', '/api/agents/calendar/connect')
    const authorize = new URL(connect.body.data.authorizeUrl)
    expect(authorize.origin + authorize.pathname).toBe(`${oauth.base}/authorize`)
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: oauth.clientId,
      redirect_uri: `${t.ctx.config.appUrl}/api/agents/calendar/callback`,
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    })
    // The state is stored hashed, bound to this session.
    const [pending] = await t.ctx.db
      .select()
      .from(calendarOauthStates)
      .where(eq(calendarOauthStates.userId, user.id))
    expect(pending!.sessionId).toBe(user.sessionId)
    expect(pending!.stateHash).not.toBe(authorize.searchParams.get('state'))

    const back = await oauth.authorize(authorize.toString())
    const done = await call(user, 'GET', `${back.pathname}${back.search}`)
    expect(done.status).toBe(302)
    expect(done.res.headers.get('location')).toBe('/?calendar=connected')
    const exchange = oauth.tokenRequests.at(-1)!
    expect(exchange).toMatchObject({ grant_type: 'authorization_code', client_secret: oauth.clientSecret })
    expect(exchange.code_verifier).toMatch(/^[\w-]{43}$/)

    const agents = await call(user, 'GET', '/api/agents')
    expect(agents.body.data.items[2].calendar).toMatchObject({
      connected: true,
      email: oauth.email,
      needsReconnect: false,
    })
    const row = await rawRow(user, 'calendar')
    const raw = JSON.stringify(row)
    for (const token of [...oauth.accessTokens, ...oauth.refreshTokens, oauth.clientSecret]) {
      expect(raw).not.toContain(token)
      expect(agents.text).not.toContain(token)
    }
    expect(row!.accessTokenSealed).toStartWith('v1.')
    // The state was used once.
    const again = await call(user, 'GET', `${back.pathname}${back.search}`)
    expect(again.res.headers.get('location')).toBe('/?calendar=failed')
  })

  test('a state from another session, or a forged one, fails', async () => {
    const user = await t.createUser()
    const other = await t.createUser()
    expect((await call(user, 'PUT', '/api/agents/calendar/oauth', OAUTH())).status).toBe(200)
    const connect = await call(user, 'POST', '/api/agents/calendar/connect')
    const back = await oauth.authorize(connect.body.data.authorizeUrl)
    const stolen = await call(other, 'GET', `${back.pathname}${back.search}`)
    expect(stolen.res.headers.get('location')).toBe('/?calendar=failed')
    const forged = await call(user, 'GET', `/api/agents/calendar/callback?code=x&state=forged`)
    expect(forged.res.headers.get('location')).toBe('/?calendar=failed')
    const bare = await call(user, 'GET', '/api/agents/calendar/callback')
    expect(bare.res.headers.get('location')).toBe('/?calendar=failed')
  })

  test('the calendar workflow gets a signed request with a valid token; disconnect revokes it', async () => {
    const user = await t.createUser()
    expect(await connectCalendar(user)).toBe('/?calendar=connected')
    webhook.setScript({ status: 200, body: { output: 'Booked for Tuesday 10:00.' } })
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    const assistantId = await chat.sendOk(chatId, 'Book a meeting with Sam on Tuesday', {
      agentId: 'calendar',
    })
    expect((await waitForOutcome(t, assistantId)).payload).toMatchObject({
      message: { content: 'Booked for Tuesday 10:00.', status: 'complete' },
    })
    const request = webhook.requests.at(-1)!
    // Read before toMatchObject: Bun's matcher writes its asymmetric matchers into the received object.
    const sentToken = (request.calendar as Loose).accessToken
    expect(request).toMatchObject({
      chatInput: 'Book a meeting with Sam on Tuesday',
      sessionId: chatId,
      agentId: 'calendar',
      config: { calendar_email: 'me@example.com' },
      calendar: { email: oauth.email, accessToken: expect.stringMatching(/^access-/) },
      history: [],
    })
    expect(oauth.accessTokens.has(sentToken)).toBe(true)
    expect(webhook.calls.at(-1)!.signatureValid).toBe(true)
    expect(webhook.calls.at(-1)!.rawBody).not.toContain(oauth.clientSecret)

    const gone = await call(user, 'DELETE', '/api/agents/calendar/connection')
    expect(gone.status).toBe(200)
    expect(gone.body.data.calendar).toMatchObject({ connected: false, email: null })
    expect(oauth.revoked.length).toBeGreaterThan(0)
    const row = await rawRow(user, 'calendar')
    expect([row!.accessTokenSealed, row!.refreshTokenSealed]).toEqual([null, null])
    // Not connected any more: a clear reply, the question kept.
    const next = await chat.sendOk(chatId, 'And Wednesday?', { agentId: 'calendar' })
    await waitForOutcome(t, next)
    const stored = await t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId))
    expect(stored.find((m) => m.id === next)!.content).toBe(calendarNotConnectedReply())
    expect(stored.some((m) => m.isUser && m.content === 'And Wednesday?')).toBe(true)
  })

  test('an expired token is refreshed first; a refused refresh asks to reconnect', async () => {
    const user = await t.createUser()
    oauth.setMode({ expiresIn: 1 })
    try {
      expect(await connectCalendar(user)).toBe('/?calendar=connected')
      const chat = chatActions(t, user)
      const chatId = await chat.createChat()
      webhook.setScript({ status: 200, body: 'Done.' })
      const before = oauth.tokenRequests.length
      await waitForOutcome(t, await chat.sendOk(chatId, 'What is on today?', { agentId: 'calendar' }))
      expect(oauth.tokenRequests.slice(before).map((r) => r.grant_type)).toEqual(['refresh_token'])
      const token = (webhook.requests.at(-1)!.calendar as Loose).accessToken
      expect(oauth.accessTokens.has(token)).toBe(true)

      oauth.setMode({ refuseRefresh: true })
      const calls = webhook.calls.length
      const assistantId = await chat.sendOk(chatId, 'And tomorrow?', { agentId: 'calendar' })
      await waitForOutcome(t, assistantId)
      const stored = await t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId))
      expect(stored.find((m) => m.id === assistantId)).toMatchObject({
        content: calendarReconnectReply(),
        status: 'complete',
      })
      expect(stored.some((m) => m.isUser && m.content === 'And tomorrow?')).toBe(true)
      expect(webhook.calls.length).toBe(calls)
      const agents = await call(user, 'GET', '/api/agents')
      expect(agents.body.data.items[2].calendar).toMatchObject({ connected: true, needsReconnect: true })
      // Connecting again clears it.
      oauth.setMode({ refuseRefresh: false, expiresIn: 3600 })
      expect(await connectCalendar(user)).toBe('/?calendar=connected')
      const after = await call(user, 'GET', '/api/agents')
      expect(after.body.data.items[2].calendar.needsReconnect).toBe(false)
    } finally {
      oauth.setMode({ refuseRefresh: false, expiresIn: 3600 })
    }
  })
})

describe('support access', () => {
  test('settings are written for the target; OAuth secrets and the connection are refused', async () => {
    const admin = await t.createUser({ role: 'admin' })
    const target = await t.createUser()
    const started = await call(admin, 'POST', '/api/admin/impersonations', {
      targetUserId: target.id,
      reasonCode: 'customer_request',
      caseNumber: 'AG-1',
      durationMinutes: 30,
    })
    expect(started.status).toBe(201)
    const support = { headers: { authorization: `Bearer ${started.body.data.token}` } }
    expect((await call(support, 'GET', '/api/agents')).status).toBe(200)
    const write = await call(support, 'PUT', '/api/agents/jokes/settings', { enabled: true })
    expect(write.status).toBe(200)
    expect((await rawRow(target, 'jokes'))!.enabled).toBe(true)
    for (const [method, path, body] of [
      ['PUT', '/api/agents/calendar/oauth', OAUTH()],
      ['POST', '/api/agents/calendar/connect', undefined],
      ['GET', '/api/agents/calendar/callback?code=a&state=b', undefined],
      ['DELETE', '/api/agents/calendar/connection', undefined],
      ['GET', '/api/admin/agents', undefined],
    ] as const) {
      const res = await call(support, method, path, body)
      expect({ path, status: res.status, code: res.body?.code }).toEqual({
        path,
        status: 403,
        code: 'forbidden:impersonating',
      })
    }
    expect((await rawRow(target, 'calendar'))?.oauthClientId ?? null).toBeNull()
    // The support write is in the audit trail, with both ids.
    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actingAsId, target.id))
    expect(entries.some((entry) => entry.targetId === 'PUT /api/agents/:id/settings')).toBe(true)
    expect(hashToken(started.body.data.token)).toBeString()
  })
})
