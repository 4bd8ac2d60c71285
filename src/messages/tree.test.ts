import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { attachments, chats } from '../../db/schema'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { startApp, type TestApp } from '../test/harness'
import { chatActions, jsonInit, type TestUser, waitForOutcome } from '../test/messages'

/**
 * Conversations as trees (docs/decisions/158): edits and regenerations add siblings, the current
 * path is stored per chat, a branch can become a chat of its own. Runs on both databases.
 */
const fake: FakeOpenAi = startFakeOpenAi()
let t: TestApp
let alice: TestUser
let bob: TestUser
let chat: ReturnType<typeof chatActions>

beforeAll(async () => {
  t = await startApp({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test-key' })
  alice = await t.createUser()
  bob = await t.createUser()
  chat = chatActions(t, alice)
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => fake.setScript({ reply: 'An answer.' }))

interface Json {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: response bodies of several shapes, read by the tests
  body: any
}
async function call(user: TestUser, method: string, path: string, body?: unknown): Promise<Json> {
  const res = await t.request(path, jsonInit(user, method, body))
  return { status: res.status, body: await res.json() }
}

/** Sends and waits for the answer; the answer's id. */
async function ask(chatId: string, content: string, reply = 'An answer.') {
  fake.setScript({ reply })
  const id = await chat.sendOk(chatId, content)
  await waitForOutcome(t, id)
  return id
}

const contents = async (chatId: string) => (await chat.messages(chatId)).messages.map((m) => m.content)
const promptOf = () =>
  (fake.completions().at(-1)!.body!.messages as { role: string; content: unknown }[]).map(
    (message) =>
      `${message.role}: ${typeof message.content === 'string' ? message.content : JSON.stringify(message.content)}`,
  )

describe('editing a sent message', () => {
  test('keeps the original and answers the edited text beside it, from the conversation before it', async () => {
    const chatId = await chat.createChat()
    await ask(chatId, 'Name a colour', 'Blue.')
    const firstAnswerOfSecond = await ask(chatId, 'Name a fruit', 'Apple.')
    const path = (await chat.messages(chatId)).messages
    const original = path[2]!
    expect(original.content).toBe('Name a fruit')

    fake.setScript({ reply: 'Carrot.' })
    const edited = await call(alice, 'POST', `/api/messages/${original.id}/edit`, {
      content: 'Name a vegetable',
    })
    expect(edited.status).toBe(202)
    await waitForOutcome(t, edited.body.data.assistantMessageId)
    // The model was given the conversation up to the edited message's parent, then the new text.
    expect(promptOf()).toEqual(['user: Name a colour', 'assistant: Blue.', 'user: Name a vegetable'])

    const now = (await chat.messages(chatId)).messages
    expect(now.map((m) => m.content)).toEqual(['Name a colour', 'Blue.', 'Name a vegetable', 'Carrot.'])
    expect(now[2]!.parent_id).toBe(path[1]!.id)
    expect(now[2]!.sibling_ids).toEqual([original.id, edited.body.data.userMessage.id])
    // Every tab of alice's hears where the path now ends.
    expect(
      t.events.some(
        (event) =>
          event.event === 'chat:branch' &&
          (event.payload as { leafId: string }).leafId === edited.body.data.assistantMessageId,
      ),
    ).toBe(true)

    // The original branch is still there, with its answer.
    const back = await call(alice, 'PUT', `/api/chats/${chatId}/branch`, { messageId: original.id })
    expect(back.status).toBe(200)
    expect(back.body.data.leafId).toBe(firstAnswerOfSecond)
    expect(back.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
      'Name a colour',
      'Blue.',
      'Name a fruit',
      'Apple.',
    ])
    // Stored: a reload reads the same branch.
    expect(await contents(chatId)).toEqual(['Name a colour', 'Blue.', 'Name a fruit', 'Apple.'])
  })

  test('of a first question makes a second root, answered with nothing before it', async () => {
    const chatId = await chat.createChat()
    await ask(chatId, 'Hello')
    const [first] = (await chat.messages(chatId)).messages
    fake.setScript({ reply: 'Hi again.' })
    const edited = await call(alice, 'POST', `/api/messages/${first!.id}/edit`, { content: 'Hello there' })
    await waitForOutcome(t, edited.body.data.assistantMessageId)
    expect(promptOf()).toEqual(['user: Hello there'])
    const [root] = (await chat.messages(chatId)).messages
    expect(root).toMatchObject({ content: 'Hello there', parent_id: null })
    expect(root!.sibling_ids).toEqual([first!.id, root!.id])
  })

  test('keeps the files named in attachmentIds and drops the others', async () => {
    const upload = async (name: string, text: string) => {
      const form = new FormData()
      form.append('file', new File([text], name, { type: 'text/plain' }))
      const res = await t.request('/api/uploads', { method: 'POST', headers: alice.headers, body: form })
      return (await res.json()).data.id as string
    }
    const chatId = await chat.createChat()
    const ids = [await upload('keep.txt', 'kept words'), await upload('drop.txt', 'dropped words')]
    await waitForOutcome(t, await chat.sendOk(chatId, 'Read these', { attachmentIds: ids }))
    const [question] = (await chat.messages(chatId)).messages
    const edited = await call(alice, 'POST', `/api/messages/${question!.id}/edit`, {
      content: 'Read this one',
      attachmentIds: [ids[0]],
    })
    expect(edited.status).toBe(202)
    await waitForOutcome(t, edited.body.data.assistantMessageId)
    expect(edited.body.data.userMessage.content).toBe('Read this one\n\n[Files attached: keep.txt]')
    const prompt = promptOf().join('\n')
    expect(prompt).toContain('kept words')
    expect(prompt).not.toContain('dropped words')
    // Both messages have their own rows on the same stored file; the original keeps both files.
    const files = await t.request(`/api/messages/${edited.body.data.userMessage.id}/attachments`, {
      headers: alice.headers,
    })
    expect(((await files.json()).data as { filename: string }[]).map((file) => file.filename)).toEqual([
      'keep.txt',
    ])
    const originals = await t.ctx.db.select().from(attachments).where(eq(attachments.messageId, question!.id))
    expect(originals.map((file) => file.filename).sort()).toEqual(['drop.txt', 'keep.txt'])
  })

  test('two edits of the same message one after the other make two branches; nothing is overwritten', async () => {
    const chatId = await chat.createChat()
    await ask(chatId, 'Pick a number')
    const [question] = (await chat.messages(chatId)).messages
    for (const content of ['Pick an even number', 'Pick an odd number']) {
      const edited = await call(alice, 'POST', `/api/messages/${question!.id}/edit`, { content })
      expect(edited.status).toBe(202)
      await waitForOutcome(t, edited.body.data.assistantMessageId)
    }
    const [root] = (await chat.messages(chatId)).messages
    expect(root!.sibling_ids).toHaveLength(3)
    const texts = []
    for (const id of root!.sibling_ids!) {
      const shown = await call(alice, 'PUT', `/api/chats/${chatId}/branch`, { messageId: id })
      texts.push(shown.body.data.messages[0].content)
    }
    expect(texts).toEqual(['Pick a number', 'Pick an even number', 'Pick an odd number'])
  })

  test('two edits at the same moment: one streams, the other is refused with 409; nothing is lost', async () => {
    const chatId = await chat.createChat()
    await ask(chatId, 'Say something')
    const [question] = (await chat.messages(chatId)).messages
    fake.setScript({ reply: 'slow words here', chunkDelayMs: 30 })
    const both = await Promise.all(
      ['First edit', 'Second edit'].map((content) =>
        call(alice, 'POST', `/api/messages/${question!.id}/edit`, { content }),
      ),
    )
    expect(both.map((result) => result.status).sort()).toEqual([202, 409])
    const refused = both.find((result) => result.status === 409)!
    expect(refused.body).toMatchObject({
      error: 'A reply is already in progress for this chat',
      code: 'conflict:reply',
    })
    await waitForOutcome(t, both.find((result) => result.status === 202)!.body.data.assistantMessageId)
    const [root] = (await chat.messages(chatId)).messages
    expect(root!.sibling_ids).toHaveLength(2)
  })

  test('is refused: empty, an answer, another person’s message, while a reply streams', async () => {
    const chatId = await chat.createChat()
    const answerId = await ask(chatId, 'Question one')
    const [question] = (await chat.messages(chatId)).messages
    expect(await call(alice, 'POST', `/api/messages/${question!.id}/edit`, { content: '  ' })).toMatchObject({
      status: 400,
      body: { error: 'Message cannot be empty', code: 'bad_request:message' },
    })
    expect(await call(alice, 'POST', `/api/messages/${answerId}/edit`, { content: 'x' })).toMatchObject({
      status: 400,
      body: { code: 'bad_request:edit' },
    })
    for (const id of [question!.id, 'not-a-uuid', crypto.randomUUID()]) {
      expect(await call(bob, 'POST', `/api/messages/${id}/edit`, { content: 'mine now' })).toMatchObject({
        status: 404,
        body: { error: 'Message not found', code: 'not_found:message' },
      })
    }
    fake.setScript({ reply: 'a b c d e f g h', chunkDelayMs: 40 })
    const running = await chat.sendOk(chatId, 'Question two')
    expect(
      (await call(alice, 'POST', `/api/messages/${question!.id}/edit`, { content: 'Changed' })).status,
    ).toBe(409)
    expect((await call(alice, 'POST', `/api/chats/${chatId}/regenerate`, {})).status).toBe(409)
    await waitForOutcome(t, running)
    // Nothing was added by the refusals.
    expect(await contents(chatId)).toEqual(['Question one', 'An answer.', 'Question two', 'a b c d e f g h'])
  })
})

describe('regenerating', () => {
  test('adds answers beside the first, with another model when asked; each stays reachable', async () => {
    const chatId = await chat.createChat()
    const first = await ask(chatId, 'Write a haiku', 'First haiku.')
    fake.setScript({ reply: 'Second haiku.' })
    const again = await call(alice, 'POST', `/api/chats/${chatId}/regenerate`, { messageId: first })
    expect(again.status).toBe(202)
    const secondId = again.body.data.assistantMessageId
    await waitForOutcome(t, secondId)
    expect(promptOf()).toEqual(['user: Write a haiku'])
    const page = (await chat.messages(chatId)).messages
    expect(page.map((m) => m.content)).toEqual(['Write a haiku', 'Second haiku.'])
    // The first sibling marked the chat branched (a trigger): from now on it is read by its path.
    const branched = async (id: string) =>
      (await t.ctx.db.select({ branched: chats.branched }).from(chats).where(eq(chats.id, id)))[0]!.branched
    expect(await branched(chatId)).toBe(true)
    const linear = await chat.createChat()
    await ask(linear, 'Only one answer')
    expect(await branched(linear)).toBe(false)
    expect(page[1]!.sibling_ids).toEqual([first, secondId])
    expect(page[1]!.usage).toMatchObject({
      input_tokens: expect.any(Number),
      output_tokens: expect.any(Number),
    })
    const back = await call(alice, 'PUT', `/api/chats/${chatId}/branch`, { messageId: first })
    expect(back.body.data.messages.at(-1).content).toBe('First haiku.')
  })

  test('refuses a question, another chat’s answer and another person’s chat', async () => {
    const chatId = await chat.createChat()
    const answerId = await ask(chatId, 'Once')
    const [question] = (await chat.messages(chatId)).messages
    const other = await chat.createChat()
    expect(
      await call(alice, 'POST', `/api/chats/${chatId}/regenerate`, { messageId: question!.id }),
    ).toMatchObject({ status: 400, body: { code: 'bad_request:regenerate' } })
    expect(
      await call(alice, 'POST', `/api/chats/${other}/regenerate`, { messageId: answerId }),
    ).toMatchObject({
      status: 404,
      body: { code: 'not_found:message' },
    })
    expect(await call(bob, 'POST', `/api/chats/${chatId}/regenerate`, { messageId: answerId })).toMatchObject(
      {
        status: 404,
        body: { code: 'not_found:chat' },
      },
    )
  })
})

describe('switching branches', () => {
  test('goes to the newest leaf under the chosen message; refuses others’ messages and other chats', async () => {
    const chatId = await chat.createChat()
    const a1 = await ask(chatId, 'Start', 'A.')
    await ask(chatId, 'Continue A', 'A2.')
    fake.setScript({ reply: 'B.' })
    const b = await call(alice, 'POST', `/api/chats/${chatId}/regenerate`, { messageId: a1 })
    await waitForOutcome(t, b.body.data.assistantMessageId)
    // Back to the first answer: the path goes on down to its newest leaf, not only to it.
    const shown = await call(alice, 'PUT', `/api/chats/${chatId}/branch`, { messageId: a1 })
    expect(shown.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
      'Start',
      'A.',
      'Continue A',
      'A2.',
    ])
    // A send continues the shown branch.
    await ask(chatId, 'Continue A again', 'A3.')
    expect(await contents(chatId)).toEqual(['Start', 'A.', 'Continue A', 'A2.', 'Continue A again', 'A3.'])

    const other = await chat.createChat()
    for (const [user, path, messageId] of [
      [bob, `/api/chats/${chatId}/branch`, a1],
      [alice, `/api/chats/${other}/branch`, a1],
      [alice, `/api/chats/${chatId}/branch`, 'nope'],
    ] as const) {
      expect((await call(user, 'PUT', path, { messageId })).status).toBe(404)
    }
    expect((await call(alice, 'PUT', `/api/chats/${chatId}/branch`, {})).status).toBe(400)
  })

  test('siblings and paths never include another chat’s or another person’s messages', async () => {
    const mine = await chat.createChat()
    await ask(mine, 'Mine')
    const theirs = await chatActions(t, bob).createChat()
    fake.setScript({ reply: 'Theirs.' })
    await waitForOutcome(t, await chatActions(t, bob).sendOk(theirs, 'Theirs'))
    const page = (await chat.messages(mine)).messages
    expect(page.map((m) => m.sibling_ids)).toEqual([[page[0]!.id], [page[1]!.id]])
  })

  test('pages the current path from its end with a cursor', async () => {
    const chatId = await chat.createChat()
    for (const n of [1, 2, 3]) await ask(chatId, `q${n}`, `a${n}`)
    const first = await chat.messages(chatId, { limit: 2 })
    expect(first.messages.map((m) => m.content)).toEqual(['q3', 'a3'])
    const second = await chat.messages(chatId, { limit: 2, cursor: first.nextCursor! })
    expect(second.messages.map((m) => m.content)).toEqual(['q2', 'a2'])
    const third = await chat.messages(chatId, { limit: 2, cursor: second.nextCursor! })
    expect(third.messages.map((m) => m.content)).toEqual(['q1', 'a1'])
    expect(third.nextCursor).toBeNull()
    expect((await call(alice, 'GET', `/api/chats/${chatId}/messages?cursor=garbage`)).status).toBe(400)
  })
})

describe('branching into a new chat', () => {
  test('copies the path up to the message, with its files, titled "<title> (branch)"', async () => {
    const chatId = await chat.createChat('Trip ideas')
    const form = new FormData()
    form.append('file', new File(['Lisbon, Porto'], 'cities.txt', { type: 'text/plain' }))
    const uploaded = await t.request('/api/uploads', { method: 'POST', headers: alice.headers, body: form })
    const fileId = (await uploaded.json()).data.id
    await waitForOutcome(t, await chat.sendOk(chatId, 'Where to?', { attachmentIds: [fileId] }))
    const cut = await ask(chatId, 'And then?', 'Porto.')
    await ask(chatId, 'After that?', 'Home.')

    const forked = await call(alice, 'POST', `/api/chats/${chatId}/fork`, { messageId: cut })
    expect(forked.status).toBe(201)
    expect(forked.body.data.chat.title).toBe('Trip ideas (branch)')
    const copyId = forked.body.data.chat.id
    expect(
      t.events.some((event) => event.event === 'chat:created' && event.room === `user:${alice.id}`),
    ).toBe(true)
    const copy = (await chat.messages(copyId)).messages
    expect(copy.map((m) => m.content)).toEqual([
      'Where to?\n\n[Files attached: cities.txt]',
      'An answer.',
      'And then?',
      'Porto.',
    ])
    const files = await t.request(`/api/messages/${copy[0]!.id}/attachments`, { headers: alice.headers })
    const [file] = (await files.json()).data as { id: string; filename: string }[]
    expect(file!.filename).toBe('cities.txt')
    expect(file!.id).not.toBe(fileId)
    // The copy is a chat of its own: it goes on without touching the original.
    await ask(copyId, 'Continue here', 'Sure.')
    expect(await contents(chatId)).toEqual([
      'Where to?\n\n[Files attached: cities.txt]',
      'An answer.',
      'And then?',
      'Porto.',
      'After that?',
      'Home.',
    ])
  })

  test('refuses another person’s chat or message', async () => {
    const chatId = await chat.createChat()
    const answer = await ask(chatId, 'Private')
    expect((await call(bob, 'POST', `/api/chats/${chatId}/fork`, { messageId: answer })).status).toBe(404)
    const bobsChat = await chatActions(t, bob).createChat()
    expect((await call(bob, 'POST', `/api/chats/${bobsChat}/fork`, { messageId: answer })).status).toBe(404)
    const [row] = await t.ctx.db.select().from(chats).where(eq(chats.userId, bob.id))
    expect(row?.title).not.toContain('(branch)')
  })
})
