import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { embeddedUpkeep, tablesDueForUpkeep } from '../../db/upkeep'
import { startApp, type TestApp, type TestUser } from '../test/harness'
import { waitFor } from '../test/wait'
import { startEmbeddedUpkeep } from './embedded-upkeep'

/*
 * Decision 169: the embedded database runs no autovacuum, so Parley keeps its statistics itself.
 * Without them the sidebar's first page sorted all of a person's chats on every read.
 */

let t: TestApp
let ada: TestUser
const pglite = !process.env.TEST_DATABASE_URL

beforeAll(async () => {
  t = await startApp()
  ada = await t.createUser()
}, 60_000)
afterAll(() => t?.close())

const FIRST_PAGE = `select * from chats where user_id = $1 and archived = false
  order by pinned desc, created_at desc, id desc limit 51`
const plan = async () =>
  (await t.database.query<{ 'QUERY PLAN': string }>(`explain ${FIRST_PAGE}`, [ada.id]))
    .map((row) => row['QUERY PLAN'])
    .join('\n')

describe.if(pglite)('the embedded database’s upkeep', () => {
  test('after 4,000 new chats the list reads its first page from the index, not by sorting them all', async () => {
    await t.database.query(
      `insert into chats (user_id, title) select $1, 'Chat ' || g from generate_series(1, 4000) g`,
      [ada.id],
    )
    // Statistics of an empty table: the planner expects a few rows and sorts what it finds.
    expect((await tablesDueForUpkeep(t.database)).map((table) => table.name)).toContain('chats')
    expect(await plan()).toContain('Sort')

    expect(await embeddedUpkeep(t.database)).toContain('chats')
    const after = await plan()
    expect(after).toContain('Index Scan Backward using chats_user_list_idx')
    expect(after).not.toContain('Sort')
    // Nothing moved since: the next pass takes no table.
    expect(await tablesDueForUpkeep(t.database)).toEqual([])
    expect(await embeddedUpkeep(t.database)).toEqual([])
  })

  test('the server runs a pass after its start and then on its interval; stop waits for it', async () => {
    await t.database.query(
      `insert into chats (user_id, title) select $1, 'More ' || g from generate_series(1, 4000) g`,
      [ada.id],
    )
    expect((await tablesDueForUpkeep(t.database)).map((table) => table.name)).toContain('chats')
    const logged: unknown[] = []
    const upkeep = startEmbeddedUpkeep(
      {
        database: t.database,
        log: { ...t.ctx.log, info: (_: string, fields: unknown) => logged.push(fields) },
      },
      { firstAfterMs: 10, everyMs: 60_000 },
    )
    await waitFor(() => logged.length > 0)
    await upkeep.stop()
    expect(logged[0]).toMatchObject({ tables: expect.arrayContaining(['chats']) })
    expect(await tablesDueForUpkeep(t.database)).toEqual([])
  })
})

describe.if(!pglite)('on a Postgres server', () => {
  test('no pass is ever run: autovacuum does this', async () => {
    await t.database.query(
      `insert into chats (user_id, title) select $1, 'Chat ' || g from generate_series(1, 4000) g`,
      [ada.id],
    )
    const logged: unknown[] = []
    const upkeep = startEmbeddedUpkeep(
      {
        database: t.database,
        log: { ...t.ctx.log, info: (_: string, fields: unknown) => logged.push(fields) },
      },
      { firstAfterMs: 1, everyMs: 5 },
    )
    await Bun.sleep(50)
    await upkeep.stop()
    expect(logged).toEqual([])
  })
})
