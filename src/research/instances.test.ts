import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createJobs } from '../jobs'
import { type Instances, startInstances, type TestUser } from '../test/harness'
import { progressEvents, type ResearchFakes, startResearchFakes, waitForRun } from '../test/research'
import { abandonRunningResearch } from './job'
import type { ResearchJson } from './model'
import { RESEARCH_TIMING } from './timing'

/*
 * Deep research on several instances of one Postgres (TEST_DATABASE_URL): a run executes once,
 * whichever instance takes it; a cancel on another instance reaches it; and when the instance
 * running it dies, another takes the run over once its hold has run out.
 */
const postgres = process.env.TEST_DATABASE_URL !== undefined

let fakes: ResearchFakes
let cluster: Instances
let alice: TestUser
const timing = { ...RESEARCH_TIMING }

beforeAll(async () => {
  if (!postgres) return
  Object.assign(RESEARCH_TIMING, { leaseMs: 2_000, sweepMs: 500 })
  fakes = startResearchFakes()
  cluster = await startInstances(2, fakes.env, { jobs: true })
  alice = await cluster.createUser()
}, 60_000)
afterAll(async () => {
  Object.assign(RESEARCH_TIMING, timing)
  if (!postgres) return
  await cluster.close()
  await fakes.close()
}, 60_000)

const finished = (run: ResearchJson) => ['completed', 'failed', 'cancelled'].includes(run.status)

async function start(index: number, topic: string) {
  const res = await cluster.instances[index]!.request('/api/research', {
    method: 'POST',
    headers: { ...alice.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ topic, depth: 'quick' }),
  })
  expect(res.status).toBe(202)
  return ((await res.json()) as { data: { id: string } }).data.id
}

/** The instance whose job sent the run's progress (its steps). */
function runners(id: string): number[] {
  return cluster.instances.flatMap((instance, index) =>
    progressEvents(instance.events, id).some((event) => event.step !== null) ? [index] : [],
  )
}

describe.if(postgres)('on two instances', () => {
  test('a run executes once', async () => {
    const before = fakes.model.calls.length
    const id = await start(0, 'Once only')
    const run = await waitForRun(cluster.instances[1]!, alice.headers, id, finished)
    expect(run.status).toBe('completed')
    expect(fakes.model.calls.slice(before)).toEqual(['plan', 'extract', 'report'])
    expect(runners(id)).toHaveLength(1)
  }, 60_000)

  test('a cancel on the other instance stops it', async () => {
    fakes.model.set({ chunkDelayMs: 40 })
    try {
      const id = await start(0, 'Cancel me')
      await waitForRun(cluster.instances[0]!, alice.headers, id, (run) => run.step === 'reading')
      const [runner] = runners(id)
      const other = cluster.instances[runner === 0 ? 1 : 0]!
      const res = await other.request(`/api/research/${id}/cancel`, {
        method: 'POST',
        headers: alice.headers,
      })
      expect(((await res.json()) as { data: ResearchJson }).data.status).toBe('cancelled')
      const calls = fakes.model.calls.length
      await Bun.sleep(2000)
      expect(fakes.model.calls.length).toBeLessThanOrEqual(calls + 1)
    } finally {
      fakes.model.set({})
    }
  }, 60_000)

  test('when the instance running it dies, the other takes the run over and completes it', async () => {
    fakes.model.set({ chunkDelayMs: 40 })
    const id = await start(0, 'Survive a crash')
    await waitForRun(cluster.instances[0]!, alice.headers, id, (run) => run.step === 'reading')
    const [runner] = runners(id)
    const survivor = cluster.instances[runner === 0 ? 1 : 0]!
    fakes.model.set({})
    // The kill: its job stops dead (holding the run) and its queue goes away.
    const dead = cluster.instances[runner!]!
    abandonRunningResearch(dead.ctx)
    const queue = dead.ctx.jobs
    dead.ctx.jobs = createJobs({ database: dead.database, log: dead.ctx.log })
    await queue.stop()
    const run = await waitForRun(survivor, alice.headers, id, finished, 30_000)
    expect(run.status).toBe('completed')
    expect(progressEvents(survivor.events, id).some((event) => event.step === 'writing')).toBe(true)
  }, 60_000)
})
