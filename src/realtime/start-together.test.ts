import { afterAll, describe, expect, test } from 'bun:test'
import { openPostgres } from '../../db/client'
import { migrations } from '../../db/migrations'
import { loadConfig } from '../config'
import { createLogger } from '../log/logger'
import { startServer } from '../server'

/*
 * Instances behind a load balancer are often started at the same moment, on a database nobody has
 * migrated yet. Each runs the shipped boot path (migrations, the start-up sweep, socket.io with its
 * Postgres adapter, the job queue): all three must come up, with every migration applied once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('instances started together on a new database', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!
  const name = `parley_together_${crypto.randomUUID().replaceAll('-', '')}`
  const admin = openPostgres(serverUrl, { max: 1 })
  const servers: Awaited<ReturnType<typeof startServer>>[] = []

  afterAll(async () => {
    for (const server of servers) await server.stop()
    await admin.exec(`drop database if exists ${name} with (force)`)
    await admin.close()
  })

  test('three instances started at once all come up', async () => {
    await admin.exec(`create database ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    const started = await Promise.allSettled(
      [0, 1, 2].map((index) =>
        startServer(
          {
            ...loadConfig({
              DATA_DIR: `/tmp/parley-together-${name}-${index}`,
              PORT: '0',
              HOST: '127.0.0.1',
              DATABASE_URL: url.toString(),
            }),
            appSecret: 'test-secret-test-secret-test-secret-0000',
          },
          { log: createLogger('silent') },
        ),
      ),
    )
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value)
    expect(started.map((result) => (result.status === 'fulfilled' ? 'up' : String(result.reason)))).toEqual([
      'up',
      'up',
      'up',
    ])
    for (const server of servers) expect((await fetch(`${server.url}/api/health`)).ok).toBe(true)
    const database = openPostgres(url.toString(), { max: 1 })
    const tags = await database.query<{ tag: string }>('select tag from parley_migrations order by tag')
    const attachments = await database.query<{ name: string }>(
      `select to_regclass('socket_io_attachments')::text as name`,
    )
    await database.close()
    expect(tags.map((row) => row.tag)).toEqual(migrations.map((migration) => migration.tag))
    expect(attachments).toEqual([{ name: 'socket_io_attachments' }])
  }, 60_000)
})
