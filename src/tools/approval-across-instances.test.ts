import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { StoredToolCall } from '../../db/catalogues/tools'
import { startToolServer } from '../test/fakes/mcp-servers'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { type Instances, startInstances } from '../test/harness'
import { chatActions, jsonInit, waitForOutcome } from '../test/messages'
import { waitFor } from '../test/wait'

/*
 * Issue 30: an answer runs on one instance; the person's Approve or Deny reaches another (as behind a
 * load balancer). The decision travels through the stop channel's NOTIFY to the instance running
 * the answer, which runs the tool (or tells the model it was denied) and finishes the answer.
 * Postgres only (several instances share one database).
 */
let cluster: Instances

describe.skipIf(!process.env.TEST_DATABASE_URL)('tool approval across instances', () => {
  const fake = startFakeOpenAi({ models: ['fake-model'] })
  const tools = startToolServer()
  let serverId = ''
  const name = (tool: string) => `mcp_${serverId.replaceAll('-', '').slice(0, 8)}_${tool}`

  beforeAll(async () => {
    cluster = await startInstances(2, {
      OPENAI_BASE_URL: fake.url,
      OPENAI_MODELS: 'fake-model',
      FETCH_ALLOWED_HOSTS: '127.0.0.1',
    })
    const admin = await cluster.createUser({ role: 'admin' })
    const res = await cluster.instances[0]!.as(admin).api.admin['mcp-servers'].post({
      name: 'Ops tools',
      url: tools.url,
      approval: 'destructive',
    })
    expect(res.status).toBe(201)
    serverId = res.data!.data.server.id
  }, 120_000)
  afterAll(async () => {
    await cluster?.close()
    await fake.close()
    await tools.close()
  })

  /** An answer asking for the destructive tool, started on the first instance; waits until it waits. */
  async function waitingAnswer(callId: string) {
    const one = cluster.instances[0]!
    const user = await cluster.createUser()
    const chat = chatActions(one, user)
    const chatId = await chat.createChat()
    expect(
      (
        await one.request(
          `/api/chats/${chatId}/config`,
          jsonInit(user, 'PATCH', { tools: [`mcp:${serverId}`] }),
        )
      ).status,
    ).toBe(200)
    fake.queueScript({
      reply: '',
      toolCalls: [{ id: callId, name: name('delete_everything'), arguments: '{}' }],
    })
    fake.queueScript({ reply: 'All done.' })
    const assistantId = await chat.sendOk(chatId, 'Clean up, please')
    await waitFor(
      () =>
        one.events.some((event) => {
          const payload = event.payload as { messageId?: string; call?: StoredToolCall }
          return (
            event.event === 'message:tool' &&
            payload.messageId === assistantId &&
            payload.call?.id === callId &&
            payload.call.status === 'awaiting_approval'
          )
        }),
      20_000,
      `call ${callId} to wait for approval`,
    )
    return { user, chat, chatId, assistantId }
  }

  test('Approve on the other instance runs the tool where the answer runs, and the answer finishes', async () => {
    const { user, chat, chatId, assistantId } = await waitingAnswer('x1')
    const two = cluster.instances[1]!
    const approved = await two.request(
      `/api/messages/${assistantId}/tool-calls/x1/approve`,
      jsonInit(user, 'POST'),
    )
    expect(approved.status).toBe(200)
    expect((await waitForOutcome(cluster.instances[0]!, assistantId, 20_000)).event).toBe('message:completed')
    const answer = (await chat.messages(chatId)).messages.at(-1)!
    expect(answer.content).toBe('All done.')
    expect(answer.tool_calls).toEqual([
      expect.objectContaining({
        id: 'x1',
        name: 'delete_everything',
        status: 'done',
        result_preview: 'deleted',
      }),
    ])
    // Decided already, on either instance: 409.
    expect(
      (await two.request(`/api/messages/${assistantId}/tool-calls/x1/deny`, jsonInit(user, 'POST'))).status,
    ).toBe(409)
  }, 60_000)

  test('Deny on the other instance: the tool does not run, the model is told, the answer finishes', async () => {
    const { user, chat, chatId, assistantId } = await waitingAnswer('x2')
    const before = fake.completions().length
    const denied = await cluster.instances[1]!.request(
      `/api/messages/${assistantId}/tool-calls/x2/deny`,
      jsonInit(user, 'POST'),
    )
    expect(denied.status).toBe(200)
    expect((await waitForOutcome(cluster.instances[0]!, assistantId, 20_000)).event).toBe('message:completed')
    const [call] = (await chat.messages(chatId)).messages.at(-1)!.tool_calls!
    expect(call).toMatchObject({ id: 'x2', status: 'denied' })
    // The model's next turn carried the denial, not a result.
    const turns = fake.completions().at(before)!.body!.messages as { role: string; content: string }[]
    expect(turns.at(-1)).toMatchObject({ role: 'tool' })
    expect(turns.at(-1)!.content).toContain('denied')
  }, 60_000)
})
