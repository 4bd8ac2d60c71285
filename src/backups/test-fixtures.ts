import { expect } from 'bun:test'
import { createHash } from 'node:crypto'
import type { Database } from '../../db/client'
import type { Storage } from '../context'
import type { TestApp } from '../test/harness'

/**
 * A workspace worth backing up (for the backup suites): two accounts with sessions, chats whose
 * messages hold text COPY must escape (tabs, newlines, backslashes, quotes, emoji), uploads with
 * their stored files, the organisation's settings and a sequence that has moved.
 */
export async function seedWorkspace(t: TestApp) {
  const alice = await t.createUser({ fullName: 'Alice \\ "Tab\tbed"' })
  const bob = await t.createUser({ fullName: 'Bob' })
  for (const [owner, title] of [
    [alice, 'Trip\nplans'],
    [alice, 'Ünïcödé 🚀'],
    [bob, "Bob's chat"],
  ] as const) {
    const [chat] = await t.database.query<{ id: string }>(
      'insert into chats (user_id, title) values ($1, $2) returning id',
      [owner.id, title],
    )
    await t.database.query(
      'insert into messages (chat_id, user_id, content, is_user) values ($1, $2, $3, true), ($1, $2, $4, false)',
      [chat!.id, owner.id, 'line one\nline two\ttab \\ backslash \\N', ''],
    )
  }
  for (const [user, name, text] of [
    [alice, 'notes.txt', 'alice notes'],
    [alice, 'data.csv', 'a,b\n1,2'],
    [bob, 'bob.txt', 'bob file'],
  ] as const) {
    const form = new FormData()
    form.append('file', new File([text], name, { type: 'text/plain' }))
    const upload = await t.request('/api/uploads', { method: 'POST', headers: user.headers, body: form })
    expect(upload.status).toBe(201)
  }
  await t.database.query(
    `insert into org_settings (id, brand_company_name, alert_threshold, time_zone) values (1, $1, 70, 'Europe/Paris')
     on conflict (id) do update set brand_company_name = excluded.brand_company_name, alert_threshold = 70`,
    ['Acme "Backups" \\ Ltd'],
  )
  await t.database.exec(`insert into socket_io_attachments (payload) values ('\\x00ff'::bytea), (null)`)
  return { alice, bob }
}

/** Every row of every table of the public schema (but the sessions and migrations), as sorted JSON. */
export async function tableRows(database: Database): Promise<Record<string, string[]>> {
  const tables = await database.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')
     and relname not in ('parley_migrations', 'sessions') order by relname`,
  )
  const rows: Record<string, string[]> = {}
  for (const { name } of tables)
    rows[name] = (
      await database.query<{ row: string }>(`select row_to_json(t)::text as row from "${name}" t`)
    )
      .map((row) => row.row)
      .sort()
  return rows
}

/** Each stored file's key and sha256. */
export async function storedFiles(storage: Storage): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const key of await storage.list(''))
    files[key] = createHash('sha256')
      .update(new Uint8Array(await (await storage.get(key))!.arrayBuffer()))
      .digest('hex')
  return files
}
