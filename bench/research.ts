/**
 * `bun run bench:research`: one deep research run of each depth on the fakes (the scripted model,
 * SearXNG, OpenAlex/arXiv and pages on 127.0.0.1; src/test/research.ts), on the embedded
 * database with the background workers, as the server runs them. Prints, per depth: the steps it
 * went through, rounds, sources found and read, model calls, wall time, tokens and cost, and the
 * depth's ceilings. The fake model answers each call with BENCH_MODEL_DELAY_MS per chunk (default
 * 5) and reports 1,000 prompt + 200 completion tokens per call, priced at $1 / $2 per million
 * (MODEL_PRICES), so the figures show the job's own overhead and its call pattern, not a real
 * provider's speed.
 */

import { DEPTH_PLANS } from '../src/research/depth'
import type { ResearchJson } from '../src/research/model'
import { startApp } from '../src/test/harness'
import { progressEvents, startResearchFakes, waitForRun } from '../src/test/research'

const DELAY = Number(process.env.BENCH_MODEL_DELAY_MS ?? 5)

async function main() {
  const fakes = startResearchFakes()
  fakes.model.set({ chunkDelayMs: DELAY })
  const t = await startApp(fakes.env, { jobs: true })
  const user = await t.createUser()
  const rows: string[][] = []
  try {
    for (const depth of ['quick', 'thorough', 'comprehensive'] as const) {
      const calls = fakes.model.calls.length
      const fetched = fakes.pages.paths.length
      const started = performance.now()
      const res = await t.request('/api/research', {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          topic: `Solar power (${depth})`,
          depth,
          includeAcademic: true,
          includeStats: true,
        }),
      })
      const { id } = ((await res.json()) as { data: { id: string } }).data
      const run: ResearchJson = await waitForRun(
        t,
        user.headers,
        id,
        (r) => ['completed', 'failed', 'cancelled'].includes(r.status),
        10 * 60_000,
      )
      const wall = performance.now() - started
      const events = progressEvents(t.events, id)
      const steps = events.map((e) => e.step).filter((step, i, all) => step && step !== all[i - 1])
      const plan = DEPTH_PLANS[depth]
      rows.push([
        depth,
        run.status,
        `${plan.breadth}×${plan.rounds}`,
        String(run.round),
        String(steps.length),
        `${run.sourcesFound}/${run.sourcesRead}`,
        String(fakes.model.calls.length - calls),
        String(fakes.pages.paths.length - fetched),
        `${(wall / 1000).toFixed(2)} s`,
        run.tokens.toLocaleString('en'),
        `$${(run.costMicros / 1e6).toFixed(4)}`,
        String(events.length),
        `${plan.maxMs / 60_000} min / $${(plan.maxCostMicros / 1e6).toFixed(2)}`,
      ])
      console.log(`${depth}: ${steps.join(' → ')}`)
    }
  } finally {
    await t.close()
    await fakes.close()
  }
  const header = [
    'depth',
    'status',
    'breadth×rounds',
    'rounds run',
    'steps',
    'found/read',
    'model calls',
    'pages fetched',
    'time',
    'tokens',
    'cost',
    'progress events',
    'ceilings',
  ]
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`
  console.log()
  console.log(line(header))
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const row of rows) console.log(line(row))
}

await main()
