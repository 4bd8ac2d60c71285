/**
 * `bun run bench:knowledge`: knowledge search on the embedded database (PGlite with pgvector, in
 * this process, in memory). Loads BENCH_CHUNKS chunks (default 100,000) of BENCH_DIMS dimensions
 * (default 1536) under BENCH_CHUNKS / 10 entries of two users, half of them shared, builds the HNSW
 * index, then runs BENCH_QUERIES searches:
 *
 *   - the product's whole search query (src/knowledge/knowledge-data.ts searchKnowledge: vectors
 *     and full text fused in one SQL query, visibility filter, 10 results): p50 / p95 / p99;
 *   - the vector side alone through the HNSW index vs an exact scan in the same run: recall@10.
 *
 * Vectors are synthetic but clustered like real embeddings (BENCH_CLUSTERS centres, each vector a
 * centre plus noise, normalised); queries are perturbed copies of stored vectors. Uniformly random
 * vectors would be the worst case for any ANN index and are not what embeddings look like.
 * Goals (issue 12): p95 ≤ 20 ms, recall@10 ≥ 0.95.
 */
import { sql } from 'drizzle-orm'
import { openPglite } from '../db/client'
import { migrate } from '../db/migrate'
import { knowledgeBase, knowledgeChunks, users } from '../db/schema'
import type { Actor } from '../src/auth/actor'
import { ensureVectorIndex, searchKnowledge } from '../src/knowledge/knowledge-data'

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 100_000)
const DIMS = Number(process.env.BENCH_DIMS ?? 1536)
const QUERIES = Number(process.env.BENCH_QUERIES ?? 100)
const CLUSTERS = Number(process.env.BENCH_CLUSTERS ?? 200)
const EF_SEARCH = Number(process.env.BENCH_EF_SEARCH ?? 100)
const CHUNKS_PER_ENTRY = 10
/** A vocabulary of 2,000 made-up words; each chunk uses twelve of them, so a word is in ~0.6 % of chunks. */
const WORDS = Array.from({ length: 2000 }, (_, i) => `w${i.toString(36)}x`)
const wordsOf = (n: number) =>
  Array.from({ length: 12 }, (_, k) => WORDS[(n * 31 + k * 197) % WORDS.length]).join(' ')

// A small deterministic generator, so runs compare.
let seed = 42
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
  return seed / 2 ** 31
}
function gaussian(): number {
  return Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random())
}
function normalise(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1
  return vector.map((value) => Math.fround(value / norm))
}
const centres = Array.from({ length: CLUSTERS }, () => normalise(Array.from({ length: DIMS }, gaussian)))
function vectorNear(centre: number[], spread: number): number[] {
  return normalise(centre.map((value) => value + (gaussian() * spread) / Math.sqrt(DIMS)))
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

async function main() {
  console.log(`bench:knowledge: ${CHUNKS.toLocaleString('en')} chunks × ${DIMS} dims, ${QUERIES} queries`)
  const database = await openPglite()
  await migrate(database)
  const db = database.db
  const [alice, bob] = await db
    .insert(users)
    .values([
      { email: 'alice@example.com', passwordHash: 'x' },
      { email: 'bob@example.com', passwordHash: 'x' },
    ])
    .returning()
  const actor: Actor = {
    userId: alice!.id,
    realUserId: alice!.id,
    sessionId: '',
    role: 'user',
    impersonation: null,
  }

  const loadStart = performance.now()
  const stored: number[][] = []
  const entryCount = Math.ceil(CHUNKS / CHUNKS_PER_ENTRY)
  for (let first = 0; first < entryCount; first += 200) {
    const batch = Array.from({ length: Math.min(200, entryCount - first) }, (_, i) => first + i)
    const entries = await db
      .insert(knowledgeBase)
      .values(
        batch.map((n) => ({
          userId: n % 2 === 0 ? alice!.id : bob!.id,
          isShared: n % 4 === 1,
          title: `Entry ${n} about ${WORDS[n % WORDS.length]}`,
          content: `Entry ${n} text about ${WORDS[n % WORDS.length]} and ${WORDS[(n * 7) % WORDS.length]}.`,
          indexStatus: 'ready' as const,
          tags: [WORDS[n % WORDS.length]!],
        })),
      )
      .returning({ id: knowledgeBase.id })
    const rows = entries.flatMap((entry, index) =>
      Array.from({ length: CHUNKS_PER_ENTRY }, (_, ordinal) => {
        const n = (first + index) * CHUNKS_PER_ENTRY + ordinal
        const embedding = vectorNear(centres[n % CLUSTERS]!, 1.0)
        if (stored.length < QUERIES * 20) stored.push(embedding)
        return {
          entryId: entry.id,
          ordinal,
          content: `Chunk ${n}: ${wordsOf(n)}`,
          embedding,
        }
      }),
    )
    // Parameters per statement are limited; 20 rows of 1536 floats each go as one array literal per row.
    for (let start = 0; start < rows.length; start += 100)
      await db.insert(knowledgeChunks).values(rows.slice(start, start + 100))
    if ((first / 200) % 10 === 0)
      process.stdout.write(
        `\r  loaded ${Math.min((first + 200) * CHUNKS_PER_ENTRY, CHUNKS).toLocaleString('en')} chunks`,
      )
  }
  const loadMs = performance.now() - loadStart
  console.log(`\r  loaded ${CHUNKS.toLocaleString('en')} chunks in ${(loadMs / 1000).toFixed(1)} s`)

  const indexStart = performance.now()
  await database.exec(`set maintenance_work_mem = '512MB'`)
  await ensureVectorIndex(database, DIMS)
  const indexMs = performance.now() - indexStart
  console.log(`  HNSW index (m=16, ef_construction=64) built in ${(indexMs / 1000).toFixed(1)} s`)
  await database.exec('analyze knowledge_chunks; analyze knowledge_base')

  const queries = Array.from({ length: QUERIES }, (_, i) =>
    vectorNear(stored[(i * 17) % stored.length]!, 0.5),
  )
  const n = sql.raw(String(DIMS))
  const literal = (vector: number[]) => `[${vector.join(',')}]`

  // The product's whole query (both sides, visibility filter, fusion), warmed up first.
  for (const query of queries.slice(0, 5))
    await searchKnowledge(db, actor, {
      text: 'travel policy',
      vector: query,
      dimensions: DIMS,
      minSimilarity: 0,
      limit: 10,
      candidates: 40,
      efSearch: EF_SEARCH,
    })
  const times: number[] = []
  for (const [i, query] of queries.entries()) {
    const started = performance.now()
    await searchKnowledge(db, actor, {
      text: `${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 13 + 5) % WORDS.length]}`,
      vector: query,
      dimensions: DIMS,
      minSimilarity: 0,
      limit: 10,
      candidates: 40,
      efSearch: EF_SEARCH,
    })
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)

  // Recall@10 of the vector side: HNSW (iterative scan, same ef_search) vs an exact scan, same run.
  let found = 0
  const annTimes: number[] = []
  for (const query of queries) {
    const q = literal(query)
    const top = async (exact: boolean) =>
      db.transaction(async (tx) => {
        if (exact) await tx.execute(sql`set local enable_indexscan = off`)
        else {
          await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`)
          await tx.execute(sql.raw(`set local hnsw.ef_search = ${EF_SEARCH}`))
        }
        const started = performance.now()
        const result = await tx.execute(
          sql`select id from knowledge_chunks order by embedding::vector(${n}) <=> ${q}::vector(${n}) limit 10`,
        )
        if (!exact) annTimes.push(performance.now() - started)
        return ((result as unknown as { rows: { id: string }[] }).rows ?? []).map((row) => row.id)
      })
    const exact = new Set(await top(true))
    for (const id of await top(false)) if (exact.has(id)) found += 1
  }
  annTimes.sort((a, b) => a - b)
  const recall = found / (queries.length * 10)
  const plan = await database.query<{ 'QUERY PLAN': string }>(
    `explain select id from knowledge_chunks order by embedding::vector(${DIMS}) <=> '${literal(queries[0]!)}'::vector(${DIMS}) limit 10`,
  )
  const usesIndex = plan.some((row) => row['QUERY PLAN'].includes('knowledge_chunks_embedding_hnsw'))
  if (process.env.BENCH_PLAN) console.log(plan.map((row) => row['QUERY PLAN']).join('\n'))

  console.log('')
  console.log(`| figure (${CHUNKS.toLocaleString('en')} chunks × ${DIMS} dims) | measured | goal |`)
  console.log('|---|---|---|')
  console.log(`| load (insert chunks + embeddings) | ${(loadMs / 1000).toFixed(1)} s | — |`)
  console.log(`| HNSW index build | ${(indexMs / 1000).toFixed(1)} s | — |`)
  console.log(
    `| search (whole hybrid query) p50 / p95 / p99 | ${fmt(pct(times, 50))} / ${fmt(pct(times, 95))} / ${fmt(pct(times, 99))} | p95 ≤ 20 ms |`,
  )
  console.log(
    `| vector side alone (HNSW) p50 / p95 | ${fmt(pct(annTimes, 50))} / ${fmt(pct(annTimes, 95))} | — |`,
  )
  console.log(`| recall@10 vs exact (ef_search ${EF_SEARCH}) | ${recall.toFixed(3)} | ≥ 0.95 |`)
  console.log(`| plan uses the HNSW index | ${usesIndex ? 'yes' : 'NO'} | yes |`)
  await database.close()
}

await main()
