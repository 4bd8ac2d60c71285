/**
 * `bun run bench:search` (issue 28): 10,000 chats with 500,000 messages of mixed text in six
 * languages (bench/search-text.ts, the same every run), searched as someone types (each keystroke's
 * prefix query through the service the route calls: ranked hits, titles, snippets) on PGlite and on
 * the Postgres server, beside a plain ILIKE scan of the same data for the same keystrokes; the
 * index's size and build time, and what the index adds to a message insert: a question (the send
 * waits for it) and an answer (stored when the reply ends). Goals: search p95 ≤ 50 ms on PGlite,
 * ≤ 20 ms on Postgres; at most 1 ms added to a send at p95.
 * Env: BENCH_CHATS (10000), BENCH_MESSAGES_PER_CHAT (50), BENCH_ROUNDS (3), BENCH_ONLY (pglite |
 * postgres), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_SLOWEST=n names the n slowest keystrokes (median of the rounds, ms).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { type Database, openPglite } from '../db/client'
import { migrate } from '../db/migrate'
import { users } from '../db/schema'
import type { Actor } from '../src/auth/actor'
import { searchEverything } from '../src/search/service'
import { createTestDatabase } from '../src/test/db'
import { LANGUAGES, textGenerator } from './search-text'

const CHATS = Number(process.env.BENCH_CHATS ?? 10_000)
const PER_CHAT = Number(process.env.BENCH_MESSAGES_PER_CHAT ?? 50)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
/** How many of the slowest keystrokes to name after each figure (BENCH_SLOWEST, 0 by default). */
const SLOWEST = Number(process.env.BENCH_SLOWEST ?? 0)
const USERS = 20
/** The heavy user holds a fifth of everything (2,000 chats, 100,000 messages at the default size). */
const HEAVY_SHARE = 0.2
const GOALS = { pglite: 50, postgres: 20 }

/** What people type, keystroke by keystroke (from two characters on): words of each language. */
const TYPED = [
  'budget',
  'invoice',
  'quarterly review',
  'mathematics',
  'rechnung',
  'ubersicht',
  'presupuesto',
  'reunion',
  'fattura',
  'citta',
  '予算',
  '見直し',
  '"customer contract"',
]

function keystrokes(text: string): string[] {
  const out: string[] = []
  for (let end = 2; end <= text.length; end++) if (text[end - 1] !== ' ') out.push(text.slice(0, end))
  return out
}

const uuid = (kind: number, n: number) =>
  `00000000-0000-4000-8${kind.toString(16)}00-${n.toString(16).padStart(12, '0')}`
const csv = (value: string | null) => (value === null ? '' : `"${value.replaceAll('"', '""')}"`)

async function copy(database: Database, table: string, columns: string, lines: string[]) {
  const text = `${lines.join('\n')}\n`
  const statement = `copy ${table} (${columns}) from ${database.pglite ? "'/dev/blob'" : 'stdin'} with (format csv)`
  if (database.pglite) await database.pglite.query(statement, [], { blob: new Blob([text]) })
  else await pipeline(Readable.from([text]), await database.sql!.unsafe(statement).writable())
}

export async function seed(database: Database) {
  const began = performance.now()
  const owners: string[] = []
  for (let i = 0; i < USERS; i++) {
    const [user] = await database.db
      .insert(users)
      .values({ email: `bench-search-${i}-${crypto.randomUUID()}@example.com`, passwordHash: 'x' })
      .returning({ id: users.id })
    owners.push(user!.id)
  }
  // Loaded without the GIN index, which is built once at the end (its build time is a figure too).
  await database.exec('drop index messages_search_idx')
  const text = textGenerator(28)
  const start = Date.UTC(2025, 0, 1)
  const heavyChats = Math.round(CHATS * HEAVY_SHARE)
  let chatLines: string[] = []
  let messageLines: string[] = []
  let messageCount = 0
  for (let c = 0; c < CHATS; c++) {
    const owner = c < heavyChats ? owners[0]! : owners[1 + (c % (USERS - 1))]!
    const language = text.pickLanguage()
    const chatId = uuid(1, c)
    const chatTime = start + Math.floor(text.next() * 330 * 86_400_000)
    const title = text.sentence(language, 3 + Math.floor(text.next() * 4)).replace(/[.。]$/, '')
    chatLines.push(`${chatId},${owner},${csv(title.slice(0, 200))},${new Date(chatTime).toISOString()}`)
    let parent: string | null = null
    for (let m = 0; m < PER_CHAT; m++) {
      const isUser = m % 2 === 0
      const words = isUser ? 6 + Math.floor(text.next() * 25) : 25 + Math.floor(text.next() * 90)
      let content = ''
      while (content.length === 0 || (text.next() < 0.3 && content.length < 2000))
        content += `${content ? ' ' : ''}${text.sentence(language, Math.ceil(words / 2))}`
      const id = uuid(2, messageCount++)
      messageLines.push(
        `${id},${chatId},${parent ?? ''},${owner},${csv(content)},${isUser},${new Date(chatTime + m * 60_000).toISOString()}`,
      )
      parent = id
    }
    // The chats first: their messages refer to them.
    if (messageLines.length >= 25_000 || c === CHATS - 1) {
      await copy(database, 'chats', 'id, user_id, title, created_at', chatLines)
      await copy(
        database,
        'messages',
        'id, chat_id, parent_id, user_id, content, is_user, created_at',
        messageLines,
      )
      chatLines = []
      messageLines = []
    }
  }
  const loaded = performance.now()
  await database.exec("set maintenance_work_mem = '256MB'")
  await database.exec(
    'create index messages_search_idx on messages using gin (search) with (fastupdate = off)',
  )
  const indexed = performance.now()
  // As the embedded upkeep (docs/decisions/169) or a server's autovacuum would have done by the time
  // a person has this many messages: rows loaded a minute ago have their visibility still unset,
  // and the first searches would pay for setting it and writing the pages back.
  await database.exec('vacuum analyze')
  return {
    heavy: { userId: owners[0]! } as Actor,
    typical: { userId: owners[1]! } as Actor,
    loadSeconds: (loaded - began) / 1000,
    indexSeconds: (indexed - loaded) / 1000,
  }
}

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! }
}
const ms = (value: number) => value.toFixed(1).padStart(6)

async function timeQueries(queries: string[], run: (q: string) => Promise<number>) {
  for (const q of queries) await run(q)
  const times: number[] = []
  const byQuery = new Map<string, number[]>()
  let found = 0
  for (let round = 0; round < ROUNDS; round++)
    for (const q of queries) {
      const began = performance.now()
      found += await run(q)
      const took = performance.now() - began
      times.push(took)
      byQuery.set(q, [...(byQuery.get(q) ?? []), took])
    }
  // The keystrokes slowest at their median over the rounds: what the tail is made of.
  const slowest = [...byQuery]
    .map(([q, taken]) => ({ q, median: percentiles(taken).p50 }))
    .sort((a, b) => b.median - a.median)
    .slice(0, SLOWEST)
  return { ...percentiles(times), found: found / ROUNDS / queries.length, slowest }
}

/** The same keystrokes as the plain scan a search without the index would be (newest 21 matches). */
function ilike(database: Database, actor: Actor) {
  return async (q: string) => {
    const words = q.replaceAll('"', '').split(/\s+/).filter(Boolean)
    const conditions = words.map((_, i) => `m.content ilike $${i + 2}`).join(' and ')
    const rows = await database.query(
      `select m.id, m.chat_id, m.content from messages m where m.user_id = $1 and ${conditions}
        order by m.created_at desc limit 21`,
      [actor.userId, ...words.map((word) => `%${word}%`)],
    )
    return rows.length
  }
}

/**
 * What a message insert costs: a question (6–30 words, the send's own insert, before its 202) and an
 * answer (25–115 words, stored when the reply ends, after the send has answered).
 */
async function insertCost(database: Database, actor: Actor) {
  const text = textGenerator(99)
  const chat = await database.query<{ id: string }>('select id from chats where user_id = $1 limit 1', [
    actor.userId,
  ])
  const times = { question: [] as number[], answer: [] as number[] }
  for (let i = 0; i < 640; i++) {
    const isUser = i % 2 === 0
    const words = isUser ? 6 + Math.floor(text.next() * 25) : 25 + Math.floor(text.next() * 90)
    const content = text.sentence(text.pickLanguage(), words)
    const began = performance.now()
    await database.query(
      'insert into messages (chat_id, user_id, content, is_user) values ($1, $2, $3, $4) returning id',
      [chat[0]!.id, actor.userId, content, isUser],
    )
    if (i >= 40) times[isUser ? 'question' : 'answer'].push(performance.now() - began)
  }
  return { question: percentiles(times.question), answer: percentiles(times.answer) }
}

async function measure(name: 'pglite' | 'postgres', database: Database) {
  const seeded = await seed(database)
  const [size] = await database.query<{ index: string; column: string; table: string; messages: string }>(
    `select pg_size_pretty(pg_relation_size('messages_search_idx')) as index,
      pg_size_pretty(sum(pg_column_size(search))) as column,
      pg_size_pretty(pg_total_relation_size('messages')) as table, count(*)::text as messages from messages`,
  )
  console.log(
    `${name}: ${size!.messages} messages in ${CHATS} chats loaded in ${seeded.loadSeconds.toFixed(0)} s; ` +
      `GIN index built in ${seeded.indexSeconds.toFixed(0)} s: index ${size!.index}, tsvectors ${size!.column}, messages table in all ${size!.table}`,
  )
  const queries = TYPED.flatMap(keystrokes)
  for (const [who, actor] of [
    ['heavy user (a fifth of all)', seeded.heavy],
    [`typical user (1/${USERS - 1} of the rest)`, seeded.typical],
  ] as const) {
    const search = await timeQueries(queries, async (q) => {
      const result = await searchEverything({ database }, actor, { q, limit: 20 })
      return result.items.length
    })
    const scan = await timeQueries(queries, ilike(database, actor))
    console.log(
      `  ${who}: search p50 ${ms(search.p50)} ms, p95 ${ms(search.p95)} ms, max ${ms(search.max)} ms ` +
        `(goal p95 ≤ ${GOALS[name]}; ${search.found.toFixed(1)} results a keystroke) | ` +
        `ILIKE scan p50 ${ms(scan.p50)} ms, p95 ${ms(scan.p95)} ms, max ${ms(scan.max)} ms`,
    )
    if (search.slowest.length > 0)
      console.log(
        `    slowest: ${search.slowest.map(({ q, median }) => `${q} ${median.toFixed(1)}`).join(', ')}`,
      )
  }
  const withIndex = await insertCost(database, seeded.typical)
  await database.exec('drop index messages_search_idx')
  await database.exec('alter table messages drop column search')
  const without = await insertCost(database, seeded.typical)
  for (const kind of ['question', 'answer'] as const)
    console.log(
      `  ${kind} insert: p50 ${ms(withIndex[kind].p50)} ms, p95 ${ms(withIndex[kind].p95)} ms with the search column and index | ` +
        `p50 ${ms(without[kind].p50)} ms, p95 ${ms(without[kind].p95)} ms without: ${(withIndex[kind].p95 - without[kind].p95).toFixed(2)} ms added at p95`,
    )
}

if (import.meta.main) {
  console.log(
    `bench:search, ${LANGUAGES.length} languages, ${ROUNDS} rounds of ${TYPED.flatMap(keystrokes).length} keystrokes`,
  )
  if (process.env.BENCH_ONLY !== 'postgres') {
    const dir = await mkdtemp(join(tmpdir(), 'parley-bench-search-'))
    const pglite = await openPglite(join(dir, 'pg'))
    await migrate(pglite)
    await measure('pglite', pglite)
    await pglite.close()
    await rm(dir, { recursive: true, force: true })
  }
  if (process.env.BENCH_ONLY !== 'pglite') {
    process.env.TEST_DATABASE_URL ??=
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
    const server = await createTestDatabase()
    await measure('postgres', server)
    await server.close()
  }
}
