import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { StoredToolCall } from '../../db/catalogues/tools'
import { messages, toolRuns, usageRecords } from '../../db/schema'
import { indexEntry } from '../knowledge/indexing'
import { startToolServer } from '../test/fakes/mcp-servers'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { startFakeSearxng } from '../test/fakes/searxng-server'
import { startApp, type TestApp } from '../test/harness'
import { chatActions, jsonInit, waitForOutcome } from '../test/messages'
import { waitFor } from '../test/wait'

/**
 * The reply engine's tool loop (issue 30 points 1–3), through the send route with the built-in web
 * search tool: the fake provider streams `tool_calls` in OpenAI's chunk format (several in one turn,
 * malformed arguments too), the fake SearXNG answers, fails or hangs.
 */

type Turn = { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }

describe('the tool loop', () => {
  const fake = startFakeOpenAi()
  const searxng = startFakeSearxng()
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({
      OPENAI_BASE_URL: fake.url,
      OPENAI_MODELS: 'fake-model',
      SEARXNG_URL: searxng.url,
      TOOL_TIMEOUT_MS: '500',
      TOOL_MAX_STEPS: '3',
    })
  }, 180_000)
  afterAll(async () => {
    await t.close()
    await fake.close()
    await searxng.close()
  })

  async function chatWithTools(tools: string[]) {
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    const res = await t.request(`/api/chats/${chatId}/config`, jsonInit(user, 'PATCH', { tools }))
    expect(res.status).toBe(200)
    return { user, chat, chatId }
  }

  const storedCalls = async (id: string) =>
    (await t.ctx.db.select().from(messages).where(eq(messages.id, id)))[0]!.toolCalls as StoredToolCall[]
  const toolEvents = (messageId: string) =>
    t.events
      .filter((event) => event.event === 'message:tool')
      .map((event) => event.payload as { messageId: string; call: StoredToolCall })
      .filter((payload) => payload.messageId === messageId)
      .map((payload) => payload.call)

  test('the model calls web search; the result goes back to it fenced as data, and it answers', async () => {
    searxng.setMode('ok')
    searxng.setResults([{ title: 'Bun 1.4', url: 'https://bun.sh/blog', content: 'Bun 1.4 is out.' }])
    fake.queueScript({
      reply: 'Let me look.',
      toolCalls: [{ id: 'call_a', name: 'web_search', arguments: '{"query":"bun release"}' }],
    })
    fake.queueScript({ reply: 'Bun 1.4 is out [1].' })
    const before = fake.completions().length
    const { chat, chatId } = await chatWithTools(['web-search'])
    const assistantId = await chat.sendOk(chatId, 'What is new in Bun?')
    expect((await waitForOutcome(t, assistantId)).event).toBe('message:completed')

    const [first, second] = fake.completions().slice(before)
    const offered = first!.body!.tools as { type: string; function: { name: string } }[]
    expect(offered.map((tool) => tool.function.name)).toEqual(['web_search'])
    expect((first!.body!.messages as Turn[])[0]!.content).toContain('untrusted data')
    const turns = second!.body!.messages as Turn[]
    expect(turns.at(-2)).toMatchObject({ role: 'assistant', content: 'Let me look.' })
    expect(turns.at(-2)!.tool_calls).toEqual([
      {
        id: 'call_a',
        type: 'function',
        function: { name: 'web_search', arguments: '{"query":"bun release"}' },
      },
    ])
    expect(turns.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_a' })
    expect(turns.at(-1)!.content).toStartWith('<<<TOOL RESULT>>>')
    expect(turns.at(-1)!.content).toContain('[1] Bun 1.4\nURL: https://bun.sh/blog')
    expect(searxng.queries.at(-1)).toBe('bun release')

    const listed = (await chat.messages(chatId)).messages.at(-1)!
    expect(listed.content).toBe('Let me look.\n\nBun 1.4 is out [1].')
    expect(listed.tool_calls).toEqual([
      expect.objectContaining({ id: 'call_a', tool: 'web-search', name: 'web_search', status: 'done' }),
    ])
    expect(listed.tool_calls![0]!.result_preview).toContain('Bun 1.4 is out.')
    expect(listed.tool_calls![0]!.duration_ms).toBeGreaterThanOrEqual(0)
    // Live in every tab: running, then done.
    expect(toolEvents(assistantId).map((call) => call.status)).toEqual(['running', 'done'])
    // Each step is charged: two model calls, two usage rows on the answer.
    const usage = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.messageId, assistantId))
    expect(usage).toHaveLength(2)
    const runs = await t.ctx.db.select().from(toolRuns).where(eq(toolRuns.messageId, assistantId))
    expect(runs).toEqual([
      expect.objectContaining({ tool: 'web-search', name: 'web_search', status: 'done', chatId }),
    ])
  }, 30_000)

  test('parallel calls: an unknown tool, malformed JSON and a schema failure are results the model reads', async () => {
    searxng.setResults([{ title: 'A', url: 'https://a.example', content: 'alpha' }])
    fake.queueScript({
      reply: '',
      toolCalls: [
        { id: 'ok', name: 'web_search', arguments: '{"query":"alpha"}' },
        { id: 'ghost', name: 'delete_everything', arguments: '{}' },
        { id: 'broken', name: 'web_search', arguments: '{"query": "alp' },
        { id: 'empty', name: 'web_search', arguments: '{}' },
      ],
    })
    fake.queueScript({ reply: 'Done.' })
    const before = fake.completions().length
    const { chat, chatId } = await chatWithTools(['web-search'])
    const assistantId = await chat.sendOk(chatId, 'Search several ways')
    expect((await waitForOutcome(t, assistantId)).event).toBe('message:completed')
    const turns = fake.completions().at(before + 1)!.body!.messages as Turn[]
    const results = Object.fromEntries(
      turns.filter((turn) => turn.role === 'tool').map((turn) => [turn.tool_call_id, turn.content]),
    )
    expect(results.ok).toContain('[1] A')
    expect(results.ghost).toContain('there is no tool named "delete_everything"')
    expect(results.broken).toContain('not valid JSON')
    expect(results.empty).toContain('arguments.query is required.')
    const calls = await storedCalls(assistantId)
    expect(calls.map((call) => [call.id, call.status])).toEqual([
      ['ok', 'done'],
      ['ghost', 'failed'],
      ['broken', 'failed'],
      ['empty', 'failed'],
    ])
    expect(calls[2]!.arguments).toBe('{"query": "alp')
  }, 30_000)

  test('file search numbers an entry once for the whole answer: across steps and calls side by side', async () => {
    const { user, chat, chatId } = await chatWithTools(['file-search'])
    // Indexed here and now: this suite runs no job workers (an auto-title job would take the
    // fake provider's queued answers).
    for (const [title, content] of [
      ['Lisbon trams', 'Tram 28 climbs from Baixa to Alfama.'],
      ['Porto cellars', 'The port wine cellars are across the river in Gaia.'],
    ]) {
      const res = await t.request('/api/knowledge', jsonInit(user, 'POST', { title, content }))
      expect(res.status).toBe(201)
      await indexEntry(t.ctx, ((await res.json()) as { data: { id: string } }).data.id)
    }
    fake.queueScript({
      reply: '',
      toolCalls: [{ id: 'first', name: 'file_search', arguments: '{"query":"tram Alfama"}' }],
    })
    fake.queueScript({
      reply: '',
      toolCalls: [
        { id: 'wine', name: 'file_search', arguments: '{"query":"port wine cellars"}' },
        { id: 'again', name: 'file_search', arguments: '{"query":"tram Alfama"}' },
      ],
    })
    fake.queueScript({ reply: 'Trams [Source 1], wine [Source 2].' })
    const before = fake.completions().length
    const assistantId = await chat.sendOk(chatId, 'Lisbon and Porto?')
    expect((await waitForOutcome(t, assistantId)).event).toBe('message:completed')

    const stored = (await t.ctx.db.select().from(messages).where(eq(messages.id, assistantId)))[0]!
    const sources = (stored.sources ?? []) as { id: string; title: string }[]
    const numberOf = (title: string) => sources.findIndex((source) => source.title === title) + 1
    // Both among the answer's sources, in whatever order (the knowledge the reply began with may
    // hold them already: it is found by the question's words, ranked by the database).
    expect(numberOf('Lisbon trams')).toBeGreaterThan(0)
    expect(numberOf('Porto cellars')).toBeGreaterThan(0)
    // Every "[Source n] Title" a call gave the model is the answer's n-th source.
    const results = fake
      .completions()
      .slice(before)
      .flatMap((completion) => (completion.body!.messages as Turn[]).filter((turn) => turn.role === 'tool'))
      .map((turn) => turn.content ?? '')
    const cited = results.flatMap((text) => [...text.matchAll(/\[Source (\d+)\] ([^\n]+)\n/g)])
    expect(cited.length).toBeGreaterThanOrEqual(3)
    for (const [, number, title] of cited)
      expect({ title, number: Number(number) }).toEqual({ title: title!, number: numberOf(title!) })
  }, 60_000)

  test('a failing tool gives a failed call and the answer goes on', async () => {
    searxng.setMode('fail')
    fake.queueScript({ reply: '', toolCalls: [{ id: 'f', name: 'web_search', arguments: '{"query":"x"}' }] })
    fake.queueScript({ reply: 'Could not search, sorry.' })
    const { chat, chatId } = await chatWithTools(['web-search'])
    const assistantId = await chat.sendOk(chatId, 'Try searching')
    expect((await waitForOutcome(t, assistantId, 15_000)).event).toBe('message:completed')
    searxng.setMode('ok')
    const [call] = await storedCalls(assistantId)
    expect(call).toMatchObject({ status: 'failed' })
    expect(call!.result_preview).toStartWith('Error: Web search failed')
    const listed = (await chat.messages(chatId)).messages.at(-1)!
    expect(listed).toMatchObject({ status: 'complete', content: 'Could not search, sorry.' })
  }, 30_000)

  test('a tool that passes TOOL_TIMEOUT_MS is cut off as a failed call; the answer goes on', async () => {
    searxng.setMode('hang')
    fake.queueScript({ reply: '', toolCalls: [{ id: 'h', name: 'web_search', arguments: '{"query":"y"}' }] })
    fake.queueScript({ reply: 'It took too long.' })
    const { chat, chatId } = await chatWithTools(['web-search'])
    const assistantId = await chat.sendOk(chatId, 'Search slowly')
    expect((await waitForOutcome(t, assistantId, 15_000)).event).toBe('message:completed')
    searxng.setMode('ok')
    const [call] = await storedCalls(assistantId)
    expect(call).toMatchObject({
      status: 'failed',
      result_preview: 'Error: the tool did not answer within 0.5 seconds.',
    })
    expect(call!.duration_ms).toBeGreaterThanOrEqual(450)
  }, 30_000)

  test('TOOL_MAX_STEPS: the last step offers no tools, so the model must answer', async () => {
    searxng.setMode('ok')
    for (let n = 0; n < 2; n += 1) {
      fake.queueScript({
        reply: '',
        toolCalls: [{ id: `s${n}`, name: 'web_search', arguments: '{"query":"loop"}' }],
      })
    }
    fake.queueScript({ reply: 'Final answer.' })
    const before = fake.completions().length
    const { chat, chatId } = await chatWithTools(['web-search'])
    const assistantId = await chat.sendOk(chatId, 'Keep searching')
    expect((await waitForOutcome(t, assistantId)).event).toBe('message:completed')
    const steps = fake.completions().slice(before)
    expect(steps).toHaveLength(3)
    expect(steps.map((step) => Array.isArray(step.body!.tools))).toEqual([true, true, false])
    expect((await storedCalls(assistantId)).map((call) => call.id)).toEqual(['s0', 's1'])
  }, 30_000)

  test('without tools enabled, none are offered', async () => {
    const before = fake.completions().length
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    await waitForOutcome(t, await chat.sendOk(chatId, 'plain question'))
    expect(fake.completions().at(before)!.body!.tools).toBeUndefined()
    expect((await chat.messages(chatId)).messages.at(-1)!.tool_calls).toBeUndefined()
  }, 30_000)
})

describe('the tool loop under a budget, and stopped', () => {
  const fake = startFakeOpenAi({ models: ['fake-model'] })
  const searxng = startFakeSearxng()
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({
      OPENAI_BASE_URL: fake.url,
      // A tenth of a cent a token: a step reporting 10,000 tokens spends the whole $10 day.
      MODEL_PRICES: 'fake-model=1000/1000',
      BUDGET_DAILY_LIMIT: '10',
      BUDGET_ENFORCE: 'true',
      SEARXNG_URL: searxng.url,
    })
  }, 180_000)
  afterAll(async () => {
    await t.close()
    await fake.close()
    await searxng.close()
  })

  test('each step is charged before the next is reserved: a step that spends the budget ends the answer', async () => {
    fake.queueScript({
      reply: 'Searching first.',
      toolCalls: [{ id: 'b1', name: 'web_search', arguments: '{"query":"costly"}' }],
      usage: { prompt_tokens: 10_000, completion_tokens: 0 },
    })
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    await t.request(`/api/chats/${chatId}/config`, jsonInit(user, 'PATCH', { tools: ['web-search'] }))
    const before = fake.completions().length
    const assistantId = await chat.sendOk(chatId, 'Spend it all')
    const outcome = await waitForOutcome(t, assistantId, 15_000)
    expect(outcome.event).toBe('message:failed')
    expect(outcome.payload).toMatchObject({ failure: { reason: 'budget_exceeded' } })
    expect(fake.completions().length - before).toBe(1)
    const listed = (await chat.messages(chatId)).messages.at(-1)!
    expect(listed).toMatchObject({
      status: 'failed',
      error_code: 'budget_exceeded',
      content: 'Searching first.',
    })
    const usage = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.messageId, assistantId))
    expect(usage.map((row) => row.promptTokens)).toEqual([10_000])
  }, 30_000)

  test('Stop while a tool runs: the call fails as stopped, the answer is stopped with its text', async () => {
    searxng.setMode('hang')
    fake.queueScript({
      reply: 'Looking it up.',
      toolCalls: [{ id: 's1', name: 'web_search', arguments: '{"query":"slow"}' }],
    })
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    await t.request(`/api/chats/${chatId}/config`, jsonInit(user, 'PATCH', { tools: ['web-search'] }))
    const before = fake.completions().length
    const assistantId = await chat.sendOk(chatId, 'Search, then I stop you')
    await waitFor(
      () =>
        t.events.some(
          (event) =>
            event.event === 'message:tool' &&
            (event.payload as { messageId: string; call: StoredToolCall }).call.status === 'running' &&
            (event.payload as { messageId: string }).messageId === assistantId,
        ),
      15_000,
      'the tool call to start',
    )
    const stopped = await t.request(`/api/chats/${chatId}/stop`, jsonInit(user, 'POST'))
    expect(stopped.status).toBe(200)
    expect((await waitForOutcome(t, assistantId)).event).toBe('message:completed')
    searxng.setMode('ok')
    const listed = (await chat.messages(chatId)).messages.at(-1)!
    expect(listed).toMatchObject({ status: 'stopped', content: 'Looking it up.\n\n' })
    expect(listed.tool_calls).toEqual([expect.objectContaining({ id: 's1', status: 'failed' })])
    expect(fake.completions().length - before).toBe(1)
  }, 30_000)
})

describe('MCP tools in an answer', () => {
  const fake = startFakeOpenAi({ models: ['fake-model'] })
  const tools = startToolServer()
  let t: TestApp
  let serverId = ''
  const name = (tool: string) => `mcp_${serverId.replaceAll('-', '').slice(0, 8)}_${tool}`
  beforeAll(async () => {
    t = await startApp({
      OPENAI_BASE_URL: fake.url,
      OPENAI_MODELS: 'fake-model',
      FETCH_ALLOWED_HOSTS: '127.0.0.1',
    })
    const admin = await t.createUser({ role: 'admin' })
    const res = await t.as(admin).api.admin['mcp-servers'].post({
      name: 'Ops tools',
      url: tools.url,
      approval: 'destructive',
    })
    expect(res.status).toBe(201)
    serverId = res.data!.data.server.id
  }, 180_000)
  afterAll(async () => {
    await t.close()
    await fake.close()
    await tools.close()
  })

  async function ask(calls: { id: string; name: string; arguments: string }[]) {
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    const res = await t.request(
      `/api/chats/${chatId}/config`,
      jsonInit(user, 'PATCH', { tools: [`mcp:${serverId}`] }),
    )
    expect(res.status).toBe(200)
    fake.queueScript({ reply: '', toolCalls: calls })
    fake.queueScript({ reply: 'All done.' })
    const assistantId = await chat.sendOk(chatId, 'Do the thing')
    return { user, chat, chatId, assistantId }
  }
  const waitForStatus = (messageId: string, callId: string, status: string) =>
    waitFor(
      () =>
        t.events.some((event) => {
          const payload = event.payload as { messageId?: string; call?: StoredToolCall }
          return (
            event.event === 'message:tool' &&
            payload.messageId === messageId &&
            payload.call?.id === callId &&
            payload.call.status === status
          )
        }),
      20_000,
      `call ${callId} to be ${status}`,
    )

  test('a destructive tool waits for the person: Approve runs it, the answer goes on', async () => {
    const { user, chat, chatId, assistantId } = await ask([
      { id: 'd1', name: name('delete_everything'), arguments: '{}' },
      { id: 'p1', name: name('ping'), arguments: '{}' },
    ])
    await waitForStatus(assistantId, 'd1', 'awaiting_approval')
    // Reloaded meanwhile: the waiting call is on the row.
    const waiting = (await chat.messages(chatId)).messages.at(-1)!
    expect(waiting.tool_calls?.find((call) => call.id === 'd1')?.status).toBe('awaiting_approval')
    // Another person cannot decide it; an unknown call is 404.
    const other = await t.createUser()
    const path = `/api/messages/${assistantId}/tool-calls`
    expect((await t.request(`${path}/d1/approve`, jsonInit(other, 'POST'))).status).toBe(404)
    expect((await t.request(`${path}/nope/approve`, jsonInit(user, 'POST'))).status).toBe(404)
    expect((await t.request(`${path}/d1/approve`, jsonInit(user, 'POST'))).status).toBe(200)
    expect((await waitForOutcome(t, assistantId, 20_000)).event).toBe('message:completed')
    // Decided already: 409.
    expect((await t.request(`${path}/d1/deny`, jsonInit(user, 'POST'))).status).toBe(409)
    const listed = (await chat.messages(chatId)).messages.at(-1)!
    expect(listed.tool_calls).toEqual([
      expect.objectContaining({
        id: 'd1',
        tool: `mcp:${serverId}`,
        server: 'Ops tools',
        name: 'delete_everything',
        status: 'done',
        result_preview: 'deleted',
      }),
      expect.objectContaining({ id: 'p1', name: 'ping', status: 'done', result_preview: 'pong' }),
    ])
    expect(listed.content).toBe('All done.')
  }, 60_000)

  test('Deny: the tool does not run and the model is told', async () => {
    const before = fake.completions().length
    // What a decision sent the moment the waiting call is shown would find: the call stored as
    // waiting, and the answer listening for it (it once was shown before either, a 404 on Postgres).
    const realtime = t.ctx.realtime
    const toChat = realtime.toChat
    let atShow: { listening: boolean; stored: Promise<string | undefined> } | undefined
    realtime.toChat = (chatId, event, payload) => {
      const { messageId, call } = payload as { messageId?: string; call?: StoredToolCall }
      if (event === 'message:tool' && call?.status === 'awaiting_approval' && !atShow)
        atShow = {
          listening: t.ctx.liveReplies.get(chatId)?.approvals?.has(call.id) ?? false,
          stored: t.ctx.db
            .select()
            .from(messages)
            .where(eq(messages.id, messageId!))
            .then(
              ([row]) =>
                (row?.toolCalls as StoredToolCall[] | null)?.find((known) => known.id === call.id)?.status,
            ),
        }
      toChat.call(realtime, chatId, event, payload)
    }
    const { user, chat, chatId, assistantId } = await ask([
      { id: 'd2', name: name('delete_everything'), arguments: '{}' },
    ])
    await waitForStatus(assistantId, 'd2', 'awaiting_approval').finally(() => {
      realtime.toChat = toChat
    })
    expect({ listening: atShow?.listening, stored: await atShow?.stored }).toEqual({
      listening: true,
      stored: 'awaiting_approval',
    })
    const res = await t.request(`/api/messages/${assistantId}/tool-calls/d2/deny`, jsonInit(user, 'POST'))
    expect(res.status).toBe(200)
    expect((await waitForOutcome(t, assistantId, 20_000)).event).toBe('message:completed')
    const [call] = (await chat.messages(chatId)).messages.at(-1)!.tool_calls!
    expect(call).toMatchObject({ id: 'd2', status: 'denied' })
    const turns = fake.completions().at(before + 1)!.body!.messages as Turn[]
    expect(turns.at(-1)!.content).toContain('The person denied this call')
  }, 60_000)

  test('a 5 MB result reaches the model truncated to 100 KB, saying so', async () => {
    const before = fake.completions().length
    const { assistantId } = await ask([{ id: 'b1', name: name('big_result'), arguments: '{}' }])
    expect((await waitForOutcome(t, assistantId, 30_000)).event).toBe('message:completed')
    const turns = fake.completions().at(before + 1)!.body!.messages as Turn[]
    const result = turns.at(-1)!.content!
    expect(result.length).toBeLessThan(110 * 1024)
    expect(result).toContain('[The result was truncated: it was 5120 KB; only the first 100 KB are shown.]')
  }, 60_000)
})
