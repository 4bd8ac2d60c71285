import type { Db } from './client'

/**
 * A statement Drizzle builds once per database and reuses, for the queries every page load runs
 * (a chat list, a chat, a message page): assembling the same SQL again each time was a tenth of
 * such a request's CPU. Values go in as `sql.placeholder(...)`; the scoping rule of the `*-data.ts`
 * files holds, since the actor's id is one of them.
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>()
  return (db) => {
    let statement = statements.get(db)
    if (!statement) {
      statement = build(db)
      statements.set(db, statement)
    }
    return statement
  }
}
