import { type AnyColumn, sql } from 'drizzle-orm'
import { check } from 'drizzle-orm/pg-core'

/**
 * A CHECK constraint holding a `text(..., { enum })` column to its values. Drizzle's enum option
 * only narrows the TypeScript type; without this the database takes any string from a raw query,
 * a migration or another client. The values are inlined (a CHECK cannot take parameters); they
 * are our own literals, never user input.
 */
export function enumCheck(name: string, column: AnyColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')
  return check(name, sql`${column} in (${sql.raw(list)})`)
}

/** Money is integer micro-dollars and never negative (docs/decisions/102-exact-money-and-constraints.md). */
export function nonNegativeCheck(name: string, column: AnyColumn) {
  return check(name, sql`${column} >= 0`)
}
