/**
 * `bun run bench:branches` (issue 27): a 1,000-message chat with 50 branches, its current path read
 * as `GET /api/chats/:id/messages` reads it (one statement: the path's ids by a recursive walk up
 * `parent_id`, each row with its siblings and usage; messages-data.ts `page`), beside the plain
 * newest-first read of the same chat's latest 50 rows that the list was before trees, on PGlite
 * and on the Postgres server, in the same run. Goal: path read p95 ≤ 10 ms.
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_READS (300).
 */
import { desc, eq } from 'drizzle-orm'
import { type Database, openPglite } from '../db/client'
import { migrate } from '../db/migrate'
import { chats, messages, users } from '../db/schema'
import type { Actor } from '../src/auth/actor'
import { messagesFor } from '../src/messages/messages-data'
import { createTestDatabase } from '../src/test/db'

const READS = Number(process.env.BENCH_READS ?? 300)
const GOAL_P95_MS = 10

async function seed(database: Database) {
  const { db } = database
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${crypto.randomUUID()}@example.com`, passwordHash: 'x' })
    .returning()
  const [chat] = await db.insert(chats).values({ userId: user!.id, title: 'Long' }).returning()
  // A trunk of 1,000 messages; every 20th answer has a sibling with its own 1-message branch under
  // it (50 branches), so siblings exist all along the path.
  const rows: (typeof messages.$inferInsert)[] = []
  const start = Date.UTC(2026, 0, 1)
  let parent: string | null = null
  for (let i = 0; i < 1000; i++) {
    const id = crypto.randomUUID()
    rows.push({
      id,
      chatId: chat!.id,
      userId: user!.id,
      parentId: parent,
      isUser: i % 2 === 0,
      content: `Message ${i} `.repeat(20),
      createdAt: new Date(start + i * 1000),
    })
    if (i % 20 === 1) {
      const sibling = crypto.randomUUID()
      rows.push({
        id: sibling,
        chatId: chat!.id,
        userId: user!.id,
        parentId: parent,
        isUser: false,
        content: 'Another answer',
        createdAt: new Date(start + i * 1000 + 1),
      })
      rows.push({
        chatId: chat!.id,
        userId: user!.id,
        parentId: sibling,
        isUser: true,
        content: 'A follow-up on the other answer',
        createdAt: new Date(start + i * 1000 + 2),
      })
    }
    parent = id
  }
  // The person's other chats (bench:api's user has thousands): a read must not scan them.
  const others = await db
    .insert(chats)
    .values(Array.from({ length: 4000 }, (_, i) => ({ userId: user!.id, title: `Other ${i}` })))
    .returning({ id: chats.id })
  for (const other of others) {
    const question = crypto.randomUUID()
    rows.push(
      {
        id: question,
        chatId: other.id,
        userId: user!.id,
        isUser: true,
        content: 'Hi',
        createdAt: new Date(start),
      },
      {
        chatId: other.id,
        userId: user!.id,
        parentId: question,
        isUser: false,
        content: 'Hello',
        createdAt: new Date(start + 1),
      },
    )
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(messages).values(rows.slice(i, i + 500))
  // The trunk's end is the current leaf (the newest message is a branch's follow-up).
  await db.update(chats).set({ currentLeafId: parent }).where(eq(chats.id, chat!.id))
  return { actor: { userId: user!.id } as Actor, chatId: chat!.id }
}

async function timed(read: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await read()
  const times: number[] = []
  for (let i = 0; i < READS; i++) {
    const began = performance.now()
    await read()
    times.push(performance.now() - began)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2)
  return { p50: at(0.5), p95: at(0.95) }
}

async function measure(name: string, database: Database) {
  const { actor, chatId } = await seed(database)
  const rows = messagesFor(database.db, actor)
  const page = await rows.page(chatId, { limit: 50 })
  if (page.page.length !== 50 || !page.page.some((row) => row.siblingIds.length > 1))
    throw new Error('the path read did not answer the trunk with its siblings')
  const path = await timed(() => rows.page(chatId, { limit: 50 }))
  const plain = await timed(() =>
    database.db
      .select()
      .from(messages)
      .where(eq(messages.chatId, chatId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(50),
  )
  console.log(
    `${name.padEnd(9)} path read (50 of 1,000, siblings, usage): p50 ${path.p50} ms, p95 ${path.p95} ms ` +
      `(goal ≤ ${GOAL_P95_MS}) | plain list read: p50 ${plain.p50} ms, p95 ${plain.p95} ms`,
  )
}

const pglite = await openPglite()
await migrate(pglite)
await measure('PGlite', pglite)
await pglite.close()

process.env.TEST_DATABASE_URL ??=
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const server = await createTestDatabase()
await measure('Postgres', server)
await server.close()
