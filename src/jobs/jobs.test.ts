import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate } from '../../db/migrate'
import { openDatabase } from '../../db/open-database'
import { createLogger } from '../log/logger'
import { createTestDatabase } from '../test/db'
import { waitFor } from '../test/wait'
import { createJobs } from '.'

const log = createLogger('silent')
const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('background jobs', () => {
  test('a queued job runs on a worker', async () => {
    const database = await createTestDatabase()
    const jobs = createJobs({
      database,
      databaseUrl: (database as { url?: string }).url,
      log,
      pollingIntervalSeconds: 0.5,
    })
    const seen: string[] = []
    await jobs.work('knowledge-index', async ({ entryId }) => {
      seen.push(entryId)
    })
    await jobs.send('knowledge-index', { entryId: 'a' })
    await waitFor(() => seen.length === 1, 20_000, 'the job')
    expect(seen).toEqual(['a'])
    await jobs.stop()
    await database.close()
  })

  // The embedded database as the server runs it: a child process behind a socket, one connection.
  test('a job queued before a stop runs after the next start (embedded database process)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-jobs-'))
    dirs.push(dir)
    const open = async () => {
      const database = await openDatabase({ dataDir: dir, embeddedDatabase: 'process' })
      await migrate(database)
      return database
    }
    let database = await open()
    let jobs = createJobs({ database, log, pollingIntervalSeconds: 0.5 })
    await jobs.send('knowledge-index', { entryId: 'survivor' })
    await jobs.stop()
    await database.close()

    database = await open()
    jobs = createJobs({ database, log, pollingIntervalSeconds: 0.5 })
    const seen: string[] = []
    await jobs.work('knowledge-index', async ({ entryId }) => {
      seen.push(entryId)
    })
    await waitFor(() => seen.length === 1, 20_000, 'the job queued before the restart')
    expect(seen).toEqual(['survivor'])
    await jobs.stop()
    await database.close()
  })

  // docs/decisions/137-idle-memory.md: an idle embedded server does not start pg-boss.
  test('on the embedded database, workers wait for the first job before the queue starts', async () => {
    const database = await createTestDatabase()
    if ((database as { url?: string }).url) return await database.close()
    const started = async () =>
      (await database.query<{ job: string | null }>(`select to_regclass('pgboss.job')::text as job`))[0]
        ?.job !== null
    let jobs = createJobs({ database, log, pollingIntervalSeconds: 0.5 })
    const seen: string[] = []
    const worker = async ({ entryId }: { entryId: string }) => {
      seen.push(entryId)
    }
    await jobs.work('knowledge-index', worker)
    expect(await started()).toBe(false)
    await jobs.send('knowledge-index', { entryId: 'first' })
    await waitFor(() => seen.length === 1, 20_000, 'the first job')
    await jobs.stop()

    // Its tables exist now, with nothing left to do: the next start waits again, then runs the next job.
    jobs = createJobs({ database, log, pollingIntervalSeconds: 0.5 })
    await jobs.work('knowledge-index', worker)
    await jobs.send('knowledge-index', { entryId: 'second' })
    await waitFor(() => seen.length === 2, 20_000, 'the second job')
    expect(seen).toEqual(['first', 'second'])
    await jobs.stop()
    await database.close()
  })
})
