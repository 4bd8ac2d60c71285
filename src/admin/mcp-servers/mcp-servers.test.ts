import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { desc, eq } from 'drizzle-orm'
import { auditLog, mcpServers } from '../../../db/schema'
import { openHeaders } from '../../mcp/headers'
import {
  type FakeMcpServer,
  startEverythingServer,
  startToolServer,
  type ToolServer,
} from '../../test/fakes/mcp-servers'
import { outcome, startApp, type TestApp, type TestUser } from '../../test/harness'

/* Admin › MCP servers (issue 30, point 8): CRUD, validation, the URL guard, sealed headers, Test. */

// biome-ignore lint/suspicious/noExplicitAny: loose JSON in assertions
type Loose = any
const API_KEY = 'mcp-key-value-that-must-stay-secret'

let t: TestApp
let everything: FakeMcpServer
let tools: ToolServer
let admin: TestUser
let alice: TestUser

beforeAll(async () => {
  everything = await startEverythingServer()
  tools = startToolServer({ apiKey: API_KEY })
  // The fakes listen on 127.0.0.1: allowed as research tests allow their fake pages.
  t = await startApp({ FETCH_ALLOWED_HOSTS: '127.0.0.1' })
  admin = await t.createUser({ role: 'admin', email: 'boss@example.com' })
  alice = await t.createUser({ email: 'alice@example.com' })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await everything?.close()
  await tools?.close()
})

const servers = () => t.as(admin).api.admin['mcp-servers']

async function raw(user: TestUser | null, method: string, path: string, body?: unknown) {
  const response = await t.request(`/api/admin/mcp-servers${path}`, {
    method,
    headers: {
      ...(user?.headers ?? {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Loose, text }
}

async function create(body: Parameters<ReturnType<typeof servers>['post']>[0]) {
  const res = await servers().post(body)
  expect(res.status).toBe(201)
  return res.data!.data.server
}

const lastAudit = async (action: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt))
    .limit(1)
  return row
}

describe('who may', () => {
  test('without a session 401, a non-admin 403 on every route', async () => {
    const server = await create({ name: 'Who may', url: everything.url })
    const routes: [string, string, unknown?][] = [
      ['GET', '/'],
      ['POST', '/', { name: 'Nope', url: everything.url }],
      ['PATCH', `/${server.id}`, { name: 'Nope' }],
      ['DELETE', `/${server.id}`],
      ['POST', `/${server.id}/test`],
    ]
    for (const [method, path, body] of routes) {
      expect((await raw(null, method, path, body)).status).toBe(401)
      const refused = await raw(alice, method, path, body)
      expect({ method, path, status: refused.status, code: refused.body.code }).toEqual({
        method,
        path,
        status: 403,
        code: 'forbidden:admin',
      })
    }
  })
})

describe('register, change, delete', () => {
  test('a server is created with its header names, never their values; sealed in the database', async () => {
    const server = await create({
      name: '  Tickets  ',
      url: tools.url,
      headers: { 'X-Api-Key': API_KEY, 'X-Team': 'support' },
      approval: 'always',
    })
    expect(server).toEqual({
      id: expect.any(String),
      name: 'Tickets',
      url: tools.url,
      header_names: ['X-Api-Key', 'X-Team'],
      enabled: true,
      groups: [],
      approval: 'always',
      // The typed client turns ISO dates into Dates; the wire has strings (below).
      created_at: expect.any(Date),
      updated_at: expect.any(Date),
    })
    const listed = await raw(admin, 'GET', '/')
    expect(listed.status).toBe(200)
    expect(listed.text).not.toContain(API_KEY)
    expect(listed.body.data.servers.find((item: Loose) => item.id === server.id)).toMatchObject({
      name: 'Tickets',
      header_names: ['X-Api-Key', 'X-Team'],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })

    const [row] = await t.database.db.select().from(mcpServers).where(eq(mcpServers.id, server.id))
    expect(row!.headersSealed).toStartWith('v1.')
    expect(row!.headersSealed).not.toContain(API_KEY)
    expect(row!.headersSealed).not.toContain('support')
    expect(openHeaders(t.ctx.config.appSecret, row!.headersSealed)).toEqual({
      'X-Api-Key': API_KEY,
      'X-Team': 'support',
    })

    const audit = await lastAudit('mcp_server.create')
    expect(audit!.targetId).toBe(server.id)
    expect(audit!.details).toMatchObject({ name: 'Tickets', header_names: ['X-Api-Key', 'X-Team'] })
    expect(JSON.stringify(audit)).not.toContain(API_KEY)
  })

  test('defaults: enabled, for everyone, approval for destructive tools; no headers stored as null', async () => {
    const server = await create({ name: 'Plain', url: everything.url })
    expect(server).toMatchObject({ enabled: true, groups: [], approval: 'destructive', header_names: [] })
    const [row] = await t.database.db.select().from(mcpServers).where(eq(mcpServers.id, server.id))
    expect(row!.headersSealed).toBeNull()
  })

  test('PATCH changes only what it is given; headers replace them all; {} removes them; audited', async () => {
    const group = await t.as(admin).api.admin.groups.post({ name: 'Support' })
    const groupId = group.data!.data.group.id
    const server = await create({
      name: 'Patch me',
      url: tools.url,
      headers: { 'X-Api-Key': 'old', 'X-Old': '1' },
    })
    const renamed = await servers()({ id: server.id }).patch({ name: 'Patched', groups: [groupId] })
    expect(renamed.status).toBe(200)
    expect(renamed.data!.data.server).toMatchObject({
      name: 'Patched',
      url: tools.url,
      groups: [groupId],
      header_names: ['X-Api-Key', 'X-Old'],
      approval: 'destructive',
    })
    const audit = await lastAudit('mcp_server.update')
    expect(audit!.details).toEqual({
      name: 'Patched',
      changes: { name: { from: 'Patch me', to: 'Patched' }, groups: { from: [], to: [groupId] } },
      headersChanged: false,
    })

    const rekeyed = await servers()({ id: server.id }).patch({ headers: { 'X-Api-Key': API_KEY } })
    expect(rekeyed.data!.data.server.header_names).toEqual(['X-Api-Key'])
    const [row] = await t.database.db.select().from(mcpServers).where(eq(mcpServers.id, server.id))
    expect(openHeaders(t.ctx.config.appSecret, row!.headersSealed)).toEqual({ 'X-Api-Key': API_KEY })
    const rekeyAudit = await lastAudit('mcp_server.update')
    expect(rekeyAudit!.details).toMatchObject({ headersChanged: true })
    expect(JSON.stringify(rekeyAudit)).not.toContain(API_KEY)

    const cleared = await servers()({ id: server.id }).patch({
      headers: {},
      enabled: false,
      approval: 'never',
    })
    expect(cleared.data!.data.server).toMatchObject({ header_names: [], enabled: false, approval: 'never' })
  })

  test('DELETE removes it (audited); then 404; an unknown or malformed id is 404', async () => {
    const server = await create({ name: 'Doomed', url: everything.url })
    expect((await servers()({ id: server.id }).delete()).status).toBe(200)
    expect((await lastAudit('mcp_server.delete'))!.details).toEqual({ name: 'Doomed', url: everything.url })
    const notFound = {
      status: 404,
      body: { success: false, error: 'MCP server not found', code: 'not_found:mcp_server' },
    }
    expect(outcome(await servers()({ id: server.id }).delete())).toEqual(notFound)
    expect(outcome(await servers()({ id: server.id }).patch({ name: 'x' }))).toEqual(notFound)
    expect(outcome(await servers()({ id: server.id }).test.post())).toEqual(notFound)
    expect(outcome(await servers()({ id: 'not-a-uuid' }).patch({ name: 'x' }))).toEqual(notFound)
  })
})

describe('validation', () => {
  const refused = async (body: unknown, message: string | RegExp) => {
    const res = await raw(admin, 'POST', '/', body)
    expect(res.status).toBe(400)
    expect(res.body.success).toBe(false)
    if (typeof message === 'string') expect(res.body.error).toBe(message)
    else expect(res.body.error).toMatch(message)
  }

  test('name: required, at most 100 characters', async () => {
    await refused({ url: everything.url }, /name/)
    await refused({ name: '   ', url: everything.url }, 'name is required')
    await refused({ name: 'n'.repeat(101), url: everything.url }, 'name must be 100 characters or less')
  })

  test('url: an http(s) URL, no credentials', async () => {
    await refused({ name: 'A' }, /url/)
    await refused({ name: 'A', url: 'not a url' }, 'url must be a URL like https://mcp.example.com/mcp')
    await refused({ name: 'A', url: 'ftp://127.0.0.1/mcp' }, 'url must use http or https')
    await refused(
      { name: 'A', url: 'http://user:pw@127.0.0.1/mcp' },
      'url must not hold a user name or password: put credentials in the headers',
    )
  })

  test('a private address is refused unless FETCH_ALLOWED_HOSTS allows it', async () => {
    await refused(
      { name: 'A', url: 'http://10.0.0.5:8080/mcp' },
      '10.0.0.5 is a private or reserved address: MCP servers must be public unless FETCH_ALLOWED_HOSTS allows 10.0.0.5:8080',
    )
    await refused(
      { name: 'A', url: 'http://169.254.169.254/mcp' },
      /169\.254\.169\.254 is a private or reserved address/,
    )
    const server = await create({ name: 'Allowed', url: everything.url })
    const patched = await raw(admin, 'PATCH', `/${server.id}`, { url: 'http://[::1]:9/mcp' })
    expect(patched.status).toBe(400)
    expect(patched.body.error).toMatch(/::1 is a private or reserved address/)
  })

  test('headers: at most 20, header names, one line each, not the protocol’s own', async () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`X-H${index}`, 'v']))
    await refused({ name: 'A', url: everything.url, headers: many }, 'headers may hold at most 20 headers')
    await refused(
      { name: 'A', url: everything.url, headers: { 'Bad Name': 'v' } },
      /"Bad Name" is not a header name/,
    )
    await refused(
      { name: 'A', url: everything.url, headers: { 'X-Key': 'a\r\nInjected: yes' } },
      'The value of X-Key must be one line of plain text',
    )
    await refused(
      { name: 'A', url: everything.url, headers: { 'Mcp-Session-Id': 'x' } },
      'Mcp-Session-Id is set by the MCP transport itself and cannot be given',
    )
    await refused(
      { name: 'A', url: everything.url, headers: { 'X-Key': 'a', 'x-key': 'b' } },
      'x-key is given twice',
    )
    await refused(
      { name: 'A', url: everything.url, headers: { 'X-Key': 5 } },
      'headers must be an object of header names to text values',
    )
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`X-H${index}`, 'v']))
    expect(
      (await create({ name: 'Twenty', url: everything.url, headers: twenty })).header_names,
    ).toHaveLength(20)
  })

  test('approval and groups', async () => {
    await refused(
      { name: 'A', url: everything.url, approval: 'sometimes' },
      /approval must be one of never, destructive, always/,
    )
    await refused({ name: 'A', url: everything.url, groups: ['nope'] }, '"nope" is not a group id')
    const missing = crypto.randomUUID()
    await refused({ name: 'A', url: everything.url, groups: [missing] }, `No group has the id ${missing}`)
    await refused({ name: 'A', url: everything.url, enabled: 'yes' }, /enabled must be true or false/)
  })
})

describe('Test', () => {
  test('server-everything: connects and lists its tools', async () => {
    const server = await create({ name: 'Everything', url: everything.url })
    const res = await servers()({ id: server.id }).test.post()
    expect(res.status).toBe(200)
    const data = res.data!.data
    expect(data.ok).toBe(true)
    if (!data.ok) return
    expect(data.tools.map((tool) => tool.name)).toContain('echo')
    expect(data.tools.find((tool) => tool.name === 'echo')).toEqual({
      name: 'echo',
      description: 'Echoes back the input string',
      destructive: false,
    })
  })

  test('the SDK server: its headers are sent, the destructive tool is marked', async () => {
    const server = await create({ name: 'Tools', url: tools.url, headers: { 'X-Api-Key': API_KEY } })
    const res = await servers()({ id: server.id }).test.post()
    const data = res.data!.data
    expect(data.ok).toBe(true)
    if (!data.ok) return
    expect(data.tools.find((tool) => tool.name === 'delete_everything')?.destructive).toBe(true)
    expect(data.tools.find((tool) => tool.name === 'ping')?.destructive).toBe(false)
    expect(tools.apiKeys).toContain(API_KEY)
  })

  test('a wrong key, a closed port, a wrong path: ok false with a clear sentence', async () => {
    const wrongKey = await create({ name: 'Wrong key', url: tools.url, headers: { 'X-Api-Key': 'nope' } })
    expect((await servers()({ id: wrongKey.id }).test.post()).data!.data).toEqual({
      ok: false,
      error: 'The server refused the request (HTTP 401): check its headers, such as the API key.',
    })
    const closed = await create({ name: 'Closed', url: 'http://127.0.0.1:9/mcp' })
    expect((await servers()({ id: closed.id }).test.post()).data!.data).toEqual({
      ok: false,
      error: 'Could not connect to the server: check the URL and that the server is running.',
    })
    const wrongPath = await create({ name: 'Wrong path', url: tools.url.replace('/mcp', '/other') })
    expect((await servers()({ id: wrongPath.id }).test.post()).data!.data).toEqual({
      ok: false,
      error: 'The server answered HTTP 404: this URL is not its MCP endpoint (often it ends in /mcp).',
    })
  })
})
