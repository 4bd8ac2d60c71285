import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { and, eq, isNotNull } from 'drizzle-orm'
import { auditLog, chats, imports, messages, orgSettings as orgSettingsTable } from '../../db/schema'
import { messagesFor } from '../messages/messages-data'
import { runRetentionPass } from '../retention/service'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { waitFor } from '../test/wait'
import { failInterruptedImports } from './cleanup'
import { FAILURES, type Worded } from './errors'
import { IMPORT_LIMITS } from './limits'
import type { ImportJson } from './model'
import { runningImports } from './running'
import { buildZip, chatgptConversation, chatgptExport } from './test-fixtures'

/*
 * Imports (issue 32, point 5; decision 173): ChatGPT, Claude and Parley exports, as JSON and zipped,
 * read back through the app's own routes; duplicates, cancel, hostile files, limits, other people's
 * imports, support access, and an import a killed process left behind. Runs on PGlite, and on
 * Postgres with TEST_DATABASE_URL.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers read loosely by the test
type Loose = any
let t: TestApp
let alice: TestUser
let bob: TestUser
let admin: TestUser

const fixture = (name: string) => Bun.file(new URL(`./fixtures/${name}`, import.meta.url)).text()

beforeAll(async () => {
  t = await startApp()
  alice = await t.createUser({ email: 'alice-import@example.com' })
  bob = await t.createUser({ email: 'bob-import@example.com' })
  admin = await t.createUser({ email: 'admin-import@example.com', role: 'admin' })
}, 60_000)
afterAll(async () => {
  await runningImports(t.ctx).stopAll()
  await t.close()
})

async function call(user: { headers: Record<string, string> } | null, method: string, path: string) {
  const res = await t.request(path, { method, headers: { ...user?.headers } })
  return { status: res.status, body: (await res.json()) as Loose }
}

/** POST /api/import with `data` as the multipart field `file`. */
async function upload(user: { headers: Record<string, string> }, data: string | Uint8Array, name: string) {
  const form = new FormData()
  form.append('file', new File([typeof data === 'string' ? data : new Uint8Array(data)], name))
  const res = await t.request('/api/import', { method: 'POST', headers: user.headers, body: form })
  return { status: res.status, body: (await res.json()) as Loose }
}

/** Uploads, then waits for the import to end; its final JSON. */
async function importFile(user: TestUser, data: string | Uint8Array, name: string): Promise<ImportJson> {
  const started = await upload(user, data, name)
  expect(started.status).toBe(202)
  return finished(user, started.body.data.id)
}

async function finished(user: TestUser, id: string): Promise<ImportJson> {
  return waitFor(
    async () => {
      const { body } = await call(user, 'GET', `/api/import/${id}`)
      return body.data.status === 'running' ? null : (body.data as ImportJson)
    },
    30_000,
    'the import to end',
  )
}

/** The person's chats, archived ones too, by title. */
async function chatsOf(user: TestUser): Promise<Map<string, Loose>> {
  const list: Loose[] = []
  for (const archived of ['false', 'true']) {
    const { body } = await call(user, 'GET', `/api/chats?limit=100&archived=${archived}`)
    list.push(...body.data.chats)
  }
  return new Map(list.map((chat) => [chat.title, chat]))
}

/** The chat's current path, oldest first, as the app answers it. */
async function pathOf(user: TestUser, chatId: string): Promise<Loose[]> {
  const { status, body } = await call(user, 'GET', `/api/chats/${chatId}/messages?limit=100`)
  expect(status).toBe(200)
  return body.data.messages
}

const importedRows = (userId: string) =>
  t.ctx.db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.userId, userId), isNotNull(chats.importId)))

describe('ChatGPT', () => {
  let report: ImportJson
  let carol: TestUser
  beforeAll(async () => {
    carol = await t.createUser()
    report = await importFile(carol, await fixture('chatgpt-conversations.json'), 'conversations.json')
  })

  test('the report counts chats and messages and names what was kept as placeholders', () => {
    expect(report).toMatchObject({
      file_name: 'conversations.json',
      status: 'done',
      source: 'chatgpt',
      progress: { done: 4, total: 4 },
      report: { chats: 4, messages: 9, duplicates: 0, skipped_count: 1 },
      error: null,
    })
    expect(report.report.skipped).toEqual([
      {
        title: 'Plot a sine wave',
        reason:
          'Parts the export does not hold or Parley cannot show were kept as text: 1 image, 1 file, 1 tool call, 1 tool output.',
        code: 'placeholders',
        values: { image: 1, file: 1, toolCall: 1, toolOutput: 1 },
      },
    ])
    expect(report.finished_at).not.toBeNull()
  })

  test('titles and times are kept; an empty title reads "Imported chat"; the archived one stays archived', async () => {
    const list = await chatsOf(carol)
    expect([...list.keys()].sort()).toEqual(
      [
        "<script>alert('title')</script><b>Bold</b>",
        'Imported chat',
        'Plot a sine wave',
        'Trip to Lisbon',
      ].sort(),
    )
    expect(list.get('Trip to Lisbon')).toMatchObject({
      archived: false,
      created_at: '2024-05-01T08:00:00.123Z',
    })
    // Brought in now: its last use is the import (the retention policy counts from it).
    expect(Date.parse(list.get('Trip to Lisbon').updated_at)).toBeGreaterThan(Date.now() - 5 * 60_000)
    expect(list.get('Plot a sine wave')).toMatchObject({ archived: true })
  })

  test('an edited question is a branch; the current leaf is the export’s current node', async () => {
    const chat = (await chatsOf(carol)).get('Trip to Lisbon')
    const path = await pathOf(carol, chat.id)
    // current_node is the answer to the first question, although the edited one is newer.
    expect(path.map((m: Loose) => [m.is_user, m.content, m.model_id, m.created_at, m.status])).toEqual([
      [true, 'What should I see in Lisbon in one day?', null, '2024-05-01T08:00:01.000Z', 'complete'],
      [false, 'Start in Alfama, then Belém for the tower.', 'gpt-4o', '2024-05-01T08:00:05.250Z', 'complete'],
    ])
    expect(path[0].parent_id).toBeNull()
    expect(path[0].sibling_ids).toHaveLength(2)
    expect(path[1].parent_id).toBe(path[0].id)
    // The other branch: its answer is the chat's newest message.
    const other = path[0].sibling_ids.find((id: string) => id !== path[0].id)
    const moved = await t.request(`/api/chats/${chat.id}/branch`, {
      method: 'PUT',
      headers: { ...carol.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ messageId: other }),
    })
    const branch = ((await moved.json()) as Loose).data.messages
    expect(branch.map((m: Loose) => m.content)).toEqual([
      'What should I see in Lisbon in two days?',
      'Day one: Alfama and Baixa. Day two: Belém and Sintra.',
    ])
  })

  test('a tool’s call and output fold into the answer; an image and a file are named', async () => {
    const chat = (await chatsOf(carol)).get('Plot a sine wave')
    const [question, answer, ...rest] = await pathOf(carol, chat.id)
    expect(rest).toEqual([])
    expect(question.content).toBe(
      '[image]\n\nPlot a sine wave like the one in this picture.\n\n[file: sketch.png]',
    )
    expect(answer.content).toBe(
      [
        '[tool call: python]\n```\nimport numpy as np\nx = np.linspace(0, 6.28, 100)\nprint(np.sin(x).max())\n```',
        '[tool output: python]\n```\n0.9999998\n```',
        'The sine wave peaks at about 1.',
      ].join('\n\n'),
    )
    expect(answer.model_id).toBe('gpt-4o')
  })

  test('HTML and script in titles and messages are stored as typed (NUL removed)', async () => {
    const chat = (await chatsOf(carol)).get("<script>alert('title')</script><b>Bold</b>")
    const path = await pathOf(carol, chat.id)
    expect(path.map((m: Loose) => m.content)).toEqual([
      '<img src=x onerror=alert(1)> what does this do?',
      'It runs <script>alert(2)</script> when the image fails.',
    ])
  })

  test('the same file again imports nothing and counts duplicates; so does the zip of a newer export', async () => {
    const before = (await importedRows(carol.id)).length
    const again = await importFile(carol, await fixture('chatgpt-conversations.json'), 'conversations.json')
    expect(again.report).toMatchObject({ chats: 0, messages: 0, duplicates: 4 })
    const newer = `[${(await fixture('chatgpt-conversations.json')).trim().slice(1, -1)}, ${JSON.stringify(chatgptConversation(77))}]`
    const zipped = await importFile(
      carol,
      buildZip([
        { name: 'conversations.json', data: newer },
        { name: 'chat.html', data: '<html></html>' },
        { name: 'file-AbCdEf123-sketch.png', data: new Uint8Array(64), deflate: false },
      ]),
      'chatgpt-export.zip',
    )
    expect(zipped).toMatchObject({ status: 'done', source: 'chatgpt', report: { chats: 1, duplicates: 4 } })
    expect((await importedRows(carol.id)).length).toBe(before + 1)
  })

  test('the import is audited when it starts and when it ends, with its counts', async () => {
    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, carol.id), eq(auditLog.targetId, report.id)))
    expect(entries.map((entry) => entry.action).sort()).toEqual(['import.finish', 'import.start'])
    expect(entries.find((entry) => entry.action === 'import.finish')!.details).toEqual({
      status: 'done',
      source: 'chatgpt',
      chats: 4,
      messages: 9,
      duplicates: 0,
      skipped: 1,
    })
  })

  test('GET /api/import lists the person’s imports, newest first', async () => {
    const { status, body } = await call(carol, 'GET', '/api/import')
    expect(status).toBe(200)
    expect(body.data.imports.map((item: ImportJson) => item.file_name)).toEqual([
      'chatgpt-export.zip',
      'conversations.json',
      'conversations.json',
    ])
    expect(body.data.imports[2].id).toBe(report.id)
    expect((await call(bob, 'GET', '/api/import')).body.data.imports).toEqual([])
  })
})

describe('Claude', () => {
  let dave: TestUser
  let report: ImportJson
  beforeAll(async () => {
    dave = await t.createUser()
    report = await importFile(
      dave,
      buildZip([
        { name: 'conversations.json', data: await fixture('claude-conversations.json') },
        { name: 'users.json', data: '[{"uuid":"acc00000-0000-4000-8000-000000000000"}]' },
        { name: 'projects.json', data: '[]' },
      ]),
      'data-2024-10-03.zip',
    )
  })

  test('the zip’s conversations.json is read; the report names files and tool steps kept as text', () => {
    expect(report).toMatchObject({
      status: 'done',
      source: 'claude',
      report: { chats: 2, messages: 7, duplicates: 0, skipped_count: 1 },
    })
    expect(report.report.skipped[0]).toEqual({
      title: 'Sourdough starter',
      reason:
        'Parts the export does not hold or Parley cannot show were kept as text: 2 files, 1 reasoning step, 1 tool call, 1 tool output.',
      // The same, for the client to word in the reader's language.
      code: 'placeholders',
      values: { file: 2, thinking: 1, toolCall: 1, toolOutput: 1 },
    })
  })

  test('a linear conversation keeps its order, times, attachments’ text and tool steps', async () => {
    const chat = (await chatsOf(dave)).get('Sourdough starter')
    expect(chat).toMatchObject({ created_at: '2024-09-01T08:00:00.000Z' })
    const path = await pathOf(dave, chat.id)
    expect(path.map((m: Loose) => [m.is_user, m.created_at])).toEqual([
      [true, '2024-09-01T08:00:01.000Z'],
      [false, '2024-09-01T08:00:09.000Z'],
      [true, '2024-09-01T08:05:00.000Z'],
      [false, '2024-09-01T08:05:07.000Z'],
    ])
    expect(path[0].content).toBe(
      'How often should I feed my starter?\n\n[file: feeding-log.txt]\n\nMon 50g flour, Tue 50g flour',
    )
    expect(path[1].content).toBe(
      '[reasoning]\nThe log shows daily feeding.\n\nOnce a day at room temperature.',
    )
    expect(path[2].content).toBe('And in the fridge?\n\n[file: jar.jpg]')
    expect(path[3].content).toBe(
      [
        '[tool call: web_search]\n```json\n{\n  "query": "starter fridge feeding"\n}\n```',
        '[tool output: web_search]\n\nWeekly feeding is enough in the fridge.',
        'Once a week is enough.',
      ].join('\n\n'),
    )
  })

  test('parent links make branches; the current leaf is the conversation’s', async () => {
    const chat = (await chatsOf(dave)).get('Haiku about autumn')
    const path = await pathOf(dave, chat.id)
    expect(path.map((m: Loose) => m.content)).toEqual([
      'Write a haiku about autumn.',
      'Red leaves drift and fall',
    ])
    expect(path[1].sibling_ids).toHaveLength(2)
  })
})

describe('Parley', () => {
  test('a chat exported by the app comes back with its branches, times, models and current leaf', async () => {
    const created = await t.request('/api/chats', {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Budget <2027>' }),
    })
    const chatId = ((await created.json()) as Loose).data.id as string
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, s))
    const [q1, a1, q2, a2, a3] = Array.from({ length: 5 }, () => crypto.randomUUID())
    await messagesFor(t.ctx.db, t.actorOf(alice)).insert([
      {
        id: q1!,
        chatId,
        parentId: null,
        content: 'First question',
        isUser: true,
        status: 'complete',
        createdAt: at(1),
      },
      {
        id: a1!,
        chatId,
        parentId: q1!,
        content: 'First answer',
        isUser: false,
        status: 'complete',
        modelId: 'gpt-x',
        createdAt: at(2),
      },
      {
        id: q2!,
        chatId,
        parentId: a1!,
        content: 'Follow-up',
        isUser: true,
        status: 'complete',
        createdAt: at(3),
      },
      {
        id: a2!,
        chatId,
        parentId: q2!,
        content: 'Answer A',
        isUser: false,
        status: 'complete',
        modelId: 'gpt-x',
        createdAt: at(4),
      },
      {
        id: a3!,
        chatId,
        parentId: q2!,
        content: 'Answer B',
        isUser: false,
        status: 'stopped',
        modelId: 'gpt-y',
        createdAt: at(5),
      },
    ])
    await t.ctx.db.update(chats).set({ currentLeafId: a2! }).where(eq(chats.id, chatId))
    const exported = await t.request(`/api/chats/${chatId}/export?format=json`, { headers: alice.headers })
    expect(exported.status).toBe(200)
    const json = await exported.text()

    const report = await importFile(bob, json, 'budget-2027.json')
    expect(report).toMatchObject({ status: 'done', source: 'parley', report: { chats: 1, messages: 5 } })
    const chat = (await chatsOf(bob)).get('Budget <2027>')
    const original = (await chatsOf(alice)).get('Budget <2027>')
    expect(chat.created_at).toBe(original.created_at)
    const path = await pathOf(bob, chat.id)
    expect(path.map((m: Loose) => [m.content, m.model_id, m.status, m.created_at])).toEqual([
      ['First question', null, 'complete', at(1).toISOString()],
      ['First answer', 'gpt-x', 'complete', at(2).toISOString()],
      ['Follow-up', null, 'complete', at(3).toISOString()],
      ['Answer A', 'gpt-x', 'complete', at(4).toISOString()],
    ])
    expect(path[3].sibling_ids).toHaveLength(2)
    // New rows: none of the original ids are reused.
    expect(path.map((m: Loose) => m.id)).not.toContain(q1)

    // An array of them, and a zip of them; the one already imported is a duplicate.
    const other = JSON.parse(json)
    other.messages = other.messages.map((m: Loose) => ({
      ...m,
      id: `x-${m.id}`,
      parent_id: m.parent_id && `x-${m.parent_id}`,
    }))
    other.title = 'Copy'
    other.current_leaf_id = null
    const again = await importFile(bob, JSON.stringify([JSON.parse(json), other]), 'chats.json')
    expect(again.report).toMatchObject({ chats: 1, messages: 5, duplicates: 1 })
    const copy = await pathOf(bob, (await chatsOf(bob)).get('Copy').id)
    // No current leaf: the newest message's branch.
    expect(copy.at(-1).content).toBe('Answer B')
    const zipped = await importFile(
      bob,
      buildZip([
        { name: 'chats/budget.json', data: json },
        { name: 'chats/notes.json', data: '{"not": "a chat"}' },
      ]),
      'parley-chats.zip',
    )
    expect(zipped).toMatchObject({
      status: 'done',
      source: 'parley',
      report: {
        chats: 0,
        duplicates: 1,
        skipped: [
          {
            title: 'chats/notes.json',
            reason: 'This file in the zip is not a Parley chat export and was ignored.',
          },
        ],
      },
    })
  })
})

describe('files that are refused or fail', () => {
  let erin: TestUser
  beforeAll(async () => {
    erin = await t.createUser()
  })

  /** The import fails with `error`, and the person has no imported chat. */
  async function failsWith(data: string | Uint8Array, name: string, failure: Worded) {
    const report = await importFile(erin, data, name)
    expect({
      status: report.status,
      error: report.error,
      code: report.error_code,
      values: report.error_values,
      chats: report.report.chats,
    }).toEqual({
      status: 'failed',
      error: failure.text,
      code: failure.code,
      values: failure.values ?? null,
      chats: 0,
    })
    expect(await importedRows(erin.id)).toEqual([])
    return report
  }

  test('malformed or cut-off JSON', async () => {
    await failsWith('[{"title": "x", "mapping": {"a": {', 'conversations.json', FAILURES.notJson)
    const whole = await fixture('chatgpt-conversations.json')
    await failsWith(whole.slice(0, whole.length / 2), 'conversations.json', FAILURES.notJson)
  })

  test('JSON that is no export', async () => {
    await failsWith('{"hello": "world"}', 'data.json', FAILURES.notAnExport)
    await failsWith('[{"name": "x"}, 2, 3]', 'data.json', FAILURES.notAnExport)
    await failsWith(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'deep.json', FAILURES.notAnExport)
  })

  test('a truncated zip', async () => {
    const zip = buildZip([{ name: 'conversations.json', data: chatgptExport(20) }])
    await failsWith(zip.subarray(0, Math.floor(zip.length * 0.6)), 'export.zip', FAILURES.damagedZip)
  })

  test('a zip bomb: a huge declared size, or a size that lies about a stream that inflates far past it', async () => {
    await failsWith(
      buildZip([{ name: 'conversations.json', data: '[]', declaredSize: 900 * 1024 * 1024 }]),
      'bomb.zip',
      FAILURES.tooLarge,
    )
    const zeros = new Uint8Array(50 * 1024 * 1024)
    const bomb = buildZip([{ name: 'conversations.json', data: zeros, declaredSize: 1000 }])
    // 50 MB of zeros packed in about 50 KB: inflated no further than the 1,000 bytes it declared.
    expect(bomb.length).toBeLessThan(100_000)
    await failsWith(bomb, 'bomb.zip', FAILURES.damagedZip)
  })

  test('path traversal in a zip: the entry is ignored and reported', async () => {
    const climbing = await failsWith(
      buildZip([
        { name: '../conversations.json', data: chatgptExport(1) },
        { name: '/etc/conversations.json', data: chatgptExport(1) },
      ]),
      'evil.zip',
      FAILURES.noConversations,
    )
    expect(climbing.report.skipped.map((entry) => entry.title)).toEqual([
      '../conversations.json',
      '/etc/conversations.json',
    ])
    const beside = await importFile(
      erin,
      buildZip([
        { name: 'conversations.json', data: chatgptExport(1, 500) },
        { name: 'images/../../../../tmp/owned.txt', data: 'x' },
      ]),
      'export.zip',
    )
    expect(beside).toMatchObject({
      status: 'done',
      report: {
        chats: 1,
        skipped: [
          {
            title: 'images/../../../../tmp/owned.txt',
            reason: 'A file in the zip has an unsafe name and was ignored.',
          },
        ],
      },
    })
    await t.ctx.db.delete(chats).where(eq(chats.userId, erin.id))
  })

  test('a zip without conversations.json, or with more files than are read', async () => {
    await failsWith(buildZip([{ name: 'notes.txt', data: 'hello' }]), 'export.zip', FAILURES.noConversations)
    const files = Array.from({ length: 20_001 }, (_, index) => ({
      name: `audio/${index}.wav`,
      data: '',
      deflate: false,
    }))
    await failsWith(
      buildZip([{ name: 'conversations.json', data: chatgptExport(1) }, ...files]),
      'export.zip',
      FAILURES.tooManyFiles,
    )
  })

  test('more than 10,000 conversations: the import fails whole', async () => {
    const count = IMPORT_LIMITS.conversations + 1
    const many = `[${Array.from({ length: count }, () => '{"mapping":{},"title":"x"}').join(',')}]`
    const failed = await failsWith(many, 'conversations.json', FAILURES.tooManyConversations(count, 10_000))
    expect(failed.error).toBe(
      'The export holds 10,001 conversations; at most 10,000 can be imported at once.',
    )
    expect(failed.error_values).toEqual({ count: 10_001, max: 10_000 })
  })

  test('a message over 1 MB is cut with a note; a conversation over 5,000 messages and a loop are left out', async () => {
    const long = chatgptConversation(900, { answer: 'y'.repeat(IMPORT_LIMITS.messageChars + 10) })
    const looped = chatgptConversation(901)
    Object.assign(looped.mapping, {
      l1: {
        id: 'l1',
        parent: 'l2',
        children: [],
        message: { author: { role: 'user' }, content: { content_type: 'text', parts: ['lost'] } },
      },
      l2: {
        id: 'l2',
        parent: 'l1',
        children: [],
        message: { author: { role: 'user' }, content: { content_type: 'text', parts: ['lost'] } },
      },
    })
    const huge = {
      uuid: 'huge',
      name: 'Huge',
      created_at: '2024-01-01T00:00:00Z',
      chat_messages: Array.from({ length: IMPORT_LIMITS.messagesPerConversation + 1 }, (_, i) => ({
        uuid: `m${i}`,
        text: 'hi',
        sender: i % 2 ? 'assistant' : 'human',
      })),
    }
    const report = await importFile(erin, JSON.stringify([long, looped]), 'conversations.json')
    expect(report).toMatchObject({ status: 'done', report: { chats: 2, messages: 4 } })
    expect(report.report.skipped).toEqual([
      {
        title: 'Conversation 900',
        reason: 'A message longer than 1 MB was cut to its first 1 MB.',
        code: 'truncated',
        values: { count: 1 },
      },
      {
        title: 'Conversation 901',
        reason: '2 messages do not connect to the conversation and were left out.',
        code: 'unreachable',
        values: { count: 2 },
      },
    ])
    const chat = (await chatsOf(erin)).get('Conversation 900')
    const answer = (await pathOf(erin, chat.id))[1]
    expect(answer.content).toHaveLength(
      IMPORT_LIMITS.messageChars + '\n\n[Cut at import: the message was longer than 1 MB]'.length,
    )
    expect(answer.content.endsWith('[Cut at import: the message was longer than 1 MB]')).toBe(true)
    const claude = await importFile(erin, JSON.stringify([huge]), 'conversations.json')
    expect(claude).toMatchObject({
      status: 'done',
      report: {
        chats: 0,
        skipped: [
          { title: 'Huge', reason: 'The conversation has more than 5,000 messages and was left out.' },
        ],
      },
    })
    await t.ctx.db.delete(chats).where(eq(chats.userId, erin.id))
  })

  test('refused at once: an empty file, a file that is neither JSON nor zip, no file', async () => {
    expect(await upload(erin, '', 'empty.json')).toEqual({
      status: 400,
      body: { success: false, error: 'The file is empty', code: 'bad_request:import_empty' },
    })
    expect(await upload(erin, 'hello, world', 'notes.txt')).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'The file is not an export: choose a .json or .zip file',
        code: 'bad_request:import_file',
      },
    })
    const res = await t.request('/api/import', {
      method: 'POST',
      headers: erin.headers,
      body: new FormData(),
    })
    expect(res.status).toBe(400)
    const before = (await call(erin, 'GET', '/api/import')).body.data.imports.length
    expect(before).toBeGreaterThan(0)
  })

  test('an upload declared over 100 MB is 413 before its body is read', async () => {
    let pulls = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++
        controller.enqueue(new Uint8Array(64 * 1024))
      },
    })
    const res = await t.request('/api/import', {
      method: 'POST',
      headers: {
        ...erin.headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(500 * 1024 * 1024),
      },
      body,
      // @ts-expect-error Bun's RequestInit takes duplex for a streamed body
      duplex: 'half',
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      success: false,
      error: 'File is too large (max 100 MB)',
      code: 'payload_too_large:file',
    })
    expect(pulls).toBeLessThanOrEqual(1)
  })
})

describe('cancel, one at a time, and an import in progress', () => {
  test('while it runs its chats are out of the list; a second import is 409; cancel leaves nothing', async () => {
    const frank = await t.createUser()
    const registry = runningImports(t.ctx)
    const reached = Promise.withResolvers<void>()
    registry.afterBatch = (_id, signal) => {
      reached.resolve()
      // Held after the first batch until cancelled.
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
    }
    try {
      const started = await upload(frank, chatgptExport(450), 'conversations.json')
      expect(started.status).toBe(202)
      const id = started.body.data.id as string
      await reached.promise
      // Half written: rows exist, but the person's list does not show them.
      expect((await importedRows(frank.id)).length).toBeGreaterThan(0)
      expect((await call(frank, 'GET', '/api/chats?limit=100')).body.data.chats).toEqual([])
      const running = await call(frank, 'GET', `/api/import/${id}`)
      expect(running.body.data).toMatchObject({
        status: 'running',
        source: 'chatgpt',
        progress: { total: 450 },
      })
      expect(await upload(frank, chatgptExport(1), 'conversations.json')).toMatchObject({
        status: 409,
        body: { code: 'conflict:import_running' },
      })

      const cancelled = await call(frank, 'POST', `/api/import/${id}/cancel`)
      expect(cancelled.status).toBe(200)
      expect(cancelled.body.data).toMatchObject({
        id,
        status: 'cancelled',
        error: null,
        report: { chats: 0, messages: 0 },
      })
      expect(await importedRows(frank.id)).toEqual([])
      expect(await t.ctx.db.select().from(messages).where(eq(messages.userId, frank.id))).toEqual([])
      expect((await chatsOf(frank)).size).toBe(0)
      expect(await call(frank, 'POST', `/api/import/${id}/cancel`)).toEqual({
        status: 409,
        body: { success: false, error: 'This import has already finished', code: 'conflict:import_finished' },
      })
      const audit = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'import.finish')))
      expect(audit[0]?.details).toMatchObject({ status: 'cancelled', chats: 0 })
    } finally {
      registry.afterBatch = undefined
    }
  })

  test('a failed import leaves nothing behind, even after batches were written', async () => {
    const gina = await t.createUser()
    // The database fails after the first batch was written (provoked between batches: no file can).
    const registry = runningImports(t.ctx)
    let batches = 0
    registry.afterBatch = async () => {
      batches++
      if (batches === 2) throw new Error('the database went away')
    }
    try {
      const report = await importFile(gina, chatgptExport(450), 'conversations.json')
      expect(report).toMatchObject({
        status: 'failed',
        error: FAILURES.unexpected.text,
        report: { chats: 0 },
      })
      expect(batches).toBe(2)
      expect(await importedRows(gina.id)).toEqual([])
    } finally {
      registry.afterBatch = undefined
    }
  })
})

describe('room on the instance', () => {
  test('uploads in flight may declare 100 MB together; past that 429, and one import is always let in', async () => {
    const registry = runningImports(t.ctx)
    const big = registry.reserve(IMPORT_LIMITS.bytesInFlight - 1000)
    expect(big).not.toBeNull()
    try {
      const res = await t.request('/api/import', {
        method: 'POST',
        headers: alice.headers,
        body: (() => {
          const form = new FormData()
          form.append('file', new File([chatgptExport(20)], 'conversations.json'))
          return form
        })(),
      })
      expect(res.status).toBe(429)
      expect(res.headers.get('retry-after')).toBe('60')
      expect(((await res.json()) as Loose).code).toBe('rate_limited:imports')
    } finally {
      big!.release()
    }
    const alone = registry.reserve(IMPORT_LIMITS.bytesInFlight * 2)
    expect(alone).not.toBeNull()
    alone!.release()
    expect((await importFile(alice, chatgptExport(1, 600), 'conversations.json')).status).toBe('done')
  })
})

describe('other people and support access', () => {
  test('another person’s import, or a malformed id, is 404', async () => {
    const report = await importFile(alice, chatgptExport(1, 700), 'conversations.json')
    for (const path of [
      `/api/import/${report.id}`,
      '/api/import/not-an-id',
      `/api/import/${crypto.randomUUID()}`,
    ]) {
      expect(await call(bob, 'GET', path)).toEqual({
        status: 404,
        body: { success: false, error: 'Import not found', code: 'not_found:import' },
      })
    }
    expect((await call(bob, 'POST', `/api/import/${report.id}/cancel`)).status).toBe(404)
    expect((await call(null, 'GET', `/api/import/${report.id}`)).status).toBe(401)
  })

  test('support access can neither start nor cancel an import', async () => {
    const started = await t.request('/api/admin/impersonations', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        targetUserId: alice.id,
        reasonCode: 'customer_request',
        caseNumber: 'IMPORT-1',
        durationMinutes: 30,
      }),
    })
    expect(started.status).toBe(201)
    const support = { headers: { authorization: `Bearer ${((await started.json()) as Loose).data.token}` } }
    const before = (await call(alice, 'GET', '/api/import')).body.data.imports.length
    expect(await upload(support, chatgptExport(1, 800), 'conversations.json')).toEqual({
      status: 403,
      body: expect.objectContaining({ code: 'forbidden:impersonating' }),
    })
    const [latest] = (await call(alice, 'GET', '/api/import')).body.data.imports
    expect(await call(support, 'POST', `/api/import/${latest.id}/cancel`)).toEqual({
      status: 403,
      body: expect.objectContaining({ code: 'forbidden:impersonating' }),
    })
    expect((await call(alice, 'GET', '/api/import')).body.data.imports.length).toBe(before)
  })
})

describe('an import a killed process left running', () => {
  test('is failed at start-up and what it wrote is deleted', async () => {
    const hank = await t.createUser()
    const long = new Date(Date.now() - 10 * 60_000)
    const [row] = await t.ctx.db
      .insert(imports)
      .values({ userId: hank.id, fileName: 'conversations.json', createdAt: long, heartbeatAt: long })
      .returning()
    const [failed] = await t.ctx.db
      .insert(imports)
      .values({ userId: hank.id, fileName: 'old.json', status: 'failed', createdAt: long, heartbeatAt: long })
      .returning()
    await t.ctx.db.insert(chats).values([
      { userId: hank.id, title: 'Half', archived: true, importId: row!.id, importSource: 'chatgpt:half' },
      {
        userId: hank.id,
        title: 'Left over',
        archived: true,
        importId: failed!.id,
        importSource: 'chatgpt:left',
      },
    ])
    const keep = await t.request('/api/chats', {
      method: 'POST',
      headers: { ...hank.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Mine' }),
    })
    expect(keep.status).toBe(201)

    expect(await failInterruptedImports(t.ctx)).toBe(1)
    const { body } = await call(hank, 'GET', `/api/import/${row!.id}`)
    expect(body.data).toMatchObject({
      status: 'failed',
      error: 'The server stopped during the import; nothing was imported.',
      error_code: 'interrupted',
    })
    expect(body.data.finished_at).not.toBeNull()
    expect(await importedRows(hank.id)).toEqual([])
    expect([...(await chatsOf(hank)).keys()]).toEqual(['Mine'])
  })
})

describe('with a retention policy', () => {
  test('an imported chat counts as used when it came in: the next pass keeps it, old as its messages are', async () => {
    const dora = await t.createUser()
    await t.ctx.db
      .insert(orgSettingsTable)
      .values({ id: 1, retentionChatDays: 30 })
      .onConflictDoUpdate({ target: orgSettingsTable.id, set: { retentionChatDays: 30 } })
    try {
      const report = await importFile(dora, await fixture('chatgpt-conversations.json'), 'conversations.json')
      expect(report.status).toBe('done')
      const before = await chatsOf(dora)
      expect(before.size).toBeGreaterThan(0)
      // Messages from the export are years old; the pass must not take the chats for unused.
      const pass = await runRetentionPass(t.ctx)
      expect(pass).not.toBeNull()
      expect(pass!.chats.filter((chat) => chat.userId === dora.id)).toEqual([])
      expect((await chatsOf(dora)).size).toBe(before.size)
    } finally {
      await t.ctx.db.update(orgSettingsTable).set({ retentionChatDays: null })
    }
  })
})
