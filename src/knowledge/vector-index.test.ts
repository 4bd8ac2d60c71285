import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { openPglite } from '../../db/client'
import { migrate } from '../../db/migrate'
import { knowledgeBase, knowledgeChunks, users } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { ensureVectorIndex, searchKnowledge, searchStatement, vectorIndexName } from './knowledge-data'

/*
 * The HNSW index's shape is in its name (docs/decisions/129): a database whose index was built with
 * other parameters gets it rebuilt, one built with the defaults by an earlier release keeps it, and
 * the search orders by whichever index expression the shape says. pgvector: PGlite only.
 */
const vectors = process.env.TEST_DATABASE_URL === undefined
const halfvec = { type: 'halfvec', m: 8, efConstruction: 32 } as const
const bit = { type: 'bit', m: 16, efConstruction: 64 } as const

let database: Database
let actor: Actor

beforeAll(async () => {
  if (!vectors) return
  database = await openPglite()
  await migrate(database)
  const [user] = await database.db
    .insert(users)
    .values({ email: 'a@example.com', passwordHash: 'x' })
    .returning()
  actor = { userId: user!.id, realUserId: user!.id, sessionId: '', role: 'user', impersonation: null }
  const entries = await database.db
    .insert(knowledgeBase)
    .values(
      ['north', 'east', 'west'].map((title) => ({
        userId: user!.id,
        title,
        content: title,
        indexStatus: 'ready' as const,
      })),
    )
    .returning()
  await database.db.insert(knowledgeChunks).values([
    { entryId: entries[0]!.id, ordinal: 0, content: 'north', embedding: [0, 1, 0] },
    { entryId: entries[1]!.id, ordinal: 0, content: 'east', embedding: [1, 0, 0] },
    { entryId: entries[2]!.id, ordinal: 0, content: 'west', embedding: [-1, 0.1, 0] },
  ])
}, 60_000)
afterAll(async () => {
  if (vectors) await database.close()
})

async function indexes() {
  return database.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes where indexname like 'knowledge_chunks_embedding_hnsw_%'`,
  )
}

describe.if(vectors)('the HNSW index', () => {
  test('the defaults keep the name earlier releases gave the index', async () => {
    expect(vectorIndexName(3)).toBe('knowledge_chunks_embedding_hnsw_3')
    expect(await ensureVectorIndex(database, 3)).toBe('created')
    expect(await ensureVectorIndex(database, 3)).toBe('exists')
  })

  test('binary quantization: the index orders by Hamming distance, the exact distance ranks', async () => {
    expect(await ensureVectorIndex(database, 3, bit)).toBe('created')
    const [index, ...others] = await indexes()
    expect(others).toEqual([])
    expect(index!.definition).toContain('binary_quantize')
    expect(index!.definition).toContain('bit_hamming_ops')
    expect(index!.name).toBe('knowledge_chunks_embedding_hnsw_3_bit_m16_ef64')
    const params = {
      text: '',
      vector: [0.9, 0.1, 0],
      dimensions: 3,
      minSimilarity: 0,
      limit: 10,
      candidates: 40,
      index: bit,
    }
    const plan = await database.db.transaction(async (tx) => {
      const { query } = searchStatement(tx, actor, params)
      await tx.execute(sql`set local enable_seqscan = off`)
      return tx.execute(sql`explain ${query.getSQL()}`)
    })
    expect(JSON.stringify(plan)).toContain(index!.name)
    // The query's sign bits are 110, north's 010 and east's 100: both one bit away, the exact distance
    // orders them (west, 010 too, is below min_similarity 0).
    const rows = await searchKnowledge(database.db, actor, params)
    expect(rows.map((row) => row.entry.title)).toEqual(['east', 'north'])
    expect(rows[0]!.similarity).toBeCloseTo(0.9 / Math.hypot(0.9, 0.1), 6)
  })

  test("neighbours that are all another user's private chunks do not starve the search (both shapes)", async () => {
    const [other] = await database.db
      .insert(users)
      .values({ email: 'b@example.com', passwordHash: 'x' })
      .returning()
    const hidden = await database.db
      .insert(knowledgeBase)
      .values(
        Array.from({ length: 30 }, (_, n) => ({
          userId: other!.id,
          title: `hidden ${n}`,
          content: 'hidden',
          indexStatus: 'ready' as const,
        })),
      )
      .returning()
    // 300 private chunks right around the query (its sign bits and nearly its direction).
    await database.db.insert(knowledgeChunks).values(
      hidden.flatMap((entry, e) =>
        Array.from({ length: 10 }, (_, ordinal) => ({
          entryId: entry.id,
          ordinal,
          content: 'hidden',
          embedding: [0.9, 0.1 + (e * 10 + ordinal) / 10_000, 0.001],
        })),
      ),
    )
    for (const shape of [bit, undefined]) {
      if (shape === undefined) expect(await ensureVectorIndex(database, 3)).toBe('created')
      const params = {
        text: '',
        vector: [0.9, 0.1, 0.001],
        dimensions: 3,
        minSimilarity: 0,
        limit: 10,
        candidates: 5,
        rerank: 20,
        efSearch: 20,
        index: shape,
      }
      const { rows, plan } = await database.db.transaction(async (tx) => {
        const { settings, query } = searchStatement(tx, actor, params)
        for (const setting of settings) await tx.execute(setting)
        await tx.execute(sql`set local enable_seqscan = off`)
        const plan = await tx.execute(sql`explain ${query.getSQL()}`)
        return { rows: await query, plan }
      })
      expect(JSON.stringify(plan)).toContain(vectorIndexName(3, shape))
      // The index walked past all 300 (more than `rerank` and ef_search) to the user's own entries.
      expect(rows.map((row) => row.entry.title)).toEqual(['east', 'north'])
    }
  })

  test('another shape replaces the index, and the search orders by its expression', async () => {
    expect(await ensureVectorIndex(database, 3, halfvec)).toBe('created')
    const [index, ...others] = await indexes()
    expect(others).toEqual([])
    expect(index!.name).toBe('knowledge_chunks_embedding_hnsw_3_halfvec_m8_ef32')
    expect(index!.definition).toContain('halfvec_cosine_ops')
    expect(index!.definition).toContain("m='8'")

    const params = {
      text: '',
      vector: [0.9, 0.1, 0],
      dimensions: 3,
      minSimilarity: 0,
      limit: 10,
      candidates: 40,
    }
    const plan = await database.db.transaction(async (tx) => {
      const { query } = searchStatement(tx, actor, { ...params, index: halfvec })
      // Three rows: without this the planner rightly prefers a sequential scan.
      await tx.execute(sql`set local enable_seqscan = off`)
      return tx.execute(sql`explain ${query.getSQL()}`)
    })
    expect(JSON.stringify(plan)).toContain(index!.name)
    const rows = await searchKnowledge(database.db, actor, { ...params, index: halfvec })
    expect(rows.map((row) => row.entry.title)).toEqual(['east', 'north']) // west: below min_similarity 0
    // The similarity is the exact one (full precision), not the index's half-precision distance.
    expect(rows[0]!.similarity).toBeCloseTo(0.9 / Math.hypot(0.9, 0.1), 6)
  })
})
