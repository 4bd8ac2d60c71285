import type { PGlite } from '@electric-sql/pglite'

/** What a stretch of work cost the database: statements sent (BEGIN and COMMIT included) and their time. */
export interface QueryCost {
  queries: number
  ms: number
  /** The statements' SQL, in order (for a failing count's message). */
  statements: string[]
}

/**
 * Counts the statements an in-process PGlite runs, and the time they take (tests and benchmarks:
 * src/perf/query-count.test.ts pins the hot paths' counts). Every `query`, `exec` and statement of a
 * `transaction` goes through PGlite's `_runExclusiveQuery`, once each; the SQL comes from the
 * public entry points that lead there.
 */
export function countQueries(pglite: PGlite) {
  let cost: QueryCost = { queries: 0, ms: 0, statements: [] }
  const target = pglite as unknown as {
    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
  }
  const runExclusive = target._runExclusiveQuery.bind(pglite)
  target._runExclusiveQuery = async <T>(fn: () => Promise<T>) =>
    runExclusive(async () => {
      const started = performance.now()
      try {
        return await fn()
      } finally {
        cost.queries += 1
        cost.ms += performance.now() - started
      }
    })
  const note = (text: string) => cost.statements.push(text.replace(/\s+/g, ' ').slice(0, 160))
  /** Notes the SQL of every `query` and `exec` call on `target` (the instance, or a transaction). */
  const noteCalls = (target: object) => {
    const methods = target as Record<'query' | 'exec', (text: string, ...rest: unknown[]) => Promise<unknown>>
    for (const method of ['query', 'exec'] as const) {
      const original = methods[method].bind(target)
      methods[method] = (text, ...rest) => {
        note(text)
        return original(text, ...rest)
      }
    }
  }
  noteCalls(pglite)
  const transaction = pglite.transaction.bind(pglite)
  pglite.transaction = (callback) =>
    transaction(async (tx) => {
      note('BEGIN')
      noteCalls(tx)
      try {
        return await callback(tx)
      } finally {
        note('COMMIT / ROLLBACK')
      }
    })
  return {
    /** The cost since the last `take` (or since counting began), and a fresh start. */
    take(): QueryCost {
      const taken = cost
      cost = { queries: 0, ms: 0, statements: [] }
      return taken
    },
  }
}
