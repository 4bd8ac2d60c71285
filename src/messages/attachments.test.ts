import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { attachments, messages } from '../../db/schema'
import { buildDocx, buildPdf } from '../test/docs'
import { type FakeOpenAi, startFakeOpenAi } from '../test/fakes/openai-server'
import { outcome, startApp, type TestApp } from '../test/harness'
import { TINY_PNG } from '../test/images'
import { chatActions, jsonInit, type TestUser, waitForOutcome } from '../test/messages'
import { waitFor } from '../test/wait'

/** 'fake-vision-model' reads images (its name says so); 'fake-model' does not. */
const fake: FakeOpenAi = startFakeOpenAi({ models: ['fake-model', 'fake-vision-model'] })
const VISION = 'fake-vision-model'
const BLIND = 'fake-model'
const pngDataUrl = `data:image/png;base64,${Buffer.from(TINY_PNG).toString('base64')}`

let t: TestApp
let alice: TestUser
let bob: TestUser
let chat: ReturnType<typeof chatActions>

beforeAll(async () => {
  t = await startApp({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'test-key',
    UPLOAD_MAX_FILES: '3',
  })
  alice = await t.createUser()
  bob = await t.createUser()
  chat = chatActions(t, alice)
}, 60_000)
afterAll(async () => {
  await t.close()
  await fake.close()
})
beforeEach(() => fake.setScript({ reply: 'Noted.' }))

async function upload(user: TestUser, bytes: Uint8Array, name: string, type = ''): Promise<string> {
  const form = new FormData()
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }))
  const res = await t.request('/api/uploads', { method: 'POST', headers: user.headers, body: form })
  expect(res.status).toBe(201)
  return (await res.json()).data.id
}

const text = (value: string) => new TextEncoder().encode(value)

/** A PDF, a DOCX and a PNG of alice's, not sent yet. */
async function threeFiles() {
  return [
    await upload(alice, buildPdf({ pages: [['Revenue grew 12%']] }), 'report.pdf', 'application/pdf'),
    await upload(alice, buildDocx([{ paragraph: 'Ship on Friday' }]), 'notes.docx'),
    await upload(alice, TINY_PNG, 'chart.png', 'image/png'),
  ]
}

/** The user turn of the latest call to the provider. */
const lastUserTurn = () => {
  const sent = fake.completions().at(-1)!.body!.messages as { role: string; content: unknown }[]
  return sent.filter((turn) => turn.role === 'user').at(-1)
}

const storedMessages = (chatId: string) =>
  t.ctx.db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(messages.createdAt)

const attachmentsOf = async (user: TestUser, messageId: string) => {
  const res = await t.request(`/api/messages/${messageId}/attachments`, { headers: user.headers })
  return { status: res.status, body: await res.json() }
}

describe('sending a message with attachments', () => {
  test('a vision model receives the text, each document’s text named by file and the image as a data URL', async () => {
    const ids = await threeFiles()
    const chatId = await chat.createChat()
    const res = await chat.send(chatId, { content: 'Compare these', attachmentIds: ids, modelId: VISION })
    expect(res.status).toBe(202)
    const body = res.data!
    const stored = 'Compare these\n\n[Files attached: report.pdf, notes.docx, chart.png]'
    expect(body.data.userMessage.content).toBe(stored)
    await waitForOutcome(t, body.data.assistantMessageId)

    expect(lastUserTurn()).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: stored },
        { type: 'text', text: '--- File: report.pdf ---\nRevenue grew 12%' },
        { type: 'text', text: '--- File: notes.docx ---\nShip on Friday' },
        { type: 'image_url', image_url: { url: pngDataUrl } },
      ],
    })
    const listed = await attachmentsOf(alice, body.data.userMessage.id)
    expect(listed.status).toBe(200)
    expect(
      listed.body.data.map((file: { id: string; filename: string; kind: string; file_data: string }) => [
        file.id,
        file.filename,
        file.kind,
        file.file_data,
      ]),
    ).toEqual([
      [ids[0], 'report.pdf', 'pdf', `/api/files/${ids[0]}`],
      [ids[1], 'notes.docx', 'docx', `/api/files/${ids[1]}`],
      [ids[2], 'chart.png', 'image', `/api/files/${ids[2]}`],
    ])
    // Another user cannot read them.
    expect((await attachmentsOf(bob, body.data.userMessage.id)).status).toBe(404)
  })

  test('a model without vision gets a note for the image instead', async () => {
    const ids = await threeFiles()
    const chatId = await chat.createChat()
    const id = await chat.sendOk(chatId, 'Compare these', { attachmentIds: ids, modelId: BLIND })
    await waitForOutcome(t, id)
    const content = lastUserTurn()!.content as { type: string; text?: string }[]
    expect(content.map((part) => part.type)).toEqual(['text', 'text', 'text', 'text'])
    expect(content[3]).toEqual({
      type: 'text',
      text: '[Image attached: chart.png — this model cannot see images]',
    })
    expect(JSON.stringify(fake.completions().at(-1)!.body)).not.toContain('image_url')
  })

  test('files with no text: the stored text is the marker alone, and the chat is titled "File Upload"', async () => {
    const id = await upload(alice, text('a,b\n1,2'), 'table.csv', 'text/csv')
    const chatId = await chat.createChat()
    const res = await chat.send(chatId, { content: '  ', attachmentIds: [id] })
    expect(res.status).toBe(202)
    const body = res.data!
    expect(body.data.userMessage.content).toBe('[Files attached: table.csv]')
    await waitForOutcome(t, body.data.assistantMessageId)
    expect(lastUserTurn()!.content).toEqual([
      { type: 'text', text: '[Files attached: table.csv]' },
      { type: 'text', text: '--- File: table.csv ---\na,b\n1,2' },
    ])
    await waitFor(() =>
      t.events.find(
        (event) =>
          event.event === 'chat:updated' &&
          (event.payload as { chat: { id: string; title: string } }).chat.id === chatId,
      ),
    )
    const list = await (await t.request('/api/chats?limit=200', { headers: alice.headers })).json()
    expect(list.data.chats.find((c: { id: string }) => c.id === chatId).title).toBe('File Upload')
  })

  test('content may be left out when files are attached; blank text and no files is still 400', async () => {
    const id = await upload(alice, text('just a file'), 'only.txt', 'text/plain')
    const chatId = await chat.createChat()
    const res = await chat.send(chatId, { attachmentIds: [id] })
    expect(res.status).toBe(202)
    await waitForOutcome(t, res.data!.data.assistantMessageId)
    const other = await chat.createChat()
    for (const body of [{ content: ' ', attachmentIds: [] }, {}]) {
      const refused = await chat.send(other, body)
      expect(refused.status).toBe(400)
      expect(refused.error?.value).toMatchObject({ success: false, error: 'Message cannot be empty' })
    }
  })

  test('another user’s file or an unknown id is 404 and nothing is stored or sent', async () => {
    const mine = await upload(alice, text('mine'), 'mine.txt', 'text/plain')
    const theirs = await upload(bob, text('theirs'), 'theirs.txt', 'text/plain')
    const chatId = await chat.createChat()
    const before = fake.completions().length
    for (const other of [theirs, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await chat.send(chatId, { content: 'look', attachmentIds: [mine, other] })
      expect(res.status).toBe(404)
      expect(res.error?.value).toMatchObject({ success: false, error: 'File not found' })
    }
    expect(await storedMessages(chatId)).toEqual([])
    expect(fake.completions().length).toBe(before)
    const rows = await t.ctx.db.select().from(attachments).where(eq(attachments.id, mine))
    expect(rows[0]!.messageId).toBeNull()
    // The chat is free again: the refused send released it.
    await waitForOutcome(t, await chat.sendOk(chatId, 'look again', { attachmentIds: [mine] }))
  })

  test('a file already sent is 409 and nothing is stored', async () => {
    const id = await upload(alice, text('once'), 'once.txt', 'text/plain')
    const first = await chat.createChat()
    await waitForOutcome(t, await chat.sendOk(first, 'first', { attachmentIds: [id] }))
    const second = await chat.createChat()
    const res = await chat.send(second, { content: 'again', attachmentIds: [id] })
    expect(res.status).toBe(409)
    expect(outcome(res).body).toEqual({
      success: false,
      error: 'This file was already sent with a message',
      code: 'conflict:file_sent',
    })
    expect(await storedMessages(second)).toEqual([])
  })

  test('more files than UPLOAD_MAX_FILES is 413 and nothing is stored', async () => {
    const ids = await Promise.all(['1', '2', '3', '4'].map((n) => upload(alice, text(n), `${n}.txt`)))
    const chatId = await chat.createChat()
    const res = await chat.send(chatId, { content: 'many', attachmentIds: ids })
    expect(res.status).toBe(413)
    expect(res.error?.value).toMatchObject({ success: false, error: 'Too many files (max 3)' })
    expect(await storedMessages(chatId)).toEqual([])
    // A repeated id counts once.
    const twice = await chat.send(chatId, { content: 'dupes', attachmentIds: [ids[0]!, ids[0]!, ids[1]!] })
    expect(twice.status).toBe(202)
    await waitForOutcome(t, twice.data!.data.assistantMessageId)
  })

  test('a race for one file between two sends: one message gets it, the other send stores nothing', async () => {
    const id = await upload(alice, text('contested'), 'contested.txt', 'text/plain')
    const [c1, c2] = [await chat.createChat(), await chat.createChat()]
    const results = await Promise.all([
      chat.send(c1, { content: 'one', attachmentIds: [id] }),
      chat.send(c2, { content: 'two', attachmentIds: [id] }),
    ])
    const statuses = results.map((res) => res.status).sort()
    expect(statuses).toEqual([202, 409])
    const stored = [...(await storedMessages(c1)), ...(await storedMessages(c2))]
    expect(stored.filter((row) => row.isUser)).toHaveLength(1)
    for (const res of results) {
      if (res.status === 202) await waitForOutcome(t, res.data!.data.assistantMessageId)
    }
  })

  test('later turns send the earlier documents’ text again; earlier images are named, not re-sent', async () => {
    const ids = await threeFiles()
    const chatId = await chat.createChat()
    await waitForOutcome(t, await chat.sendOk(chatId, 'Read these', { attachmentIds: ids, modelId: VISION }))
    await waitForOutcome(t, await chat.sendOk(chatId, 'And the total?', { modelId: VISION }))
    const sent = fake.completions().at(-1)!.body!.messages as { role: string; content: unknown }[]
    expect(sent).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Read these\n\n[Files attached: report.pdf, notes.docx, chart.png]' },
          { type: 'text', text: '--- File: report.pdf ---\nRevenue grew 12%' },
          { type: 'text', text: '--- File: notes.docx ---\nShip on Friday' },
          { type: 'text', text: '[Image attached earlier: chart.png — not sent again]' },
        ],
      },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: 'And the total?' },
    ])
  })

  test('regenerate answers the same question with the same files', async () => {
    const ids = await threeFiles()
    const chatId = await chat.createChat()
    await waitForOutcome(t, await chat.sendOk(chatId, 'Describe', { attachmentIds: ids, modelId: VISION }))
    const original = lastUserTurn()
    const res = await t.as(alice).api.chats({ id: chatId }).regenerate.post({ modelId: VISION })
    expect(res.status).toBe(202)
    await waitForOutcome(t, res.data!.data.assistantMessageId)
    expect(lastUserTurn()).toEqual(original!)
    expect((original!.content as unknown[]).length).toBe(4)
  })

  test('a reply from a model that cannot see images stores a note naming them, listed after reload and kept by regenerate', async () => {
    const ids = [
      await upload(alice, buildPdf({ pages: [['Revenue grew 12%']] }), 'report.pdf', 'application/pdf'),
      await upload(alice, TINY_PNG, 'chart.png', 'image/png'),
      await upload(alice, TINY_PNG, 'photo.png', 'image/png'),
    ]
    const chatId = await chat.createChat()
    const res = await chat.send(chatId, { content: 'What is in these?', attachmentIds: ids, modelId: BLIND })
    expect(res.status).toBe(202)
    const assistantId = res.data!.data.assistantMessageId
    const note = { code: 'images_not_seen' as const, files: ['chart.png', 'photo.png'] }
    // On the reply from its first event (the open tabs show it while the answer streams)...
    const created = t.events.find(
      (event) =>
        event.event === 'message:created' &&
        (event.payload as { message: { id: string } }).message.id === assistantId,
    )
    expect((created!.payload as { message: unknown }).message).toMatchObject({ notes: [note] })
    const done = await waitForOutcome(t, assistantId)
    expect((done.payload as { message: unknown }).message).toMatchObject({ notes: [note] })
    // ...stored with the message, so a reload lists it.
    const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, assistantId))
    expect(row!.notes).toEqual([note])
    const listed = await chat.messages(chatId)
    expect(listed.messages.find((message) => message.id === assistantId)).toMatchObject({ notes: [note] })
    // The question itself carries none.
    expect(listed.messages.find((message) => message.is_user)).not.toHaveProperty('notes')

    // Answered again by a model that can see them: no note; by one that cannot: the note again.
    const seen = await t.as(alice).api.chats({ id: chatId }).regenerate.post({ modelId: VISION })
    await waitForOutcome(t, seen.data!.data.assistantMessageId)
    const afterSeen = await chat.messages(chatId)
    expect(afterSeen.messages.find((message) => !message.is_user)).not.toHaveProperty('notes')
    const blind = await t.as(alice).api.chats({ id: chatId }).regenerate.post({ modelId: BLIND })
    await waitForOutcome(t, blind.data!.data.assistantMessageId)
    const afterBlind = await chat.messages(chatId)
    expect(afterBlind.messages.find((message) => !message.is_user)).toMatchObject({ notes: [note] })
  })

  test('a question without images gets no note from a model that cannot see images', async () => {
    const id = await upload(alice, text('plain words'), 'words.txt', 'text/plain')
    const chatId = await chat.createChat()
    const assistantId = await chat.sendOk(chatId, 'Read this', { attachmentIds: [id], modelId: BLIND })
    await waitForOutcome(t, assistantId)
    const [row] = await t.ctx.db.select().from(messages).where(eq(messages.id, assistantId))
    expect(row!.notes).toBeNull()
  })
})

describe('POST /api/chat with inline attachments (spec section 3, "File attachment (as sent)")', () => {
  test('a text file and an image are stored, bound, listed and sent to the model', async () => {
    const chatId = await chat.createChat()
    const res = await t.request(
      '/api/chat',
      jsonInit(alice, 'POST', {
        message: 'What do these say?',
        sessionId: chatId,
        modelId: VISION,
        attachments: [
          {
            name: 'todo.txt',
            type: 'text/plain',
            contentType: 'text/plain',
            size: 11,
            content: 'Buy milk',
          },
          { name: 'pic.png', type: 'image/png', contentType: 'image/png', size: 70, content: pngDataUrl },
        ],
      }),
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      success: true,
      message: 'Noted.',
      error: null,
      modelUsed: VISION,
    })
    const [question] = (await storedMessages(chatId)).filter((row) => row.isUser)
    expect(question!.content).toBe('What do these say?\n\n[Files attached: todo.txt, pic.png]')
    const listed = await attachmentsOf(alice, question!.id)
    expect(
      listed.body.data.map((file: { filename: string; kind: string }) => [file.filename, file.kind]),
    ).toEqual([
      ['todo.txt', 'text'],
      ['pic.png', 'image'],
    ])
    expect(lastUserTurn()!.content).toEqual([
      { type: 'text', text: 'What do these say?\n\n[Files attached: todo.txt, pic.png]' },
      { type: 'text', text: '--- File: todo.txt ---\nBuy milk' },
      { type: 'image_url', image_url: { url: pngDataUrl } },
    ])
  })

  test('a refused send leaves no inline file behind', async () => {
    const before = await t.ctx.db.select().from(attachments).where(eq(attachments.userId, alice.id))
    const res = await t.request(
      '/api/chat',
      jsonInit(alice, 'POST', {
        message: 'lost',
        sessionId: crypto.randomUUID(),
        attachments: [{ name: 'a.txt', type: 'text/plain', content: 'orphan?' }],
      }),
    )
    expect(res.status).toBe(404)
    const after = await t.ctx.db.select().from(attachments).where(eq(attachments.userId, alice.id))
    expect(after.length).toBe(before.length)
  })

  // Past the JSON limit the files' text is cut out of the body as it arrives and kept in a temporary
  // file (decision 189): what is stored must be exactly what JSON.parse would have read.
  test('files past the JSON limit are stored exactly: escapes, accents, emoji and base64 bytes', async () => {
    const chatId = await chat.createChat()
    const line = 'quote " backslash \\ tab\t é 😀 naïve 東京\n'
    const longText = line.repeat(30_000)
    const image = new Uint8Array(800_000)
    image.set(TINY_PNG)
    image.fill(7, TINY_PNG.length)
    const imageUrl = `data:image/png;base64,${Buffer.from(image).toString('base64')}`
    // The text with some of its characters written as \u escapes, as some clients send them.
    const escapedText = JSON.stringify(longText)
      .slice(1, -1)
      .replaceAll('é', '\\u00e9')
      .replaceAll('😀', '\\ud83d\\ude00')
    const body = `{"message":"Both","sessionId":"${chatId}","modelId":"${VISION}","attachments":[{"name":"long.txt","type":"text/plain","content":"${escapedText}"},{"content":"${imageUrl}","name":"big.png","type":"image/png"}]}`
    expect(Buffer.byteLength(body)).toBeGreaterThan(2 * 1024 * 1024)
    const res = await t.request('/api/chat', {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body,
    })
    expect(res.status).toBe(200)
    const [question] = (await storedMessages(chatId)).filter((row) => row.isUser)
    const listed = (await attachmentsOf(alice, question!.id)).body.data as { id: string; filename: string }[]
    expect(listed.map((file) => file.filename)).toEqual(['long.txt', 'big.png'])
    const file = async (id: string) =>
      new Uint8Array(await (await t.request(`/api/files/${id}`, { headers: alice.headers })).arrayBuffer())
    expect(new TextDecoder().decode(await file(listed[0]!.id))).toBe(longText)
    expect(await file(listed[1]!.id)).toEqual(image)
  })

  test('a malformed or NUL-holding file past the JSON limit is refused, and nothing is stored', async () => {
    const chatId = await chat.createChat()
    const before = await t.ctx.db.select().from(attachments).where(eq(attachments.userId, alice.id))
    const padding = 'x'.repeat(1_200_000)
    for (const [content, code] of [
      [`${padding}\\q`, 'bad_request:body'],
      [`${padding}\\u0000`, 'bad_request:nul'],
    ] as const) {
      const res = await t.request('/api/chat', {
        method: 'POST',
        headers: { ...alice.headers, 'content-type': 'application/json' },
        body: `{"message":"m","sessionId":"${chatId}","attachments":[{"name":"ok.txt","content":"fine"},{"name":"bad.txt","content":"${content}"}]}`,
      })
      expect({ status: res.status, code: (await res.json()).code }).toEqual({ status: 400, code })
    }
    const after = await t.ctx.db.select().from(attachments).where(eq(attachments.userId, alice.id))
    expect(after.length).toBe(before.length)
  })

  test('its body may pass 1 MB (one file of the upload limit as base64); other JSON routes may not', async () => {
    const chatId = await chat.createChat()
    const big = 'x'.repeat(1_500_000)
    const body = JSON.stringify({
      message: 'Summarise',
      sessionId: chatId,
      modelId: BLIND,
      attachments: [{ name: 'big.txt', type: 'text/plain', content: big }],
    })
    const headers = { ...alice.headers, 'content-type': 'application/json' }
    const res = await t.request('/api/chat', {
      method: 'POST',
      headers: { ...headers, 'content-length': String(body.length) },
      body,
    })
    expect(res.status).toBe(200)
    const other = JSON.stringify({ content: big })
    const refused = await t.request(`/api/chats/${chatId}/messages`, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(other.length) },
      body: other,
    })
    expect(refused.status).toBe(413)
    expect(await refused.json()).toEqual({
      success: false,
      error: 'Request body is too large',
      code: 'payload_too_large:body',
    })
    // Past one file's worth of base64 plus 1 MB, /api/chat refuses before reading.
    const limit = Math.ceil((t.ctx.config.uploads.maxFileBytes * 4) / 3) + 1024 * 1024
    const tooBig = await t.request('/api/chat', {
      method: 'POST',
      headers: { ...headers, 'content-length': String(limit + 1) },
      body: '{}',
    })
    expect(tooBig.status).toBe(413)
  })
})
