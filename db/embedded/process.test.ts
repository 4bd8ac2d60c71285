import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { startShippedServer } from '../../src/test/harness'
import { waitFor } from '../../src/test/wait'
import { migrate } from '../migrate'
import { users } from '../schema'
import { type EmbeddedProcess, type EmbeddedProcessEvent, openEmbeddedProcess } from './process'

/*
 * EMBEDDED_DATABASE=process (docs/decisions/116-embedded-database-process.md): PGlite in a child
 * process behind a unix socket, the app on postgres.js with one connection.
 */

const dirs: string[] = []
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'parley-embedded-test-'))
  dirs.push(dir)
  return dir
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('the embedded database process', () => {
  let database: EmbeddedProcess
  const events: EmbeddedProcessEvent[] = []

  let firstDataDir: string

  beforeAll(async () => {
    firstDataDir = join(await tempDir(), 'pg')
    database = await openEmbeddedProcess({
      dataDir: firstDataDir,
      onEvent: (event) => events.push(event),
      watchdogMs: 3_000,
    })
  }, 60_000)
  afterAll(() => database?.close())

  test('runs the migrations (session advisory lock included) and has pgvector', async () => {
    const { applied, vector } = await migrate(database)
    expect(applied.length).toBeGreaterThan(0)
    expect(vector).toBe(true)
    const [row] = await database.query<{ distance: number }>(
      `select '[1,0]'::vector <=> '[0,1]'::vector as distance`,
    )
    expect(row!.distance).toBe(1)
  }, 60_000)

  test('drizzle queries return typed rows and Postgres errors keep their code and constraint', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'one@example.com', fullName: 'One', passwordHash: 'x' })
      .returning()
    expect(user!.createdAt).toBeInstanceOf(Date)
    const error = await database.db
      .insert(users)
      .values({ email: 'one@example.com', fullName: 'Again', passwordHash: 'x' })
      .then(() => null)
      .catch((caught: unknown) => caught as { cause?: { code?: string; constraint_name?: string } })
    expect(error?.cause?.code).toBe('23505')
    expect(error?.cause?.constraint_name).toBeString()
  })

  test('a transaction commits as a whole, a failed one leaves nothing behind', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: 'two@example.com', fullName: 'Two', passwordHash: 'x' })
      await tx.execute(sql`select pg_advisory_xact_lock(42)`)
    })
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ email: 'three@example.com', fullName: 'Three', passwordHash: 'x' })
        throw new Error('rolled back on purpose')
      })
      .catch((error: Error) => error.message)
    expect(failed).toBe('rolled back on purpose')
    expect(await database.db.select().from(users).where(eq(users.email, 'two@example.com'))).toHaveLength(1)
    expect(await database.db.select().from(users).where(eq(users.email, 'three@example.com'))).toHaveLength(0)
  })

  test('concurrent transactions run one after the other, as PGlite in process runs them', async () => {
    const order: string[] = []
    await Promise.all([
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(7)`)
        order.push('a:locked')
        await Bun.sleep(100)
        await tx.insert(users).values({ email: 'four@example.com', fullName: 'Four', passwordHash: 'x' })
        order.push('a:done')
      }),
      (async () => {
        await Bun.sleep(10)
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(7)`)
          const seen = await tx.select().from(users).where(eq(users.email, 'four@example.com'))
          order.push(`b:locked:${seen.length}`)
        })
      })(),
    ])
    expect(order).toEqual(['a:locked', 'a:done', 'b:locked:1'])
    // Transaction-scoped locks are gone; a session lock is held until unlocked.
    const [held] = await database.query<{ count: number }>(
      `select count(*)::int as count from pg_locks where locktype = 'advisory'`,
    )
    expect(held!.count).toBe(0)
    await database.query('select pg_advisory_lock(9)')
    const [{ locked }] = (await database.query<{ locked: boolean }>(
      'select pg_advisory_unlock(9) as locked',
    )) as [{ locked: boolean }]
    expect(locked).toBe(true)
  })

  test('a child killed in the middle of writes loses no committed row, and is replaced', async () => {
    await database.exec('create table if not exists kill_test (id int primary key, note text not null)')
    const committed: number[] = []
    const failed: number[] = []
    const oldPid = database.pid!
    const writes = Array.from({ length: 400 }, async (_, id) => {
      try {
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into kill_test (id, note) values (${id}, ${'x'.repeat(200)})`)
          await tx.execute(sql`update kill_test set note = note || '!' where id = ${id}`)
        })
        committed.push(id)
      } catch {
        failed.push(id)
      }
    })
    await waitFor(() => committed.length >= 50)
    process.kill(oldPid, 'SIGKILL')
    await Promise.all(writes)
    expect(failed.length).toBeGreaterThan(0)
    await waitFor(() => database.pid !== undefined && database.pid !== oldPid, 30_000, 'a new child')
    const stored = (
      await retried(() => database.query<{ id: number }>('select id from kill_test order by id'))
    ).map((row) => row.id)
    expect(stored).toEqual(expect.arrayContaining(committed))
    // A write either committed whole or not at all: no row without its update.
    const [partial] = await database.query<{ count: number }>(
      `select count(*)::int as count from kill_test where note not like '%!'`,
    )
    expect(partial!.count).toBe(0)
    expect(events.some((event) => event.type === 'exited' && event.pid === oldPid)).toBe(true)
  }, 60_000)

  test('a child that stops answering is killed and replaced, and its queries fail instead of hanging', async () => {
    const oldPid = database.pid!
    process.kill(oldPid, 'SIGSTOP')
    const started = performance.now()
    const outcome = await database
      .query('select 1')
      .then(() => 'answered')
      .catch(() => 'failed')
    expect(outcome).toBe('failed')
    expect(performance.now() - started).toBeLessThan(15_000)
    expect(
      events.some(
        (event) => (event.type === 'unresponsive' || event.type === 'query-timeout') && event.pid === oldPid,
      ),
    ).toBe(true)
    await waitFor(() => database.pid !== undefined && database.pid !== oldPid, 30_000, 'a new child')
    expect(await retried(() => database.query('select 1 as one'))).toEqual([{ one: 1 }])
  }, 60_000)

  test('a second database process on the same folder refuses to start', async () => {
    // The first one is running: it owns the folder (two PGlite instances on one folder corrupt it).
    const second = openEmbeddedProcess({ dataDir: firstDataDir, startTimeoutMs: 30_000 })
    await expect(second).rejects.toThrow('did not start')
  }, 60_000)

  test('close() stops the child', async () => {
    const other = await openEmbeddedProcess({ dataDir: join(await tempDir(), 'pg') })
    const pid = other.pid!
    expect(isRunning(pid)).toBe(true)
    await other.close()
    expect(isRunning(pid)).toBe(false)
  }, 60_000)
})

/** The first query after a restart may still meet the connection to the old child. */
async function retried<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (attempt > 20) throw error
      await Bun.sleep(100)
    }
  }
}

test('the child exits when the app is SIGKILLed (no orphan)', async () => {
  const dataDir = join(await tempDir(), 'pg')
  const app = Bun.spawn(
    [
      process.execPath,
      '-e',
      `const { openEmbeddedProcess } = await import(${JSON.stringify(join(import.meta.dir, 'process.ts'))})
       const db = await openEmbeddedProcess({ dataDir: ${JSON.stringify(dataDir)} })
       console.log(db.pid)
       setInterval(() => {}, 1000)`,
    ],
    { stdout: 'pipe', stderr: 'inherit' },
  )
  const reader = app.stdout.getReader()
  const { value } = await reader.read()
  const childPid = Number(new TextDecoder().decode(value).trim())
  expect(isRunning(childPid)).toBe(true)
  app.kill('SIGKILL')
  await app.exited
  await waitFor(() => !isRunning(childPid), 10_000, 'the orphaned child to exit')
}, 60_000)

test('the app answers 503 unavailable:database while the child restarts, then serves again', async () => {
  const server = await startShippedServer({ EMBEDDED_DATABASE: 'process' })
  try {
    const headers = { 'content-type': 'application/json', origin: server.url }
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'admin@example.com', password: 'password123', fullName: 'Admin' }),
    })
    expect(signup.status).toBe(200)
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!
    const listChats = () => fetch(`${server.url}/api/chats?limit=50`, { headers: { cookie } })
    expect((await listChats()).status).toBe(200)

    const database = server.ctx.database as EmbeddedProcess
    process.kill(database.pid!, 'SIGKILL')
    const statuses: number[] = []
    let body: unknown
    await waitFor(
      async () => {
        const res = await listChats()
        statuses.push(res.status)
        if (res.status === 503) body = await res.json()
        return res.status === 200
      },
      30_000,
      'the chat list to answer 200 again',
    )
    expect(statuses).toContain(503)
    expect(body).toEqual({
      success: false,
      error: 'The database is restarting. Try again in a moment.',
      code: 'unavailable:database',
    })
    expect(statuses.filter((status) => status !== 503 && status !== 200)).toEqual([])
  } finally {
    const pid = (server.ctx.database as EmbeddedProcess).pid
    await server.stop()
    if (pid) expect(isRunning(pid)).toBe(false)
  }
}, 90_000)
