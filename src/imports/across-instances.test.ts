import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { and, eq, isNotNull } from 'drizzle-orm'
import { chats } from '../../db/schema'
import { type Instances, startInstances } from '../test/harness'
import { waitFor } from '../test/wait'
import { failInterruptedImports } from './cleanup'
import { runningImports } from './running'
import { chatgptExport } from './test-fixtures'

/*
 * Two instances on one Postgres, as behind a load balancer (decision 173): an import runs on the
 * instance that received the file; the other neither fails it (its heartbeat is fresh) nor misses
 * a cancel: cancelled there, the import stops at its next batch and nothing of it is left.
 */
let cluster: Instances

describe.skipIf(!process.env.TEST_DATABASE_URL)('imports across instances', () => {
  beforeAll(async () => {
    cluster = await startInstances(2)
  }, 60_000)
  afterAll(async () => {
    for (const instance of cluster?.instances ?? []) await runningImports(instance.ctx).stopAll()
    await cluster?.close()
  })

  test('an import running on one instance is cancelled from the other; nothing of it is left', async () => {
    const [one, two] = [cluster.instances[0]!, cluster.instances[1]!]
    const owner = await cluster.createUser()
    const registry = runningImports(one.ctx)
    const reached = Promise.withResolvers<void>()
    const release = Promise.withResolvers<void>()
    registry.afterBatch = async () => {
      reached.resolve()
      await release.promise
    }
    try {
      const form = new FormData()
      form.append('file', new File([chatgptExport(450)], 'conversations.json'))
      const started = await fetch(`${one.url}/api/import`, {
        method: 'POST',
        headers: owner.headers,
        body: form,
      })
      expect(started.status).toBe(202)
      const { id } = ((await started.json()) as { data: { id: string } }).data
      await reached.promise
      const written = () =>
        one.ctx.db
          .select({ id: chats.id })
          .from(chats)
          .where(and(eq(chats.userId, owner.id), isNotNull(chats.importId)))
      expect((await written()).length).toBeGreaterThan(0)

      // The other instance starting up, or reading the import, leaves a live import alone.
      expect(await failInterruptedImports(two.ctx)).toBe(0)
      const seen = await fetch(`${two.url}/api/import/${id}`, { headers: owner.headers })
      expect(((await seen.json()) as { data: { status: string } }).data.status).toBe('running')

      const cancelled = await fetch(`${two.url}/api/import/${id}/cancel`, {
        method: 'POST',
        headers: owner.headers,
      })
      expect(cancelled.status).toBe(200)
      expect(((await cancelled.json()) as { data: { status: string } }).data.status).toBe('cancelled')
      release.resolve()
      // The job on the first instance sees it at its next batch and deletes what it wrote since.
      await waitFor(() => !registry.jobs.has(id), 10_000, 'the job to stop')
      expect(await written()).toEqual([])
    } finally {
      registry.afterBatch = undefined
      release.resolve()
    }
  })
})
