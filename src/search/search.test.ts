import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { chats, messages } from '../../db/schema'
import { outcome, startApp, type TestApp, type TestUser } from '../test/harness'
import type { SearchItem } from './model'
import { MAX_RANKED, searchFor } from './search-data'

/**
 * Search over titles and every message (issue 28, docs/decisions/161): accents, prefixes, phrases,
 * six languages, ranking, branches, isolation and hostile text. Runs on both databases.
 */
let t: TestApp
let alice: TestUser
let bob: TestUser
let clock = Date.UTC(2026, 0, 1)

beforeAll(async () => {
  t = await startApp()
  alice = await t.createUser()
  bob = await t.createUser()
}, 60_000)
afterAll(() => t.close())

/** A chat with a single path of messages (question, answer, ...), written straight to the tables. */
async function seed(user: TestUser, title: string, texts: string[], parentId: string | null = null) {
  const [chat] = await t.ctx.db.insert(chats).values({ userId: user.id, title }).returning({ id: chats.id })
  const ids = await addPath(user, chat!.id, texts, parentId)
  return { chatId: chat!.id, ids }
}

async function addPath(user: TestUser, chatId: string, texts: string[], parentId: string | null) {
  const ids: string[] = []
  let parent = parentId
  for (const [index, content] of texts.entries()) {
    clock += 1000
    const [row] = await t.ctx.db
      .insert(messages)
      .values({
        chatId,
        userId: user.id,
        content,
        isUser: index % 2 === 0,
        parentId: parent,
        createdAt: new Date(clock),
      })
      .returning({ id: messages.id })
    parent = row!.id
    ids.push(row!.id)
  }
  return ids
}

async function search(user: TestUser, q: string, extra: { limit?: number; cursor?: string } = {}) {
  const res = await t.as(user).api.search.get({ query: { q, ...extra } })
  if (res.status !== 200 || !res.data) throw new Error(`search ${JSON.stringify(q)}: ${res.status}`)
  return res.data.data
}

const items = async (user: TestUser, q: string) => (await search(user, q)).items
const marked = (item: SearchItem) =>
  item.message?.highlights.map(([start, end]) => item.message!.snippet.slice(start, end)) ?? []
const messageIds = (found: SearchItem[]) => found.flatMap((item) => (item.message ? [item.message.id] : []))

describe('matching', () => {
  test('across case and accents, both ways, with the matched words marked in the snippet', async () => {
    const { ids } = await seed(alice, 'Job hunting', ['Can you read my Résumé?', 'Your résumé reads well.'])
    for (const q of ['resume', 'RÉSUMÉ', 'résume'])
      expect(messageIds(await items(alice, q))).toEqual([ids[1]!, ids[0]!])
    const [first] = await items(alice, 'resume')
    expect(first!.message!.snippet).toBe('Your résumé reads well.')
    expect(marked(first!)).toEqual(['résumé'])
  })

  test('the last word by its start while typing; a finished word as itself', async () => {
    const { ids } = await seed(alice, 'Money', ['What about the budgets for 2027?'])
    expect(messageIds(await items(alice, 'budg'))).toEqual([ids[0]!])
    expect(marked((await items(alice, 'budg'))[0]!)).toEqual(['budgets'])
    // A trailing space ends the word: "budg" alone is no word of the text.
    expect(await items(alice, 'budg ')).toEqual([])
    // Earlier words must match whole.
    expect(await items(alice, 'budg 2027')).toEqual([])
    expect(messageIds(await items(alice, 'budgets 20'))).toEqual([ids[0]!])
  })

  test('six languages: umlauts and ß, French and Italian accents, ñ, ç and ã, Japanese without spaces', async () => {
    const { ids } = await seed(alice, 'Languages', [
      'Die Größenordnung der Straße ist übersichtlich.',
      'La façade de l’école est très élégante.',
      'Mañana llegará el señor Muñoz.',
      'A ação do coração é rápida, disse o João.',
      'Perché la città è così bella?',
      '来年度の予算の見直しについて相談したいです。',
    ])
    const cases: [string, number, string][] = [
      ['strasse', 0, 'Straße'],
      ['Grossenord', 0, 'Größenordnung'],
      ['ubersichtlich', 0, 'übersichtlich'],
      ['ecole', 1, 'école'],
      ['elegant', 1, 'élégante'],
      ['manana', 2, 'Mañana'],
      ['munoz', 2, 'Muñoz'],
      ['coracao', 3, 'coração'],
      ['acao', 3, 'ação'],
      ['citta', 4, 'città'],
      ['perche', 4, 'Perché'],
      ['見直し', 5, '見直し'],
      ['予算', 5, '予算'],
    ]
    for (const [q, index, word] of cases) {
      const found = await items(alice, q)
      expect({ q, ids: messageIds(found) }).toEqual({ q, ids: [ids[index]!] })
      expect(marked(found[0]!)).toContain(word)
    }
    // Japanese characters in another order are another word.
    expect(await items(alice, '算予')).toEqual([])
  })

  test('a quoted phrase matches its words in that order only; an unclosed quote is a phrase being typed', async () => {
    const { ids } = await seed(alice, 'Reviews', [
      'Schedule the quarterly budget review.',
      'The budget needs a quarterly look.',
    ])
    expect(messageIds(await items(alice, '"quarterly budget"'))).toEqual([ids[0]!])
    expect(messageIds(await items(alice, '"quarterly budg'))).toEqual([ids[0]!])
    // A short last word: the index is asked for "quarterly" alone, and each row for the phrase.
    expect(messageIds(await items(alice, '"quarterly bu'))).toEqual([ids[0]!])
    expect(messageIds(await items(alice, '"budget ne'))).toEqual([ids[1]!])
    expect(messageIds(await items(alice, 'quarterly budget')).sort()).toEqual([...ids].sort())
  })

  test('words joined by punctuation match as typed: hyphens, elisions, addresses, numbers, versions, links', async () => {
    // Every word in the index starts with its owner's key (migration 0032): what the parser makes of
    // punctuation must come out the same for the text and for the query.
    const { ids } = await seed(alice, 'Punctuation', [
      'Send an e-mail to anna.berg@example.com about the C++ port.',
      "L'été dernier, we didn't ship v2.1.0 or 3.5 of https://docs.example.org/guide.",
    ])
    const cases: [string, number][] = [
      ['e-mail', 0],
      ['email', -1],
      ['"e-mail to"', 0],
      ['anna.berg@example.com', 0],
      ['c++ port', 0],
      ['ete', 1],
      ["l'été", 1],
      ["didn't", 1],
      ['v2.1.0', 1],
      ['3.5', 1],
      ['docs.example.org', 1],
    ]
    for (const [q, index] of cases)
      expect({ q, ids: messageIds(await items(alice, `${q} `)) }).toEqual({
        q,
        ids: index < 0 ? [] : [ids[index]!],
      })
  })

  test('titles count: a title match comes before message matches and has no message', async () => {
    const { chatId, ids } = await seed(alice, 'Hiking in the Dolomites', ['Which hut?', 'The Dolomites hut.'])
    const found = await items(alice, 'dolomites')
    expect(found[0]).toEqual({
      chat: { id: chatId, title: 'Hiking in the Dolomites', archived: false },
      message: null,
    })
    expect(messageIds(found)).toEqual([ids[1]!])
  })
})

test('an archived chat is found by its title and its messages, marked as archived', async () => {
  const { chatId, ids } = await seed(alice, 'Archived okapi notes', ['Okapi colours?', 'Okapis are brown.'])
  await t.as(alice).api.chats({ id: chatId }).patch({ archived: true })
  const found = await items(alice, 'okapi')
  expect(found[0]).toEqual({
    chat: { id: chatId, title: 'Archived okapi notes', archived: true },
    message: null,
  })
  expect(messageIds(found).sort()).toEqual([...ids].sort())
  expect(found.every((item) => item.chat.archived)).toBe(true)
  // Restored, it is no longer marked.
  await t.as(alice).api.chats({ id: chatId }).patch({ archived: false })
  expect((await items(alice, 'okapi')).map((item) => item.chat.archived)).toEqual([false, false, false])
})

describe('replies', () => {
  test('a reply still streaming is found once it has ended', async () => {
    const { chatId } = await seed(alice, 'Streaming', ['Tell me about narwhals'])
    const [reply] = await t.ctx.db
      .insert(messages)
      .values({
        chatId,
        userId: alice.id,
        content: 'Narwhals have a tusk',
        isUser: false,
        status: 'streaming',
      })
      .returning({ id: messages.id })
    expect(messageIds(await items(alice, 'tusk'))).toEqual([])
    await t.ctx.db.update(messages).set({ status: 'complete' }).where(eq(messages.id, reply!.id))
    expect(messageIds(await items(alice, 'tusk'))).toEqual([reply!.id])
  })
})

describe('order', () => {
  test('the better match first, then the newest among equals', async () => {
    const older = await seed(alice, 'One', ['A zeppelin flew by.'])
    const weak = await seed(alice, 'Two', ['Nothing about it, then a zeppelin; at the very end.'])
    const strong = await seed(alice, 'Three', ['Zeppelin, zeppelin, zeppelin: the zeppelin museum.'])
    const newer = await seed(alice, 'Four', ['A zeppelin flew by.'])
    const ids = messageIds(await items(alice, 'zeppelin'))
    expect(ids[0]).toBe(strong.ids[0]!)
    // Equal texts: the newer first.
    expect(ids.indexOf(newer.ids[0]!)).toBeLessThan(ids.indexOf(older.ids[0]!))
    expect(ids).toContain(weak.ids[0]!)
  })

  test('pages follow each other with the cursor, without repeats, and end', async () => {
    for (let index = 0; index < 5; index += 1) await seed(alice, `Page ${index}`, ['The walrus question.'])
    const first = await search(alice, 'walrus', { limit: 3 })
    expect(first.items).toHaveLength(3)
    expect(first.nextCursor).toBeString()
    const second = await search(alice, 'walrus', { limit: 3, cursor: first.nextCursor! })
    expect(second.items).toHaveLength(2)
    expect(second.nextCursor).toBeNull()
    const all = messageIds([...first.items, ...second.items])
    expect(new Set(all).size).toBe(5)
  })
})

test('the walk through the newest messages and the index find the same matches, in the same order', async () => {
  // src/search/search-data.ts reads a word the planner expects in thousands of messages by walking the
  // person's messages newest first, and a rarer one from the index; a test database is too small for
  // the planner to expect either, so both ways are asked for here, over more matches than are ranked.
  const [chat] = await t.ctx.db.insert(chats).values({ userId: alice.id, title: 'Colony' }).returning()
  const from = clock
  clock += (MAX_RANKED + 200) * 1000
  await t.ctx.db.insert(messages).values(
    Array.from({ length: MAX_RANKED + 200 }, (_, i) => ({
      chatId: chat!.id,
      userId: alice.id,
      content: i % 5 === 0 ? `Seal note ${i}` : `Walrus count ${i}: ${'walrus '.repeat(1 + (i % 4))}`,
      isUser: false,
      createdAt: new Date(from + (i + 1) * 1000),
    })),
  )
  const data = searchFor(t.ctx.database, { userId: alice.id } as never)
  for (const pieces of [[{ text: 'walrus', prefix: false }], [{ text: 'walr', prefix: true }]]) {
    const query = await data.tsquery(pieces)
    const fromIndex = await data.hits({ ...query, expected: 0 }, 50, 0)
    const walked = await data.hits({ ...query, expected: 1_000_000 }, 50, 0)
    expect(fromIndex.length).toBe(50)
    expect(walked).toEqual(fromIndex)
    // The second page too: the ranking covers the newest MAX_RANKED matches either way.
    expect(await data.hits({ ...query, expected: 1_000_000 }, 50, 150)).toEqual(
      await data.hits({ ...query, expected: 0 }, 50, 150),
    )
  }
  // The estimate of a query with no words is nothing, without asking the planner.
  const [empty] = await t.ctx.database.query<{ n: number }>("select parley_search_estimate(''::tsquery) as n")
  expect(Number(empty!.n)).toBe(0)
})

describe('branches', () => {
  test('a message in a branch that is not current is found and says so; one on the path says it is', async () => {
    const { chatId, ids } = await seed(alice, 'Trees', ['Plan a picnic', 'Bring sandwiches.'])
    // A regenerated answer beside the first one: the newest, so the current path runs through it.
    const [other] = await addPath(alice, chatId, ['Bring a quiche.'], ids[0]!)
    const sandwiches = (await items(alice, 'sandwiches'))[0]!
    expect(sandwiches.message).toMatchObject({ id: ids[1]!, on_current_path: false })
    const quiche = (await items(alice, 'quiche'))[0]!
    expect(quiche.message).toMatchObject({ id: other!, on_current_path: true })
    // Switching to the found branch makes it the current one.
    const branch = await t.as(alice).api.chats({ id: chatId }).branch.put({ messageId: ids[1]! })
    expect(branch.status).toBe(200)
    expect((await items(alice, 'sandwiches'))[0]!.message!.on_current_path).toBe(true)
  })
})

describe('isolation', () => {
  test("another person's chats and messages never appear, whatever the query", async () => {
    await seed(bob, 'Bob private flamingo', ['Bob writes about the flamingo secret.'])
    const mine = await seed(alice, 'Birds', ['Alice saw a flamingo.'])
    const found = await items(alice, 'flamingo')
    expect(found.map((item) => item.chat.id)).toEqual([mine.chatId])
    const bobsChats = new Set((await items(bob, 'flamingo')).map((item) => item.chat.id))
    for (const q of [
      'flam',
      '"flamingo secret"',
      'bob',
      'private',
      'secret',
      '*',
      'flamingo | bob',
      '!alice',
    ])
      for (const item of await items(alice, q)) expect(bobsChats.has(item.chat.id)).toBe(false)
    expect(await items(bob, 'alice')).toEqual([])
    expect(bobsChats.size).toBe(1)
  })
})

describe('bad input', () => {
  test('operators, stray quotes, punctuation and very long text answer 200 with results or none', async () => {
    await seed(alice, 'Operators', ['Budget & forecast | review! Note: <-> arrows.'])
    const hostile = [
      '!',
      '!budget',
      'budget & forecast',
      'budget | forecast',
      'budget:*',
      ':*',
      'budget <-> forecast',
      '<->',
      '"',
      '"""',
      '"budget',
      'budget"',
      "'",
      "budget's",
      '\\',
      '(budget',
      ')',
      '&&&|||!!!',
      '.,;:?!-_/\\()[]{}<>@#$%^*+=~`',
      '',
      '   ',
      '€€€ ‽ — …',
      'a'.repeat(10_000),
      'budget '.repeat(1_500),
      '" & | ! :* <-> '.repeat(700),
      '\u0000',
      '😀 budget 😀',
    ]
    for (const q of hostile) {
      const res = await t.as(alice).api.search.get({ query: { q } })
      expect({ q: q.slice(0, 40), status: res.status }).toEqual({ q: q.slice(0, 40), status: 200 })
      expect(res.data!.data.items).toBeArray()
    }
    // Operators are words' separators, not operators: the words still match.
    expect((await items(alice, 'budget & forecast')).length).toBe(1)
    expect((await items(alice, '!forecast')).length).toBe(1)
    expect((await items(alice, 'forecast:*')).length).toBe(1)
    expect((await items(alice, '"forecast | review')).length).toBe(1)
  })

  test('a forged cursor or a limit out of range is a 400 with a message; no session is a 401', async () => {
    expect(outcome(await t.as(alice).api.search.get({ query: { q: 'x', cursor: 'nonsense' } }))).toEqual({
      status: 400,
      body: { success: false, error: 'Invalid cursor', code: 'bad_request:cursor' },
    })
    const tooDeep = Buffer.from('search.999999').toString('base64url')
    expect((await t.as(alice).api.search.get({ query: { q: 'x', cursor: tooDeep } })).status).toBe(400)
    const big = await t.as(alice).api.search.get({ query: { q: 'x', limit: 51 } })
    expect(outcome(big)).toMatchObject({
      status: 400,
      body: { success: false, error: 'limit must be a whole number between 1 and 50' },
    })
    expect((await t.api.api.search.get({ query: { q: 'x' } })).status).toBe(401)
  })
})
