import { DrizzleQueryError } from 'drizzle-orm/errors'

/*
 * Errors that mean "the database is away for a moment" (the embedded database's process restarting,
 * a Postgres server restarting or unreachable), as opposed to a query that is wrong. The HTTP layer
 * answers them 503 with Retry-After; background writes that must not be lost (a reply's outcome)
 * retry them (`whileDatabaseRestarts`).
 */
const UNAVAILABLE_CODES = new Set([
  'QUERY_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P03',
])
/** A connect() to a database that is down (ENOENT: the socket file is gone); a file's ENOENT is not one. */
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT'])
/** The connection dropped under a query (the database process was killed): only below a drizzle query error. */
const DROPPED_CODES = new Set(['ECONNRESET', 'EPIPE'])

export function databaseUnavailable(error: unknown): boolean {
  let inQuery = false
  for (let current = error, hops = 0; current && hops < 5; hops++) {
    if (current instanceof DrizzleQueryError) inQuery = true
    const { code, syscall } = current as { code?: unknown; syscall?: unknown }
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.has(code)) return true
      if (CONNECT_CODES.has(code) && syscall === 'connect') return true
      if (inQuery && DROPPED_CODES.has(code)) return true
    }
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * Runs `attempt` again while it fails because the database is away (see above), waiting 100 ms,
 * then twice as long each time up to 1 s, until `withinMs` has passed; any other error, or the last
 * one, is thrown. `attempt` gets its try number (0 first) so a retry can first check whether an
 * earlier try took effect before its answer was lost.
 */
export async function whileDatabaseRestarts<T>(
  attempt: (tryNumber: number) => Promise<T>,
  withinMs = 30_000,
): Promise<T> {
  const deadline = performance.now() + withinMs
  let wait = 100
  for (let tryNumber = 0; ; tryNumber++) {
    try {
      return await attempt(tryNumber)
    } catch (error) {
      if (!databaseUnavailable(error) || performance.now() + wait > deadline) throw error
      await Bun.sleep(wait)
      wait = Math.min(wait * 2, 1_000)
    }
  }
}
