import type postgres from 'postgres'

/**
 * How many statement texts one client prepares at most, so that statements built with a varying
 * shape (an `IN` list of any length) cannot fill a database session's memory: past this many, a
 * text runs unnamed (the embedded database is one session for the life of its process).
 */
export const MAX_PREPARED_TEXTS = 400
/**
 * A statement with more parameters than this is never prepared: those are the ones built to the
 * size of their input (a VALUES list, an `IN` list of ids), each size another text, and each run
 * does enough work that a Describe more does not count.
 */
export const MAX_PREPARED_PARAMETERS = 32
/** Texts seen once are remembered up to this many, then forgotten all at once. */
const MAX_SEEN_TEXTS = 5_000

/**
 * The statements of a postgres.js client, prepared once they repeat (decision 194).
 *
 * postgres.js sends an unnamed statement that has parameters in two round trips: Parse and Describe,
 * then, once the parameter types are back, Bind and Execute; meanwhile nothing else is pipelined on
 * that connection. Drizzle runs every statement it did not `.prepare()` that way. A named statement
 * pays for the Describe once per connection and then goes out in one write with the others queued
 * behind it: 8–13 µs of CPU per query on this machine, against 34–40 for the same query unnamed.
 *
 * So a statement text seen a second time is prepared from then on, up to MAX_PREPARED_TEXTS texts;
 * one seen once (an administrator's filter, a migration) or built to the size of its input (more
 * than MAX_PREPARED_PARAMETERS parameters) runs unnamed as before. A statement the
 * caller prepares itself (`.prepare()`, `db/prepared.ts`) is left as it asked. Transactions and
 * savepoints get the same rule, through the client they hand to their callback.
 */
export function prepareRepeated<T extends postgres.Sql>(sql: T, maxTexts = MAX_PREPARED_TEXTS): T {
  const prepared = new Set<string>()
  let seen = new Set<string>()
  const shouldPrepare = (text: string, parameters: number): boolean => {
    if (prepared.has(text)) return true
    if (parameters > MAX_PREPARED_PARAMETERS) return false
    if (!seen.has(text)) {
      if (seen.size >= MAX_SEEN_TEXTS) seen = new Set()
      seen.add(text)
      return false
    }
    if (prepared.size >= maxTexts) return false
    prepared.add(text)
    return true
  }
  return wrap(sql, shouldPrepare)
}

type Client = postgres.Sql | postgres.TransactionSql
type UnsafeOptions = { prepare?: boolean } | undefined
type Rule = (text: string, parameters: number) => boolean

function wrap<T extends Client>(client: T, shouldPrepare: Rule): T {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe')
        return (text: string, parameters?: unknown[], options?: UnsafeOptions) =>
          target.unsafe(text, parameters as postgres.ParameterOrJSON<never>[], {
            ...options,
            // Drizzle says `prepare: false` for every statement it did not prepare itself.
            prepare: options?.prepare === true || shouldPrepare(text, parameters?.length ?? 0),
          })
      if (key === 'begin' || key === 'savepoint')
        return (...args: unknown[]) => {
          const callback = args.at(-1) as (inner: Client) => unknown
          const rest = args.slice(0, -1)
          const method = Reflect.get(target, key) as (...all: unknown[]) => unknown
          return method.call(target, ...rest, (inner: Client) => callback(wrap(inner, shouldPrepare)))
        }
      const value = Reflect.get(target, key, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
