import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { usageRecords } from '../../db/schema'
import type { MessageJson } from '../messages/model'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { progressEvents, type ResearchFakes, startResearchFakes, waitForRun } from '../test/research'
import { waitFor } from '../test/wait'
import type { ResearchJson } from './model'

/*
 * Regenerate under a research report (docs/decisions/126, 'Regenerate starts the research again'):
 * a new run on the same topic, depth and sources from a fresh plan, into the same message; the
 * previous run and its usage stay; refused while a run is going, for another user's chat and when
 * the budget is spent.
 */

let fakes: ResearchFakes
let t: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  fakes = startResearchFakes()
  t = await startApp(fakes.env, { jobs: true })
  alice = await t.createUser()
  bob = await t.createUser()
}, 60_000)
afterAll(async () => {
  await t.close()
  await fakes.close()
})

const finished = (run: ResearchJson) => ['completed', 'failed', 'cancelled'].includes(run.status)

async function start(app: TestApp, user: TestUser, body: Record<string, unknown>) {
  const res = await app.request('/api/research', {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(202)
  return ((await res.json()) as { data: { id: string; chatId: string; messageId: string } }).data
}

async function regenerate(app: TestApp, user: TestUser, chatId: string) {
  const res = await app.request(`/api/chats/${chatId}/regenerate`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({}),
  })
  return {
    status: res.status,
    body: (await res.json()) as {
      data: { assistantMessageId: string; replacedMessageId: string | null }
      error?: string
    },
  }
}

async function chatMessages(app: TestApp, user: TestUser, chatId: string): Promise<MessageJson[]> {
  const res = await app.request(`/api/chats/${chatId}/messages`, { headers: user.headers })
  return ((await res.json()) as { data: { messages: MessageJson[] } }).data.messages
}

describe('after a completed run', () => {
  test('researches again from a fresh plan into a new answer beside the old one, keeping the previous run', async () => {
    fakes.model.set({ overrides: { report: { reply: 'The first report, soon outdated.' } } })
    const first = await start(t, alice, {
      topic: 'Offshore wind',
      depth: 'quick',
      includeAcademic: true,
      includeNews: false,
    })
    const done = await waitForRun(t, alice.headers, first.id, finished)
    expect(done.status).toBe('completed')
    expect((await chatMessages(t, alice, first.chatId)).at(-1)!.content).toContain('The first report')
    fakes.model.set({})
    const callsBefore = fakes.model.calls.length
    const eventsBefore = t.events.length

    const res = await regenerate(t, alice, first.chatId)
    expect(res.status).toBe(202)
    // A new answer beside the old one (docs/decisions/158): nothing is replaced.
    const newMessageId = (res.body.data as { assistantMessageId: string }).assistantMessageId
    expect(newMessageId).not.toBe(first.messageId)
    const announced = t.events
      .slice(eventsBefore)
      .filter((event) => event.event === 'message:created' && event.room === `chat:${first.chatId}`)
      .map((event) => (event.payload as { message: MessageJson }).message)
    expect(announced).toHaveLength(1)
    expect(announced[0]).toMatchObject({
      id: newMessageId,
      status: 'streaming',
      content: '',
      sibling_ids: [first.messageId, newMessageId],
    })
    const newId = announced[0]!.research_id!
    expect(newId).toBeString()
    expect(newId).not.toBe(first.id)
    expect(t.events.slice(eventsBefore).some((event) => event.event === 'message:deleted')).toBe(false)

    const again = await waitForRun(t, alice.headers, newId, finished)
    expect(again).toMatchObject({
      status: 'completed',
      chatId: first.chatId,
      messageId: newMessageId,
      topic: 'Offshore wind',
      depth: 'quick',
      sources: done.sources,
    })
    expect(again.sources).toEqual({ web: true, academic: true, news: false, stats: false })
    // From the start: a new plan, not only the report.
    expect(fakes.model.calls.slice(callsBefore)).toEqual(['plan', 'extract', 'report'])
    const steps = () =>
      progressEvents(t.events, newId)
        .map((event) => event.step)
        .filter((step, index, all) => step !== all[index - 1])
    // The run's last progress event follows its stored completion: a CI run read the events between.
    await waitFor(
      () => steps().length === 6,
      5000,
      () => `the run's last progress event (steps so far: ${JSON.stringify(steps())})`,
    )
    expect(steps()).toEqual([null, 'planning', 'searching', 'reading', 'writing', null])

    // The question stays; the current path ends at the new report, under the new run.
    const [question, answer, ...rest] = await chatMessages(t, alice, first.chatId)
    expect(rest).toEqual([])
    expect(question!.content).toBe('Deep research request: Offshore wind')
    expect(answer!.id).toBe(newMessageId)
    expect(answer!.status).toBe('complete')
    expect(answer!.research_id).toBe(newId)
    expect(answer!.content).not.toContain('The first report')
    expect(answer!.content).toContain('## Overview')
    expect(answer!.content).toContain('## Sources')

    // The previous run keeps its row and figures; both runs' usage stays charged.
    const previous = await waitForRun(t, alice.headers, first.id, () => true)
    expect(previous).toMatchObject({ status: 'completed', tokens: done.tokens, costMicros: done.costMicros })
    const rows = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.userId, alice.id))
    expect(rows.reduce((sum, row) => sum + row.costMicros, 0)).toBe(done.costMicros + again.costMicros)
    // A completed run is not retried.
    const retry = await t.request(`/api/research/${first.id}/retry`, {
      method: 'POST',
      headers: alice.headers,
    })
    expect(retry.status).toBe(409)
  }, 60_000)
})

describe('refusals', () => {
  test('while the run is going: 409 as for a reply in progress; once cancelled it can be regenerated', async () => {
    fakes.model.set({ chunkDelayMs: 40 })
    try {
      const run = await start(t, alice, { topic: 'Tidal energy', depth: 'quick' })
      await waitForRun(t, alice.headers, run.id, (state) => state.status === 'running')
      const refused = await regenerate(t, alice, run.chatId)
      expect(refused.status).toBe(409)
      expect(refused.body.error).toBe('A reply is already in progress for this chat')
      const [, answer] = await chatMessages(t, alice, run.chatId)
      expect(answer).toMatchObject({ status: 'streaming', research_id: run.id })

      const cancel = await t.request(`/api/research/${run.id}/cancel`, {
        method: 'POST',
        headers: alice.headers,
      })
      expect(cancel.status).toBe(200)
      fakes.model.set({})
      const res = await regenerate(t, alice, run.chatId)
      expect(res.status).toBe(202)
      const [, restarted] = await chatMessages(t, alice, run.chatId)
      expect(restarted!.research_id).not.toBe(run.id)
      // The cancelled report stays, beside the new one (docs/decisions/158).
      expect(restarted!.sibling_ids).toEqual([answer!.id, restarted!.id])
      const again = await waitForRun(t, alice.headers, restarted!.research_id!, finished)
      expect(again.status).toBe('completed')
      expect((await chatMessages(t, alice, run.chatId)).at(-1)!.status).toBe('complete')
    } finally {
      fakes.model.set({})
    }
  }, 60_000)

  test('another user’s chat reads as missing', async () => {
    const run = await start(t, alice, { topic: 'Wave power', depth: 'quick' })
    await waitForRun(t, alice.headers, run.id, finished)
    const res = await regenerate(t, bob, run.chatId)
    expect(res.status).toBe(404)
    const [, answer] = await chatMessages(t, alice, run.chatId)
    expect(answer).toMatchObject({ status: 'complete', research_id: run.id })
  }, 60_000)

  test('with the budget spent: 429, and the report stays', async () => {
    const app = await startApp(
      { ...fakes.env, BUDGET_DAILY_LIMIT: '0.004', BUDGET_ENFORCE: 'true' },
      { jobs: true },
    )
    try {
      const carol = await app.createUser()
      const run = await start(app, carol, { topic: 'Batteries', depth: 'quick' })
      expect((await waitForRun(app, carol.headers, run.id, finished)).status).toBe('completed')
      const before = (await chatMessages(app, carol, run.chatId)).at(-1)!
      const calls = fakes.model.calls.length
      const res = await regenerate(app, carol, run.chatId)
      expect(res.status).toBe(429)
      expect(fakes.model.calls.length).toBe(calls)
      const after = (await chatMessages(app, carol, run.chatId)).at(-1)!
      expect(after).toMatchObject({ status: 'complete', research_id: run.id, content: before.content })
    } finally {
      await app.close()
    }
  }, 60_000)
})
