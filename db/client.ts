import { existsSync, mkdirSync } from 'node:fs'
import type { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { prepareRepeated } from './prepare-repeated'
import * as schema from './schema'

export type Schema = typeof schema
/** The one database type the code sees, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs raw SQL with no parameters (migrations, extension checks). */
  exec(sql: string): Promise<void>
  /**
   * Runs raw SQL with no parameters, possibly several statements, and returns the rows of every
   * statement in order (the background-job queue's schema and lock blocks: src/jobs).
   */
  execRows(sql: string): Promise<Record<string, unknown>[]>
  /** Runs one query and returns its rows. */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>
  close(): Promise<void>
  /** The PGlite instance in embedded mode (for dumps in tests). */
  pglite?: PGlite
  /** The postgres.js client in server mode (the socket.io adapter uses it for LISTEN/NOTIFY). */
  sql?: postgres.Sql
}

/**
 * PGlite in this process (EMBEDDED_DATABASE=inline, the test suites, the CLI's inline mode). PGlite
 * and its driver are imported here, on first use: the server with the embedded database in its own
 * process (the default) or on Postgres never loads them (docs/decisions/137-idle-memory.md).
 */
async function fromPglite(pglite: PGlite): Promise<Database> {
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite')
  return {
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    kind: 'pglite',
    pglite,
    exec: async (text) => {
      await pglite.exec(text)
    },
    execRows: async (text) => (await pglite.exec(text)).flatMap((result) => result.rows),
    query: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
    close: () => pglite.close(),
  }
}

/** `startParams`: other than the embedded ones (EMBEDDED_START_PARAMS), for a bench. */
export async function openPglite(
  dataDir?: string,
  loadDataDir?: Blob,
  options: { startParams?: string[] } = {},
): Promise<Database> {
  const initdb = !loadDataDir && !(dataDir && existsSync(`${dataDir}/PG_VERSION`))
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const [{ PGlite }, { pgliteAssets, unaccent, vector }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./pglite-assets'),
  ])
  const pglite = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { vector, unaccent },
    ...(await pgliteAssets({ initdb })),
    ...(options.startParams ? { startParams: options.startParams } : {}),
  })
  return fromPglite(pglite)
}

export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const sql = postgres(url, { max: options.max ?? 10, onnotice: () => {} })
  const statements = prepareRepeated(sql)
  return {
    db: drizzlePostgres(statements, { schema }) as unknown as Db,
    kind: 'postgres',
    sql,
    exec: async (text) => {
      await sql.unsafe(text).simple()
    },
    execRows: async (text) => flattenSimple(await sql.unsafe(text).simple()),
    query: async <T>(text: string, params?: unknown[]) =>
      (await statements.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[])) as unknown as T[],
    close: () => sql.end({ timeout: 5 }),
  }
}

/**
 * postgres.js answers a simple query with the rows of its one statement, or with one array of rows
 * per statement when there are several.
 */
export function flattenSimple(result: unknown): Record<string, unknown>[] {
  const rows = result as unknown[]
  if (rows.length > 0 && rows.every((item) => Array.isArray(item)))
    return (rows as Record<string, unknown>[][]).flat()
  return rows as Record<string, unknown>[]
}
