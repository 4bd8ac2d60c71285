import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { createTestDatabase } from '../src/test/db'
import { type Database, openPglite, openPostgres } from './client'
import { migrate } from './migrate'
import { migrations } from './migrations'
import * as schema from './schema'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
}, 60_000)
afterAll(() => database.close())

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))

/** The SQLSTATE a statement fails with, or null when it succeeds. */
async function failureCode(sql: string, params?: unknown[]): Promise<string | null> {
  try {
    await database.query(sql, params)
    return null
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

/** Names of the foreign keys whose columns do not lead any index of their table. */
async function unindexedForeignKeys(on: Database): Promise<string[]> {
  const foreignKeys = await on.query<{ table: string; name: string; columns: string }>(
    `select conrelid::regclass::text as table, conname as name, conkey::text as columns
     from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by conname`,
  )
  const indexes = await on.query<{ table: string; columns: string }>(
    `select indrelid::regclass::text as table, indkey::text as columns from pg_index
     where indrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`,
  )
  expect(foreignKeys.length).toBeGreaterThanOrEqual(12)
  return foreignKeys
    .filter((fk) => {
      // conkey reads '{2,3}', indkey '2 3 4': the key must be a prefix of some index on the table.
      const key = fk.columns.replace(/[{}]/g, '').split(',')
      return !indexes.some(
        (index) =>
          index.table === fk.table &&
          key.every((attnum, position) => index.columns.split(' ')[position] === attnum),
      )
    })
    .map((fk) => fk.name)
}

describe('foreign keys', () => {
  test('every foreign key column leads an index, so cascading deletes do not scan the table', async () => {
    expect(await unindexedForeignKeys(database)).toEqual([])
  })
})

describe('enumerated columns', () => {
  const enumColumns = tables.flatMap((table) => {
    const config = getTableConfig(table)
    return config.columns
      .filter((column) => (column.enumValues?.length ?? 0) > 0)
      .map((column) => ({ table: config.name, column: column.name, values: column.enumValues! }))
  })

  test('each has a CHECK constraint listing exactly its values', async () => {
    expect(enumColumns.length).toBeGreaterThanOrEqual(8)
    const checks = await database.query<{ table: string; definition: string }>(
      `select conrelid::regclass::text as table, pg_get_constraintdef(oid) as definition
       from pg_constraint where contype = 'c' and connamespace = 'public'::regnamespace`,
    )
    for (const { table, column, values } of enumColumns) {
      const check = checks.find((c) => c.table === table && c.definition.includes(column))
      expect(check, `${table}.${column}`).toBeDefined()
      const listed = [...check!.definition.matchAll(/'([^']*)'/g)].map((match) => match[1])
      expect(listed.sort(), `${table}.${column}`).toEqual([...values].sort())
    }
  })

  test('the database refuses a value outside the list, in every one of them', async () => {
    const [user] = await database.query<{ id: string }>(
      `insert into users (email, password_hash) values ('enum@example.com', 'x') returning id`,
    )
    const [chat] = await database.query<{ id: string }>(
      `insert into chats (user_id) values ($1) returning id`,
      [user!.id],
    )
    await database.query(
      `insert into messages (chat_id, user_id, content, is_user) values ($1, $2, 'hi', true)`,
      [chat!.id, user!.id],
    )
    await database.query(`insert into chat_configs (chat_id) values ($1)`, [chat!.id])
    await database.query(
      `insert into attachments (user_id, storage_key, filename, content_type, size, kind)
       values ($1, 'k', 'a.pdf', 'application/pdf', 1, 'pdf')`,
      [user!.id],
    )
    await database.query(
      `insert into auth_tokens (id, user_id, kind, expires_at) values ('t', $1, 'password_reset', now())`,
      [user!.id],
    )
    await database.query(`insert into models (id, name, provider) values ('m', 'M', 'demo')`)
    await database.query(`insert into saved_prompts (user_id, title, prompt_text) values ($1, 'T', 'P')`, [
      user!.id,
    ])
    await database.query(`insert into knowledge_base (user_id, title, content) values ($1, 'T', 'C')`, [
      user!.id,
    ])
    await database.query(
      `insert into research_runs (id, user_id, chat_id, message_id, topic, depth, sources, model_id, rounds, state)
       select gen_random_uuid(), $1, $2, id, 'T', 'quick', '{}', 'm', 1, '{}' from messages where chat_id = $2 limit 1`,
      [user!.id, chat!.id],
    )
    await database.query(
      `insert into impersonations (admin_email, target_id, admin_session_id, reason_code, case_number,
         duration_minutes, started_at, expires_at, end_reason)
       values ('a@example.com', $1, 's', 'customer_request', 'C-1', 60, now(), now(), 'stopped')`,
      [user!.id],
    )
    await database.query(
      `insert into shares (token_hash, user_id, chat_id, leaf_id, title)
       select 'h', $1, $2, id, 'T' from messages where chat_id = $2 limit 1`,
      [user!.id, chat!.id],
    )
    await database.query(`insert into mcp_servers (name, url) values ('M', 'https://mcp.example.com/mcp')`)
    await database.query(
      `insert into tool_runs (user_id, tool, name, status, duration_ms) values ($1, 'web-search', 'web_search', 'done', 1)`,
      [user!.id],
    )
    await database.query(`insert into agent_workflows (agent_id) values ('rag')`)
    await database.query(
      `with g as (insert into groups (name) values ('G') returning id)
       insert into group_members (group_id, user_id) select id, $1 from g`,
      [user!.id],
    )
    await database.query(`insert into user_agent_settings (user_id, agent_id) values ($1, 'calendar')`, [
      user!.id,
    ])
    await database.query(`insert into backup_runs (folder_id, trigger) values ('f', 'manual')`)
    await database.query(`insert into imports (user_id, file_name) values ($1, 'conversations.json')`, [
      user!.id,
    ])
    await database.query(`insert into account_exports (user_id, storage_key) values ($1, 'k')`, [user!.id])
    await database.query(`insert into org_settings (id) values (1) on conflict do nothing`)
    for (const { table, column } of enumColumns) {
      // Each table holds a row, so a missing CHECK would let this update through.
      expect(
        await failureCode(`update "${table}" set "${column}" = 'not-a-value'`),
        `${table}.${column}`,
      ).toBe('23514')
    }
    // An insert, too, not only an update.
    expect(
      await failureCode(
        `insert into users (email, password_hash, role) values ('root@example.com', 'x', 'root')`,
      ),
    ).toBe('23514')
  })
})

describe('money', () => {
  test('is integer micro-dollars: no floating-point column is left but the sampling parameters', async () => {
    const inexact = await database.query<{ column: string }>(
      `select table_name || '.' || column_name as column from information_schema.columns
       where table_schema = 'public' and data_type in ('double precision', 'real', 'numeric')
       order by 1`,
    )
    expect(inexact.map((row) => row.column)).toEqual([
      'chat_configs.frequency_penalty',
      'chat_configs.presence_penalty',
      'chat_configs.temperature',
      'chat_configs.top_p',
      'org_settings.rag_min_similarity',
    ])
    const money = await database.query<{ column: string; type: string }>(
      `select table_name || '.' || column_name as column, data_type as type from information_schema.columns
       where table_schema = 'public' and column_name like '%micros%' order by 1`,
    )
    expect(money).toEqual([
      { column: 'api_key_reservations.amount_micros', type: 'bigint' },
      { column: 'api_keys.monthly_limit_micros', type: 'bigint' },
      { column: 'budget_reservations.amount_micros', type: 'bigint' },
      { column: 'groups.daily_limit_micros', type: 'bigint' },
      { column: 'groups.monthly_limit_micros', type: 'bigint' },
      { column: 'models.input_price_micros_per_million', type: 'bigint' },
      { column: 'models.input_price_override_micros_per_million', type: 'bigint' },
      { column: 'models.output_price_micros_per_million', type: 'bigint' },
      { column: 'models.output_price_override_micros_per_million', type: 'bigint' },
      { column: 'org_settings.daily_limit_micros', type: 'bigint' },
      { column: 'org_settings.image_price_landscape_micros', type: 'bigint' },
      { column: 'org_settings.image_price_portrait_micros', type: 'bigint' },
      { column: 'org_settings.image_price_square_micros', type: 'bigint' },
      { column: 'org_settings.monthly_limit_micros', type: 'bigint' },
      { column: 'research_runs.cost_micros', type: 'bigint' },
      { column: 'usage_records.cost_micros', type: 'bigint' },
      { column: 'user_budget_overrides.daily_limit_micros', type: 'bigint' },
      { column: 'user_budget_overrides.monthly_limit_micros', type: 'bigint' },
    ])
  })

  test('is never negative', async () => {
    const [user] = await database.query<{ id: string }>(
      `insert into users (email, password_hash) values ('money@example.com', 'x') returning id`,
    )
    expect(
      await failureCode(`insert into usage_records (user_id, model_id, cost_micros) values ($1, 'm', -1)`, [
        user!.id,
      ]),
    ).toBe('23514')
    expect(
      await failureCode(
        `insert into budget_reservations (user_id, amount_micros, expires_at) values ($1, -1, now())`,
        [user!.id],
      ),
    ).toBe('23514')
  })
})

describe('socket.io postgres adapter', () => {
  test('its socket_io_attachments table is created by the migrations, with the documented schema', async () => {
    const columns = await database.query<{ name: string; type: string; default: string | null }>(
      `select column_name as name, data_type as type, column_default as default
       from information_schema.columns where table_schema = 'public' and table_name = 'socket_io_attachments'
       order by ordinal_position`,
    )
    expect(columns.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'id', type: 'bigint' },
      { name: 'created_at', type: 'timestamp with time zone' },
      { name: 'payload', type: 'bytea' },
    ])
    expect(columns[0]!.default).toContain('nextval')
    expect(columns[1]!.default).toBe('now()')
    const [unique] = await database.query<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'socket_io_attachments'::regclass and contype = 'u'`,
    )
    expect(unique!.definition).toBe('UNIQUE (id)')
    // What the adapter does with it: insert a payload, read it back by id.
    const [row] = await database.query<{ id: string }>(
      `insert into socket_io_attachments (payload) values ($1) returning id`,
      [new Uint8Array([1, 2, 3])],
    )
    const [read] = await database.query<{ payload: Uint8Array }>(
      `select payload from socket_io_attachments where id = $1`,
      [row!.id],
    )
    expect([...read!.payload]).toEqual([1, 2, 3])
  })
})

/** A database no migration has touched: PGlite in memory, or a throwaway one on TEST_DATABASE_URL. */
async function openEmptyDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return openPglite()
  const name = `parley_test_${crypto.randomUUID().replaceAll('-', '')}`
  const admin = openPostgres(serverUrl, { max: 1 })
  await admin.exec(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  // One connection: migrate() holds a session advisory lock.
  const empty = openPostgres(url.toString(), { max: 1 })
  return {
    ...empty,
    close: async () => {
      await empty.close()
      await admin.exec(`drop database if exists ${name} with (force)`)
      await admin.close()
    },
  }
}

describe('upgrading a database left by release 0001', () => {
  test('converts dollars to micro-dollars exactly, adds the missing FK indexes and keeps an existing socket.io table', async () => {
    const old = await openEmptyDatabase()
    try {
      await migrate(old, migrations.slice(0, 2))
      expect(await unindexedForeignKeys(old)).toEqual([
        'usage_records_chat_id_chats_id_fk',
        'usage_records_message_id_messages_id_fk',
      ])
      const [user] = await old.query<{ id: string }>(
        `insert into users (email, password_hash) values ('old@example.com', 'x') returning id`,
      )
      // 0.1 + 0.2 as a double (0.30000000000000004), the noise float sums left behind.
      await old.query(
        `insert into usage_records (user_id, model_id, cost_usd) values ($1, 'm', 0.1::float8 + 0.2::float8), ($1, 'm', 0.000015), ($1, 'm', 2.5)`,
        [user!.id],
      )
      await old.query(
        `insert into budget_reservations (user_id, amount_usd, expires_at) values ($1, 2.0480001, now())`,
        [user!.id],
      )
      await old.query(
        `insert into models (id, name, provider, input_price_per_million, output_price_per_million) values ('gpt', 'GPT', 'openai', 0.15, 0.6)`,
      )
      // What src/realtime/server.ts created at start-up before migration 0005 did.
      await old.exec(`create table if not exists socket_io_attachments (
        id bigserial unique, created_at timestamptz default now(), payload bytea)`)

      const { applied } = await migrate(old)
      expect(applied).toEqual(migrations.slice(2).map((migration) => migration.tag))
      const costs = await old.query<{ cost: string | number }>(
        'select cost_micros as cost from usage_records order by cost_micros',
      )
      expect(costs.map((row) => Number(row.cost))).toEqual([15, 300_000, 2_500_000])
      // A reservation stays a worst case: rounded up.
      const [reservation] = await old.query<{ amount: string | number }>(
        'select amount_micros as amount from budget_reservations',
      )
      expect(Number(reservation!.amount)).toBe(2_048_001)
      const [model] = await old.query<{ input: string | number; output: string | number }>(
        'select input_price_micros_per_million as input, output_price_micros_per_million as output from models',
      )
      expect([Number(model!.input), Number(model!.output)]).toEqual([150_000, 600_000])
      expect(await unindexedForeignKeys(old)).toEqual([])
    } finally {
      await old.close()
    }
  }, 60_000)
})

describe('the audit trail', () => {
  test('is append-only: an entry cannot be changed, deleted or truncated', async () => {
    await database.query(
      `insert into audit_log (actor_id, actor_email, action, target_type) values (gen_random_uuid(), 'a@example.com', 'user.ban', 'user')`,
    )
    for (const statement of [
      `update audit_log set action = 'nothing'`,
      'delete from audit_log',
      'truncate audit_log',
    ]) {
      await expect(database.query(statement)).rejects.toThrow('append-only')
    }
    const rows = await database.query<{ action: string }>('select action from audit_log')
    expect(rows).toEqual([{ action: 'user.ban' }])
  })
})

describe('upgrading a database left by release 0018', () => {
  test('every chat becomes a single-branch tree in the order it was read; nothing is lost', async () => {
    const old = await openEmptyDatabase()
    try {
      const before = migrations.findIndex((migration) => migration.tag === '0019_message_tree')
      await migrate(old, migrations.slice(0, before))
      const [user] = await old.query<{ id: string }>(
        `insert into users (email, password_hash) values ('tree@example.com', 'x') returning id`,
      )
      const chatIds: string[] = []
      for (const title of ['One', 'Two']) {
        const [chat] = await old.query<{ id: string }>(
          'insert into chats (user_id, title) values ($1, $2) returning id',
          [user!.id, title],
        )
        chatIds.push(chat!.id)
      }
      // Two messages at the same instant: the id decides, as the old reads did.
      const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString()
      const rows = [
        [chatIds[0], 'q1', true, at(0)],
        [chatIds[0], 'a1', false, at(1)],
        [chatIds[0], 'q2', true, at(5)],
        [chatIds[0], 'a2', false, at(5)],
        [chatIds[1], 'only', true, at(2)],
      ]
      for (const [chatId, content, isUser, createdAt] of rows) {
        await old.query(
          'insert into messages (chat_id, user_id, content, is_user, created_at) values ($1, $2, $3, $4, $5)',
          [chatId, user!.id, content, isUser, createdAt],
        )
      }
      const readOld = (chatId: string) =>
        old.query<{ id: string; content: string }>(
          'select id, content from messages where chat_id = $1 order by created_at, id',
          [chatId],
        )
      const oldOrder = await readOld(chatIds[0]!)

      await migrate(old)
      const tree = await old.query<{ id: string; parent_id: string | null }>(
        'select id, parent_id from messages where chat_id = $1 order by created_at, id',
        [chatIds[0]],
      )
      expect(tree.map((row) => row.id)).toEqual(oldOrder.map((row) => row.id))
      expect(tree.map((row) => row.parent_id)).toEqual([null, ...oldOrder.slice(0, -1).map((row) => row.id)])
      const [single] = await old.query<{ parent_id: string | null }>(
        'select parent_id from messages where chat_id = $1',
        [chatIds[1]],
      )
      expect(single!.parent_id).toBeNull()
      const [leaves] = await old.query<{ n: number | string }>(
        'select count(*) as n from chats where current_leaf_id is not null',
      )
      expect(Number(leaves!.n)).toBe(0)
      expect(await unindexedForeignKeys(old)).toEqual([])
    } finally {
      await old.close()
    }
  }, 60_000)
})
