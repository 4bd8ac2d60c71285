import { once } from 'node:events'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type postgres from 'postgres'

/** `database/tables.json`: what a Postgres backup's COPY members hold, in the order to load them. */
export interface PostgresPlan {
  tables: { name: string; columns: string[]; rows: number }[]
  /** Each sequence's value (null: never used), set again after the rows are loaded. */
  sequences: { name: string; value: string | null }[]
}

/** Left out: the migrations table (the restore runs the migrations up to the same level). */
const SKIPPED = new Set(['parley_migrations'])

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * A logical dump through the app's own connection: one REPEATABLE READ, read-only transaction (one
 * snapshot, so every table is as of the same instant while the server keeps writing), each table of
 * the public schema COPYed to a file in `spoolDir`, parents before children (foreign keys), and the
 * sequences' values. No pg_dump binary is needed; the schema itself comes from the migrations.
 * Background jobs (pg-boss's own schema) are not in it.
 */
export async function dumpPostgres(
  sql: postgres.Sql,
  spoolDir: string,
): Promise<{ plan: PostgresPlan; migrations: string[]; spooled: Map<string, string> }> {
  return (await sql.begin('isolation level repeatable read read only', async (tx) => {
    const names = (
      await tx.unsafe<{ name: string }[]>(
        `select relname as name from pg_class where relnamespace = 'public'::regnamespace
         and relkind in ('r', 'p') and not relispartition order by relname`,
      )
    )
      .map((row) => row.name)
      .filter((name) => !SKIPPED.has(name))
    const references = await tx.unsafe<{ child: string; parent: string }[]>(
      `select conrelid::regclass::text as child, confrelid::regclass::text as parent from pg_constraint
       where contype = 'f' and connamespace = 'public'::regnamespace`,
    )
    const migrations = (
      await tx
        .unsafe<{ tag: string }[]>(`select tag from parley_migrations order by tag`)
        .catch(() => [] as { tag: string }[])
    ).map((row) => row.tag)

    const plan: PostgresPlan = { tables: [], sequences: [] }
    const spooled = new Map<string, string>()
    for (const name of loadOrder(names, references)) {
      const columns = (
        await tx.unsafe<{ name: string }[]>(
          `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0
           and not attisdropped and attgenerated = '' order by attnum`,
          [quoteIdent(name)],
        )
      ).map((row) => row.name)
      const path = join(spoolDir, `${plan.tables.length}.copy`)
      const sink = Bun.file(path).writer()
      let rows = 0
      const copy = await tx
        .unsafe(`copy ${quoteIdent(name)} (${columns.map(quoteIdent).join(', ')}) to stdout`)
        .readable()
      // Read flowing, so its buffer never fills: postgres.js pauses its socket when it does, and a
      // `for await` reader then hung for good here (Bun, a 4,000-row table; not seen on small ones).
      await new Promise<void>((resolve, reject) => {
        copy.on('data', (chunk: Uint8Array) => {
          // COPY's text format ends every row with a newline and escapes the ones inside values.
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++
          sink.write(chunk)
        })
        copy.once('end', resolve)
        copy.once('error', reject)
      })
      await sink.end()
      plan.tables.push({ name, columns, rows })
      spooled.set(name, path)
    }
    const sequences = await tx.unsafe<{ name: string }[]>(
      `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'S'
       order by relname`,
    )
    for (const { name } of sequences) {
      const [state] = await tx.unsafe<{ value: string; called: boolean }[]>(
        `select last_value::text as value, is_called as called from ${quoteIdent(name)}`,
      )
      plan.sequences.push({ name, value: state?.called ? state.value : null })
    }
    return { plan, migrations, spooled }
  })) as { plan: PostgresPlan; migrations: string[]; spooled: Map<string, string> }
}

/** Parents before children; a table in a cycle (none today) comes after the rest, by name. */
export function loadOrder(names: string[], references: { child: string; parent: string }[]): string[] {
  const known = new Set(names)
  const parents = new Map(names.map((name) => [name, new Set<string>()]))
  for (const { child, parent } of references) {
    const c = child.replace(/^"|"$/g, '')
    const p = parent.replace(/^"|"$/g, '')
    if (c !== p && known.has(c) && known.has(p)) parents.get(c)?.add(p)
  }
  const order: string[] = []
  const placed = new Set<string>()
  for (;;) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)),
    )
    if (ready.length === 0) break
    for (const name of ready) {
      order.push(name)
      placed.add(name)
    }
  }
  return [...order, ...names.filter((name) => !placed.has(name))]
}

/**
 * Loads one table's COPY data, in the restore's transaction. The columns are named, so a column
 * the target has and the backup lacks keeps its default.
 */
export async function copyIntoTable(
  tx: postgres.TransactionSql,
  table: PostgresPlan['tables'][number],
  body: AsyncIterable<Uint8Array>,
): Promise<void> {
  const writable = await tx
    .unsafe(`copy ${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')}) from stdin`)
    .writable()
  await pipeline(Readable.from(body), writable)
  if (!writable.writableFinished) await once(writable, 'finish')
}
