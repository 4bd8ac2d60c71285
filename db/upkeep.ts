import type { Database } from './client'

/*
 * The embedded database's own upkeep (docs/decisions/169-embedded-upkeep.md). A Postgres server's
 * autovacuum keeps each table's statistics and free space current; PGlite runs no autovacuum, so
 * without this a table's statistics stay those of the day it was made (none at all for most): the
 * planner then guesses a handful of rows and, for a person with 4,000 chats, sorts them all for
 * every sidebar page instead of reading the first 50 from the index (3.8 against 0.8 ms a query).
 */

/** A table is due when it grew by more than this share of its size at its last upkeep... */
const GROWTH = 0.1
/** ...plus this many pages (8 kB each), so small tables are not taken on every pass. */
const SLACK_PAGES = 8

/**
 * Tables larger than this are analyzed only: ANALYZE reads a bounded sample whatever the size, but
 * a first VACUUM reads every page not yet marked all-visible, and the embedded process's watchdog
 * ends any statement that runs past 60 s (db/embedded/process.ts).
 */
const VACUUM_UP_TO_BYTES = 256 * 1024 * 1024

/**
 * The app's tables whose size moved since their statistics were last taken, or that never had
 * any. Read from the catalogue, which costs nothing: PGlite keeps no change counters
 * (pg_stat_user_tables stays at zero there), so the size on disk against the size the last
 * VACUUM or ANALYZE recorded (`relpages`) stands in for autovacuum's counts.
 */
export async function tablesDueForUpkeep(database: Database): Promise<{ name: string; bytes: number }[]> {
  const rows = await database.query<{ name: string; bytes: string | number }>(
    `select c.relname as name, pg_relation_size(c.oid) as bytes from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
       and (c.reltuples < 0 or pg_relation_size(c.oid) / 8192 > c.relpages * ${1 + GROWTH} + ${SLACK_PAGES})
     order by c.relname`,
  )
  return rows.map((row) => ({ name: row.name, bytes: Number(row.bytes) }))
}

/**
 * One pass: each due table vacuumed (its dead row versions' space made reusable) and analyzed (its
 * statistics taken again), one table per statement so the requests waiting on the one embedded
 * connection pass between them. Answers the tables taken.
 */
export async function embeddedUpkeep(database: Database): Promise<string[]> {
  const due = await tablesDueForUpkeep(database)
  for (const { name, bytes } of due) {
    const table = `"${name.replaceAll('"', '""')}"`
    await database.exec(bytes <= VACUUM_UP_TO_BYTES ? `vacuum (analyze) ${table}` : `analyze ${table}`)
  }
  return due.map((table) => table.name)
}
