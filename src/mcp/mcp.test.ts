import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Actor } from '../auth/actor'
import { parseAllowedHost } from '../net/allowed-hosts'
import {
  BIG_RESULT_BYTES,
  type FakeMcpServer,
  startEverythingServer,
  startToolServer,
  type ToolServer,
} from '../test/fakes/mcp-servers'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import type { ChatTool, ToolRunContext } from '../tools/types'
import { toToolOutput } from './call-result'
import { guardedFetch } from './guarded-fetch'
import { listMcpToolsFor, mcpToolSource } from './index'
import { mcpServersData } from './mcp-servers-data'
import { probeMcpServer } from './probe'
import { McpUrlRefused } from './server-url'

/* MCP servers as chat tools (issue 30, point 8): who gets which server, calls, failures, the guard. */

const API_KEY = 'tool-server-key'

let t: TestApp
let everything: FakeMcpServer
let tools: ToolServer
let admin: TestUser
let alice: TestUser
let bob: TestUser
let groupId: string
/** Server ids by role in these tests. */
const ids: Record<string, string> = {}

beforeAll(async () => {
  everything = await startEverythingServer()
  tools = startToolServer({ apiKey: API_KEY })
  t = await startApp({ FETCH_ALLOWED_HOSTS: '127.0.0.1' })
  admin = await t.createUser({ role: 'admin' })
  alice = await t.createUser()
  bob = await t.createUser()
  const api = t.as(admin).api.admin
  groupId = (await api.groups.post({ name: 'Engineers' })).data!.data.group.id
  expect((await api.groups({ id: groupId }).members({ userId: alice.id }).put()).status).toBe(200)
  const add = async (key: string, body: Parameters<(typeof api)['mcp-servers']['post']>[0]) => {
    const res = await api['mcp-servers'].post(body)
    expect(res.status).toBe(201)
    ids[key] = res.data!.data.server.id
  }
  await add('everything', { name: 'Everything', url: everything.url, approval: 'never' })
  await add('tools', {
    name: 'Tools',
    url: tools.url,
    headers: { 'X-Api-Key': API_KEY },
    groups: [groupId],
    approval: 'destructive',
  })
  await add('disabled', { name: 'Off', url: everything.url, enabled: false })
  await add('unreachable', { name: 'Gone', url: 'http://127.0.0.1:9/mcp' })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await everything?.close()
  await tools?.close()
})

const actor = (user: TestUser, role: 'admin' | 'user' = 'user'): Actor => t.actorOf({ id: user.id, role })
const mcp = (key: string) => `mcp:${ids[key]}`

function runContext(user: TestUser, signal = new AbortController().signal): ToolRunContext {
  return {
    ctx: t.ctx,
    actor: actor(user),
    chatId: crypto.randomUUID(),
    messageId: crypto.randomUUID(),
    attachmentIds: [],
    cite: () => 1,
    signal,
  }
}

/** The chat tools for `keys`, closed after `use`. */
async function withTools<T>(user: Actor, keys: string[], use: (tools: ChatTool[]) => Promise<T>) {
  const built = await mcpToolSource(t.ctx, user, keys.map(mcp))
  try {
    return await use(built)
  } finally {
    await Promise.all(built.map((tool) => tool.close?.()))
  }
}

describe('which servers a person gets', () => {
  test('a server for everyone; a group’s server only for its members; an admin gets all; never a disabled one', async () => {
    const all = ['everything', 'tools', 'disabled']
    const names = async (who: Actor) =>
      withTools(who, all, async (built) => built.map((tool) => tool.server).sort())
    expect(await names(actor(alice))).toEqual(['Everything', 'Tools'])
    expect(await names(actor(bob))).toEqual(['Everything'])
    expect(await names(actor(admin, 'admin'))).toEqual(['Everything', 'Tools'])
  })

  test('support access: the target’s groups decide, not the administrator’s role', async () => {
    const support: Actor = {
      ...actor(bob),
      realUserId: admin.id,
      role: 'admin',
      impersonation: {
        id: crypto.randomUUID(),
        adminId: admin.id,
        adminEmail: admin.email,
        adminName: 'Admin',
        reasonCode: 'customer_request',
        caseNumber: 'C-1',
        startedAt: new Date(),
        expiresAt: new Date(Date.now() + 60_000),
      },
    }
    const built = await mcpToolSource(t.ctx, support, [mcp('everything'), mcp('tools')])
    expect(built.map((tool) => tool.server)).toEqual(['Everything'])
  })

  test('ids that are not MCP servers, unknown ids and an unreachable server are left out, never thrown', async () => {
    const built = await mcpToolSource(t.ctx, actor(alice), [
      'web-search',
      'mcp:not-a-uuid',
      `mcp:${crypto.randomUUID()}`,
      mcp('unreachable'),
      mcp('everything'),
    ])
    expect(built.map((tool) => tool.id)).toEqual([mcp('everything')])
    expect(await mcpToolSource(t.ctx, actor(alice), [])).toEqual([])
  })

  test('a chat tool carries the server’s name and id, and its tools as functions with their schemas', async () => {
    await withTools(actor(alice), ['everything'], async ([tool]) => {
      expect(tool).toMatchObject({ id: mcp('everything'), server: 'Everything', serverId: ids.everything })
      const echo = tool!.functions.find((fn) => fn.name === 'echo')
      expect(echo).toMatchObject({
        name: 'echo',
        description: 'Echoes back the input string',
        destructive: false,
        parameters: { type: 'object', properties: { message: { type: 'string' } } },
      })
    })
  })

  test('GET /api/tools’s list: every server the person may use, with its tools or why they are missing', async () => {
    const forAlice = await listMcpToolsFor(t.ctx, actor(alice))
    expect(forAlice.map((entry) => entry.name)).toEqual(['Everything', 'Gone', 'Tools'])
    const everythingEntry = forAlice.find((entry) => entry.name === 'Everything')!
    expect(everythingEntry.id).toBe(mcp('everything'))
    expect(everythingEntry.functions).toContainEqual({
      name: 'echo',
      description: 'Echoes back the input string',
    })
    expect(everythingEntry.error).toBeUndefined()
    expect(forAlice.find((entry) => entry.name === 'Gone')).toEqual({
      id: mcp('unreachable'),
      name: 'Gone',
      functions: [],
      error: 'Could not connect to the server: check the URL and that the server is running.',
    })
    expect((await listMcpToolsFor(t.ctx, actor(bob))).map((entry) => entry.name)).toEqual([
      'Everything',
      'Gone',
    ])
  })
})

describe('calls', () => {
  test('server-everything’s echo answers with its text; its image is described in a line', async () => {
    await withTools(actor(alice), ['everything'], async ([tool]) => {
      expect(await tool!.run('echo', { message: 'hello parley' }, runContext(alice))).toEqual({
        text: 'Echo: hello parley',
      })
      const image = await tool!.run('get-tiny-image', {}, runContext(alice))
      expect(image.text).toMatch(/\[image: image\/png, \d+ (bytes|KB)\]/)
      expect(image.isError).toBeUndefined()
    })
  })

  test('the server’s headers are sent; calls of one answer share one connection, closed at the end', async () => {
    const before = tools.sessions
    await withTools(actor(alice), ['tools'], async ([tool]) => {
      const outputs = await Promise.all([
        tool!.run('ping', {}, runContext(alice)),
        tool!.run('ping', {}, runContext(alice)),
      ])
      expect(outputs).toEqual([{ text: 'pong' }, { text: 'pong' }])
      expect(await tool!.run('ping', {}, runContext(alice))).toEqual({ text: 'pong' })
    })
    expect(tools.sessions - before).toBe(1)
    expect(tools.apiKeys.at(-1)).toBe(API_KEY)
  })

  test('a tool that throws gives an error result the model can read', async () => {
    await withTools(actor(alice), ['tools'], async ([tool]) => {
      expect(await tool!.run('explode', {}, runContext(alice))).toEqual({
        text: 'the tool broke on purpose',
        isError: true,
      })
    })
  })

  test('a hanging tool stops when the signal aborts, and the server hears the cancellation', async () => {
    await withTools(actor(alice), ['tools'], async ([tool]) => {
      const controller = new AbortController()
      const started = performance.now()
      setTimeout(() => controller.abort(), 300)
      const error = await tool!
        .run('hang', {}, runContext(alice, controller.signal))
        .catch((caught) => caught)
      expect(error).toBeInstanceOf(Error)
      expect((error as Error).name).toBe('AbortError')
      expect(performance.now() - started).toBeLessThan(5000)
      // The answer goes on: the same connection still serves the next call.
      expect(await tool!.run('ping', {}, runContext(alice))).toEqual({ text: 'pong' })
    })
    for (let wait = 0; wait < 50 && tools.cancelled === 0; wait++) await Bun.sleep(20)
    expect(tools.cancelled).toBeGreaterThanOrEqual(1)
  })

  test('a 5 MB result comes back whole (truncating is the loop’s job)', async () => {
    await withTools(actor(alice), ['tools'], async ([tool]) => {
      const output = await tool!.run('big_result', {}, runContext(alice))
      expect(output.text.length).toBe(BIG_RESULT_BYTES)
    })
  })

  test('approval: the destructive tool under "destructive", every tool under "always", none under "never"', async () => {
    const approvals = async () =>
      withTools(actor(alice), ['tools'], async ([tool]) =>
        Object.fromEntries(tool!.functions.map((fn) => [fn.name, tool!.needsApproval!(fn)])),
      )
    expect(await approvals()).toEqual({
      ping: false,
      hang: false,
      explode: false,
      big_result: false,
      delete_everything: true,
    })
    const api = t.as(admin).api.admin['mcp-servers']({ id: ids.tools! })
    expect((await api.patch({ approval: 'always' })).status).toBe(200)
    expect(Object.values(await approvals()).every(Boolean)).toBe(true)
    expect((await api.patch({ approval: 'never' })).status).toBe(200)
    expect(Object.values(await approvals()).some(Boolean)).toBe(false)
    expect((await api.patch({ approval: 'destructive' })).status).toBe(200)
  })
})

describe('the tool list cache', () => {
  test('a send within a minute does not connect to list; a change to the server lists again', async () => {
    await withTools(actor(alice), ['tools'], async () => {})
    const before = tools.sessions
    await withTools(actor(alice), ['tools'], async () => {})
    await withTools(actor(alice), ['tools'], async () => {})
    expect(tools.sessions).toBe(before)
    const api = t.as(admin).api.admin['mcp-servers']({ id: ids.tools! })
    expect((await api.patch({ name: 'Tools v2' })).status).toBe(200)
    const renamed = await mcpToolSource(t.ctx, actor(alice), [mcp('tools')])
    expect(renamed.map((tool) => tool.server)).toEqual(['Tools v2'])
    expect(tools.sessions).toBe(before + 1)
    expect((await api.patch({ name: 'Tools' })).status).toBe(200)
  })

  test('a server whose key is now wrong is left out after the change', async () => {
    const api = t.as(admin).api.admin['mcp-servers']({ id: ids.tools! })
    expect((await api.patch({ headers: { 'X-Api-Key': 'wrong' } })).status).toBe(200)
    expect(await mcpToolSource(t.ctx, actor(alice), [mcp('tools')])).toEqual([])
    expect((await api.patch({ headers: { 'X-Api-Key': API_KEY } })).status).toBe(200)
    expect((await mcpToolSource(t.ctx, actor(alice), [mcp('tools')])).map((tool) => tool.server)).toEqual([
      'Tools',
    ])
  })
})

describe('the URL guard at connect time', () => {
  test('without FETCH_ALLOWED_HOSTS the saved 127.0.0.1 server is refused when connecting', async () => {
    const row = (await mcpServersData(t.ctx.db).find(ids.everything!))!
    const listing = await probeMcpServer(
      { ...t.ctx, config: { ...t.ctx.config, fetchAllowedHosts: [] } },
      row,
    )
    expect(listing).toEqual({
      ok: false,
      error: `The server URL is refused: 127.0.0.1 is a private or reserved address: MCP servers must be public unless FETCH_ALLOWED_HOSTS allows ${new URL(everything.url).host}.`,
    })
  })

  test('each request resolves the name again: one that now resolves to a private address is refused', async () => {
    const fetcher = guardedFetch({ allowedHosts: [], headers: {}, resolve: async () => ['10.1.2.3'] })
    const error = await fetcher('http://mcp.example.com/mcp', { method: 'POST' }).catch((caught) => caught)
    expect(error).toBeInstanceOf(McpUrlRefused)
    expect((error as Error).message).toStartWith('mcp.example.com is a private or reserved address')
  })

  test('plain http connects to the address that was checked, with the Host header kept', async () => {
    const port = new URL(tools.url).port
    const allowed = parseAllowedHost('tools.internal')
    if ('error' in allowed) throw new Error(allowed.error)
    const fetcher = guardedFetch({
      allowedHosts: [allowed],
      headers: { 'X-Api-Key': API_KEY },
      resolve: async () => ['127.0.0.1'],
    })
    const response = await fetcher(`http://tools.internal:${port}/elsewhere`, { method: 'GET' })
    // The fake answers 404 off /mcp: it was reached through the pinned address.
    expect(response.status).toBe(404)
    expect(tools.hosts.at(-1)).toBe(`tools.internal:${port}`)
    expect(tools.apiKeys.at(-1)).toBe(API_KEY)
  })
})

describe('results as text', () => {
  test('text joined, images, audio and resources in a line, structured content when alone, isError kept', () => {
    expect(
      toToolOutput({
        content: [
          { type: 'text', text: 'one' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'audio', data: 'AAAAAAAA', mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'secret' } },
          { type: 'resource_link', uri: 'https://example.com/r', name: 'Report' },
          { type: 'text', text: 'two' },
        ],
        isError: true,
      }),
    ).toEqual({
      text: 'one\n[image: image/png, 3 bytes]\n[audio: audio/wav, 6 bytes]\n[resource: file:///a.txt, text/plain]\n[resource link: Report https://example.com/r]\ntwo',
      isError: true,
    })
    expect(toToolOutput({ content: [], structuredContent: { sum: 3 } })).toEqual({ text: '{"sum":3}' })
  })
})
