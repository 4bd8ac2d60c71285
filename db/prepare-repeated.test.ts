import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import postgres from 'postgres'
import { createTestDatabase } from '../src/test/db'
import { type Database, openPostgres } from './client'
import { openEmbeddedProcess } from './embedded/process'
import { migrate } from './migrate'
import { prepareRepeated } from './prepare-repeated'
import { users } from './schema'
import { findTemplate } from './template'

/**
 * Statements are prepared once they repeat (decision 194), on both clients that speak the wire
 * protocol: the Postgres server's (TEST_DATABASE_URL) and the embedded database process's. One
 * connection, so that `pg_prepared_statements` (per session) shows what the client prepared.
 */
let database: Database
let serverUrl: string | undefined
let cleanUp: () => Promise<void>

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const made = await createTestDatabase()
    serverUrl = made.url!
    database = openPostgres(serverUrl, { max: 1 })
    cleanUp = async () => {
      await database.close()
      await made.close()
    }
    return
  }
  const dir = await mkdtemp(join(tmpdir(), 'parley-prepare-'))
  const templatePath = findTemplate() ?? undefined
  database = await openEmbeddedProcess({ dataDir: join(dir, 'pg'), templatePath })
  if (!templatePath) await migrate(database)
  cleanUp = async () => {
    await database.close()
    await rm(dir, { recursive: true, force: true })
  }
})

afterAll(() => cleanUp())

/** The prepared statements of the session whose text mentions `marker`. */
async function preparedWith(marker: string): Promise<string[]> {
  const rows = await database.execRows('select statement from pg_prepared_statements')
  return rows.map((row) => String(row.statement)).filter((text) => text.includes(marker))
}

const byEmail = (email: string) =>
  database.db.select({ id: users.id }).from(users).where(eq(users.email, email))

describe('statements prepared once they repeat', () => {
  test('a statement runs unnamed the first time and is prepared from the second, once', async () => {
    await byEmail('first@example.com')
    expect(await preparedWith('"users"."email"')).toEqual([])
    await byEmail('second@example.com')
    expect(await preparedWith('"users"."email"')).toHaveLength(1)
    await byEmail('third@example.com')
    expect(await preparedWith('"users"."email"')).toHaveLength(1)
  })

  test('the answers and parameter types are the same as unnamed', async () => {
    const inserted = await database.db
      .insert(users)
      .values({ email: 'typed@example.com', fullName: 'Typed', passwordHash: null })
      .returning({ id: users.id, createdAt: users.createdAt })
    for (let i = 0; i < 3; i++) {
      const [row] = await database.db
        .select({ id: users.id, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.email, 'typed@example.com'))
      expect(row).toEqual(inserted[0]!)
    }
  })

  test('inside a transaction too', async () => {
    const read = () =>
      database.db.transaction(async (tx) =>
        tx.select({ id: users.id }).from(users).where(eq(users.fullName, 'nobody')),
      )
    await read()
    expect(await preparedWith('"users"."full_name"')).toEqual([])
    await read()
    expect(await preparedWith('"users"."full_name"')).toHaveLength(1)
  })

  test("the app's raw queries follow the same rule", async () => {
    const text = 'select count(*)::int as n from users where email like $1'
    await database.query(text, ['%@example.org'])
    expect(await preparedWith('email like $1')).toEqual([])
    await database.query(text, ['%@example.net'])
    expect(await preparedWith('email like $1')).toHaveLength(1)
  })

  test('a statement built to the size of its input (over 32 parameters) is never prepared', async () => {
    const ids = Array.from({ length: 33 }, () => crypto.randomUUID())
    const text = `select count(*)::int as n from users where id in (${ids.map((_, i) => `$${i + 1}::uuid`).join(', ')})`
    for (let i = 0; i < 3; i++) expect(await database.query(text, ids)).toEqual([{ n: 0 }])
    expect(await preparedWith('$33::uuid')).toEqual([])
  })

  test.skipIf(!process.env.TEST_DATABASE_URL)(
    'no more texts than the limit are prepared; the others still run, unnamed',
    async () => {
      const sql = postgres(serverUrl!, { max: 1, onnotice: () => {} })
      try {
        const limited = prepareRepeated(sql, 2)
        for (let round = 0; round < 3; round++)
          for (const n of [1, 2, 3, 4]) {
            const [row] = await limited.unsafe(`select $1::int + ${n} as v`, [round])
            expect(row?.v).toBe(round + n)
          }
        const named = await sql.unsafe('select statement from pg_prepared_statements')
        const texts = named.map((row) => row.statement as string).filter((text) => text.includes('$1::int'))
        expect(texts.sort()).toEqual(['select $1::int + 1 as v', 'select $1::int + 2 as v'])
      } finally {
        await sql.end()
      }
    },
  )
})
