import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../db/client'
import { migrate } from '../../db/migrate'
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
})
