import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { chats, messages } from '../../db/schema'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import { chatActions, deltasOf, waitForOutcome } from '../test/messages'
import { waitFor } from '../test/wait'
import { PartialSaves } from './partial-saves'

const fake: FakeOpenAi = startFakeOpenAi()
let t: TestApp

beforeAll(async () => {
  t = await startApp({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test-key' })
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})

/** The test database, counting the statements the saver sends through it. */
function countingDatabase(database: Database) {
  const statements: string[] = []
  const counted: Database = {
    ...database,
    query: (text, params) => {
      statements.push(text)
      return database.query(text, params)
    },
  }
  return { counted, statements }
}

async function streamingRows(count: number, status: 'streaming' | 'complete' = 'streaming') {
  const user = await t.createUser()
  const [chat] = await t.ctx.db.insert(chats).values({ userId: user.id }).returning()
  const rows = await t.ctx.db
    .insert(messages)
    .values(
      Array.from({ length: count }, () => ({
        chatId: chat!.id,
        userId: user.id,
        content: '',
        isUser: false,
        status,
      })),
    )
    .returning({ id: messages.id })
  return rows.map((row) => row.id)
}

const contents = async (ids: string[]) =>
  new Map(
    (
      await t.ctx.db
        .select({ id: messages.id, content: messages.content })
        .from(messages)
        .where(inArray(messages.id, ids))
    ).map((row) => [row.id, row.content]),
  )

describe('partial saves of streaming replies', () => {
  test('every reply noted in an interval is written by one statement, with its latest text', async () => {
    const ids = await streamingRows(3)
    const { counted, statements } = countingDatabase(t.database)
    const saves = new PartialSaves({ database: counted, log: t.ctx.log }, 50)
    for (const [index, id] of ids.entries()) {
      saves.note(id, 'draft')
      saves.note(id, `latest ${index}`)
    }
    expect(statements).toEqual([])
    await waitFor(async () => (await contents(ids)).get(ids[2]!) === 'latest 2')
    expect([...(await contents(ids)).values()].sort()).toEqual(['latest 0', 'latest 1', 'latest 2'])
    expect(statements).toHaveLength(1)
  })

  test('1,200 replies are written in statements of at most 500 rows', async () => {
    const ids = await streamingRows(1200)
    const { counted, statements } = countingDatabase(t.database)
    const saves = new PartialSaves({ database: counted, log: t.ctx.log }, 60_000)
    for (const id of ids) saves.note(id, `text of ${id}`)
    await saves.flush()
    expect(statements).toHaveLength(3)
    const saved = await contents(ids)
    expect(ids.every((id) => saved.get(id) === `text of ${id}`)).toBe(true)
  })

  test('texts an array literal would mangle are saved as they are, by one statement text every flush', async () => {
    const texts = ['NULL', 'a "quoted" word, {braces}', 'back\\slash\\', 'é 予算 🙂', '', ' spaced ']
    const ids = await streamingRows(texts.length)
    const { counted, statements } = countingDatabase(t.database)
    const saves = new PartialSaves({ database: counted, log: t.ctx.log }, 60_000)
    for (const [index, id] of ids.entries()) saves.note(id, texts[index]!)
    await saves.flush()
    saves.note(ids[0]!, 'again')
    await saves.flush()
    const saved = await contents(ids)
    expect(ids.map((id) => saved.get(id))).toEqual(['again', ...texts.slice(1)])
    expect(new Set(statements).size).toBe(1)
  })

  test('a reply already stored with its final status is never overwritten by a partial save', async () => {
    const [id] = await streamingRows(1, 'complete')
    await t.ctx.db.update(messages).set({ content: 'final answer' }).where(eq(messages.id, id!))
    const saves = new PartialSaves(t.ctx, 60_000)
    saves.note(id!, 'final')
    await saves.flush()
    expect((await contents([id!])).get(id!)).toBe('final answer')
  })

  test('a forgotten reply is not written', async () => {
    const [id] = await streamingRows(1)
    const saves = new PartialSaves(t.ctx, 60_000)
    saves.note(id!, 'stale')
    saves.forget(id!)
    await saves.flush()
    expect((await contents([id!])).get(id!)).toBe('')
  })

  test('noting never waits for the database: with a write hanging, notes return at once and queue up', async () => {
    const [id] = await streamingRows(1)
    let calls = 0
    let release: () => void = () => {}
    const hanging: Database = {
      ...t.database,
      query: <T>() => {
        calls += 1
        return new Promise<T[]>((resolve) => {
          release = () => resolve([])
        })
      },
    }
    const saves = new PartialSaves({ database: hanging, log: t.ctx.log }, 10)
    saves.note(id!, 'a')
    await waitFor(() => calls === 1)
    const started = performance.now()
    for (let index = 0; index < 10_000; index += 1) saves.note(id!, `b${index}`)
    expect(performance.now() - started).toBeLessThan(200)
    await Bun.sleep(50)
    // One write at a time: the next waits for the hanging one.
    expect(calls).toBe(1)
    release()
    await waitFor(() => calls === 2)
    release()
  })

  test('a reply streaming through the app is readable from its row before it ends', async () => {
    fake.setScript({ reply: 'one two three four five six seven eight nine ten', chunkDelayMs: 120 })
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const chatId = await chat.createChat()
    const assistantId = await chat.sendOk(chatId, 'count slowly')
    const partial = await waitFor(
      async () => {
        const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, assistantId))
        return row!.status === 'streaming' && row!.content ? row!.content : undefined
      },
      5000,
      'a partial save',
    )
    expect('one two three four five six seven eight nine ten'.startsWith(partial)).toBe(true)
    await waitForOutcome(t, assistantId)
    const deltas = deltasOf(t, assistantId)
    expect(deltas.map((delta) => delta.delta).join('')).toBe(
      'one two three four five six seven eight nine ten',
    )
    const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, assistantId))
    expect(row).toMatchObject({
      status: 'complete',
      content: 'one two three four five six seven eight nine ten',
    })
  })

  test('a reply with a NUL character in it is saved while it streams and when it ends, the NUL as U+FFFD', async () => {
    fake.setScript({ reply: 'one two \u0000 three four five six', chunkDelayMs: 120 })
    const user = await t.createUser()
    const chat = chatActions(t, user)
    const assistantId = await chat.sendOk(await chat.createChat(), 'send a NUL')
    const row = async () => (await t.ctx.db.select().from(messages).where(eq(messages.id, assistantId)))[0]!
    await waitFor(async () => (await row()).content.includes('\uFFFD'), 5000, 'a partial save with the NUL')
    await waitForOutcome(t, assistantId)
    expect(await row()).toMatchObject({ status: 'complete', content: 'one two \uFFFD three four five six' })
  })
})
