import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { usageRecords } from '../../db/schema'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import type { TestUser } from '../test/messages'

const fake = startFakeOpenAi({ models: ['fake-model'] })
let t: TestApp
let demo: TestApp
let user: TestUser
let demoUser: TestUser

beforeAll(async () => {
  t = await startApp({ OPENAI_BASE_URL: fake.url, MODEL_PRICES: 'fake-model=1000/1000' })
  demo = await startApp()
  user = await t.createUser({ email: 'writer@example.com' })
  demoUser = await demo.createUser({ email: 'demo@example.com' })
}, 60_000)
afterAll(async () => {
  await t.close()
  await demo.close()
  await fake.close()
})

const generate = (app: TestApp, who: TestUser, body: unknown) =>
  app.request('/api/prompts/generate', {
    method: 'POST',
    headers: { ...who.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

test("drafts with the chosen model, from the title and description, and records the call's usage", async () => {
  fake.setScript({ reply: '  You are a reviewer. Review {CODE} for {LANGUAGE}.  ' })
  const res = await generate(t, user, {
    title: 'Code review',
    description: 'Careful review of a diff',
    category: 'technical',
    model_id: 'fake-model',
  })
  expect(await res.json()).toEqual({
    success: true,
    data: { prompt_text: 'You are a reviewer. Review {CODE} for {LANGUAGE}.', model_id: 'fake-model' },
  })
  const sent = fake.completions().at(-1)!.body as { model: string; messages: { content: string }[] }
  expect(sent.model).toBe('fake-model')
  expect(sent.messages.at(-1)!.content).toContain('Title: Code review')
  expect(sent.messages.at(-1)!.content).toContain('Description: Careful review of a diff')
  const usage = await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.userId, user.id))
  expect(usage).toHaveLength(1)
  expect(usage[0]).toMatchObject({ chatId: null, messageId: null, modelId: 'fake-model' })
})

test("a provider failure is the spec-style 'Failed to generate prompt', never a 500", async () => {
  fake.setScript({ fail: { status: 500, message: 'boom' } })
  const res = await generate(t, user, { title: 'Anything', model_id: 'fake-model' })
  expect(res.status).toBe(503)
  expect(await res.json()).toMatchObject({
    error: 'Failed to generate prompt',
    code: 'unavailable:prompt_generate',
  })
  fake.setScript({ fail: undefined })
})

test('a blank title is refused', async () => {
  const res = await generate(t, user, { title: '  ' })
  expect(await res.json()).toMatchObject({ error: 'Prompt title cannot be empty' })
})

test('the offline demo model drafts too', async () => {
  const res = await generate(demo, demoUser, { title: 'Trip plan', description: 'A weekend away' })
  const body = (await res.json()) as { data: { prompt_text: string; model_id: string } }
  expect(body.data.model_id).toBe('demo')
  expect(body.data.prompt_text).toContain('Trip plan')
  expect(body.data.prompt_text).toContain('A weekend away')
  expect(body.data.prompt_text).toContain('{INPUT}')
})
