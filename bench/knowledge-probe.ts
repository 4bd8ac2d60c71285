/**
 * Probe for decision 138: on a database bench:knowledge kept (BENCH_DATA_DIR, its BENCH_CHUNKS /
 * BENCH_DATA), where a whole search's time goes: the vector literal's parse by its digits, the
 * statement's planning and execution with page counts (EXPLAIN (ANALYZE, BUFFERS)), and the whole
 * search's CPU time per variant, interleaved. Not a product bench.
 */
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { openPglite } from '../db/client'
import { users } from '../db/schema'
import type { Actor } from '../src/auth/actor'
import { searchKnowledge, searchStatement } from '../src/knowledge/knowledge-data'
import { vectorSet } from './knowledge-vectors'

const DIMS = 1536
const QUERIES = Number(process.env.BENCH_QUERIES ?? 100)
const vectors = vectorSet(process.env.BENCH_DATA ?? 'clustered', DIMS, 200, 32)
const stored: number[][] = []
// The bench draws every chunk's vector before its queries (one generator): the same here.
for (let n = 0; n < Number(process.env.BENCH_CHUNKS ?? 100_000); n++) {
  const { source } = vectors.vector(n)
  if (stored.length < QUERIES * 20) stored.push(source)
}
const queries = Array.from({ length: QUERIES }, (_, i) =>
  vectors.queryNear(stored[(i * 17) % stored.length]!),
)
const WORDS = Array.from({ length: 2000 }, (_, i) => `w${i.toString(36)}x`)
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ')
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2)
}

const database = await openPglite(process.env.BENCH_DATA_DIR)
const db = database.db
const pg = database.pglite!
const [alice] = await db.select().from(users).orderBy(users.email)
const actor: Actor = {
  userId: alice!.id,
  realUserId: alice!.id,
  sessionId: '',
  role: 'user',
  impersonation: null,
}
const search = (i: number, vector: number[]) => ({
  text: `${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 13 + 5) % WORDS.length]}`,
  vector,
  dimensions: DIMS,
  minSimilarity: 0,
  limit: 10,
  candidates: 40,
  efSearch: 100,
})
const cpuOf = async (run: () => Promise<unknown>) => {
  const cpu = process.cpuUsage()
  await run()
  const used = process.cpuUsage(cpu)
  return (used.user + used.system) / 1000
}
const p9 = (vector: number[]) => vector.map((value) => Number(Math.fround(value).toPrecision(9)))

const mode = process.env.PROBE ?? 'parse,explain,ab'
if (mode.includes('parse')) {
  const variants: Record<string, (v: number[]) => string> = {
    full: (v) => `[${v.join(',')}]`,
    p9: (v) => `[${p9(v).join(',')}]`,
    p6: (v) => `[${v.map((x) => Number(x.toPrecision(6))).join(',')}]`,
  }
  for (let round = 0; round < 2; round++)
    for (const [name, literal] of Object.entries(variants)) {
      const times: number[] = []
      for (const q of queries) {
        const text = literal(q)
        times.push(await cpuOf(() => pg.query(`select ($1::vector(${DIMS})) is not null`, [text])))
      }
      console.log(
        `parse ${name} (${literal(queries[0]!).length} chars): CPU p50 ${pct(times, 50)} ms  load ${loadAverage()}`,
      )
    }
  const text = (v: number[]) => `[${v.join(',')}]`
  const times: number[] = []
  for (const q of queries) times.push(await cpuOf(() => pg.query(`select length($1::text)`, [text(q)])))
  console.log(`length($1::text) only: CPU p50 ${pct(times, 50)} ms`)
}

if (mode.includes('explain')) {
  const lines: string[] = []
  for (let i = 0; i < Number(process.env.PROBE_EXPLAIN ?? 10); i++) {
    await db.transaction(async (tx) => {
      const { settings, query } = searchStatement(tx, actor, search(i, queries[i]!))
      for (const setting of settings) await tx.execute(setting)
      const result = (await tx.execute(sql`explain (analyze, buffers) ${query.getSQL()}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[]
      }
      const plan = result.rows.map((row) => row['QUERY PLAN'])
      if (i === 0 && process.env.PROBE_PLAN) console.log(plan.join('\n'))
      const top = plan.find((line) => line.includes('Buffers')) ?? ''
      const hnsw = plan.findIndex((line) => line.includes('Index Scan using knowledge_chunks_embedding'))
      const hnswBuffers = hnsw >= 0 ? plan.slice(hnsw).find((line) => line.includes('Buffers')) : ''
      const timing = plan
        .filter((line) => /Planning Time|Execution Time/.test(line))
        .map((line) => line.trim())
      lines.push(
        `q${i}: ${timing.join(', ')}; total ${top.trim()}; hnsw ${hnswBuffers?.trim()} ${plan[hnsw]?.match(/actual time=[^ ]+ rows=\d+/)?.[0] ?? ''}`,
      )
    })
  }
  console.log(lines.join('\n'))
}

if (mode.includes('ab')) {
  // Interleaved: the whole search as the product runs it, with the vector as given and in 9 digits.
  const variants: Record<string, (i: number) => Promise<unknown>> = {
    full: (i) => searchKnowledge(db, actor, search(i, queries[i]!)),
    p9: (i) => searchKnowledge(db, actor, search(i, p9(queries[i]!))),
  }
  const cpu: Record<string, number[]> = {}
  const wall: Record<string, number[]> = {}
  const results: Record<string, string[]> = {}
  for (let round = 0; round < Number(process.env.PROBE_ROUNDS ?? 2); round++)
    for (let i = 0; i < QUERIES; i++)
      for (const [name, run] of round % 2 ? Object.entries(variants).reverse() : Object.entries(variants)) {
        const started = performance.now()
        let rows: unknown
        const used = await cpuOf(async () => {
          rows = await run(i)
        })
        wall[name] = [...(wall[name] ?? []), performance.now() - started]
        cpu[name] = [...(cpu[name] ?? []), used]
        results[name] ??= []
        if (round === 0)
          results[name].push(
            JSON.stringify(
              (rows as { entry: { id: string }; similarity: number | null; score: number }[]).map((row) => [
                row.entry.id,
                row.similarity?.toFixed(9),
                row.score,
              ]),
            ),
          )
      }
  for (const name of Object.keys(variants))
    console.log(
      `${name}: wall p50 / p95 ${pct(wall[name]!, 50)} / ${pct(wall[name]!, 95)} ms, CPU p50 / p95 ${pct(cpu[name]!, 50)} / ${pct(cpu[name]!, 95)} ms`,
    )
  const names = Object.keys(variants)
  const differ = results[names[0]!]!.filter((r, i) => r !== results[names[1]!]![i]).length
  console.log(
    `results differing between ${names.join(' and ')}: ${differ} of ${QUERIES}  load ${loadAverage()}`,
  )
}
if (mode.includes('bq')) {
  // Binary quantization (pgvector's README): an HNSW index over the sign bits, Hamming distance,
  // its K first re-ranked by the exact cosine distance; recall@10 against the bench's exact scan.
  const exact: { id: string }[][] = JSON.parse(
    readFileSync(`${process.env.BENCH_DATA_DIR}.exact-${QUERIES}.json`, 'utf8'),
  )
  const bq = `(binary_quantize(embedding::vector(${DIMS}))::bit(${DIMS}))`
  const started = performance.now()
  await database.exec(
    `begin; set local maintenance_work_mem = '1GB'; create index if not exists knowledge_chunks_bq on knowledge_chunks using hnsw (${bq} bit_hamming_ops); commit; analyze knowledge_chunks`,
  )
  console.log(
    `bq index: ${((performance.now() - started) / 1000).toFixed(1)} s, size ${(await pg.query<{ s: string }>(`select pg_size_pretty(pg_relation_size('knowledge_chunks_bq')) as s`)).rows[0]!.s}, hnsw ${(await pg.query<{ s: string }>(`select pg_size_pretty(pg_relation_size('knowledge_chunks_embedding_hnsw_1536')) as s`)).rows[0]!.s}  load ${loadAverage()}`,
  )
  for (const k of (process.env.PROBE_K ?? '40,100,200,400').split(',').map(Number)) {
    let found = 0
    const times: number[] = []
    let reads = ''
    for (const [i, q] of queries.entries()) {
      const text = `[${q.join(',')}]`
      const statement = `select id from (select id, embedding from knowledge_chunks order by ${bq} <~> (select binary_quantize(v)::bit(${DIMS}) from qv) limit ${k}) c order by embedding::vector(${DIMS}) <=> (select v from qv) limit 10`
      await pg.transaction(async (tx) => {
        await tx.query(
          `select set_config('hnsw.ef_search', '${Math.max(k, 40)}', true), set_config('hnsw.iterative_scan', 'relaxed_order', true)`,
        )
        const cpu = process.cpuUsage()
        const result = await tx.query<{ id: string }>(
          `with qv as materialized (select $1::vector(${DIMS}) as v) ${statement}`,
          [text],
        )
        const used = process.cpuUsage(cpu)
        times.push((used.user + used.system) / 1000)
        const want = new Set(exact[i]!.slice(0, 10).map((row) => row.id))
        for (const row of result.rows) if (want.has(row.id)) found += 1
        if (i < 3) {
          const plan = await tx.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) with qv as materialized (select $1::vector(${DIMS}) as v) ${statement}`,
            [text],
          )
          const lines = plan.rows.map((row) => row['QUERY PLAN'])
          if (i === 0 && process.env.PROBE_PLAN) console.log(lines.join('\n'))
          reads += ` [${lines.find((line) => line.includes('Buffers'))?.trim()}; ${lines.find((line) => line.includes('Execution'))?.trim()}]`
        }
      })
    }
    console.log(
      `bq K ${k}: recall@10 ${(found / (QUERIES * 10)).toFixed(3)}, CPU p50 / p95 ${pct(times, 50)} / ${pct(times, 95)} ms;${reads}  load ${loadAverage()}`,
    )
  }
}
await database.close()
