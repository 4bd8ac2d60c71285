import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db } from '../../db/client'
import { recordAudit } from '../access/audit'
import type { AppContext } from '../context'
import type { Actor } from './actor'

/*
 * The audit entry of a write made while impersonating (support access, decision 117) is committed
 * in the same transaction as the write (docs/decisions/141-request-order.md): a crash or a database
 * failure between the two can no longer keep the write and lose its entry, and a write that fails
 * (rolled back) leaves no entry.
 *
 * The handler runs in an async scope that holds the pending entry. The app's database joins it to
 * the first write that commits inside that scope: a `db.transaction(...)` gets the entry as its
 * last statement; a single INSERT, UPDATE or DELETE on `db` itself runs in a transaction with the
 * entry, which is kept only when the statement changed a row (an UPDATE that found nothing, say for
 * another user's id, is a 404 and no write). A request that changed nothing through the database
 * (a storage write only, a job queued by raw SQL) is audited after its handler succeeded, as before.
 */

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

interface PendingEntry {
  /** `written` once a transaction holding the entry committed (or the fallback wrote it). */
  state: 'pending' | 'writing' | 'written'
  record(db: Db): Promise<void>
}

interface Scope {
  entry: PendingEntry
  /** Inside a transaction the scope opened or joined: statements there are already covered. */
  inTransaction: boolean
}

const scopes = new AsyncLocalStorage<Scope>()
const entries = new WeakMap<Request, PendingEntry>()

type HookContext = {
  request: Request
  route: string
  server: { requestIP(request: Request): { address: string } | null } | null
  set: { status?: number | string }
}

/**
 * The `auth` macro's hooks for support-access writes: the scope opens right before the handler
 * (after every check and validation, so a refused request never holds one) and the fallback entry
 * is written after it.
 */
export function supportWriteAudit(ctx: AppContext) {
  return {
    // Synchronous on purpose: `enterWith` then holds for the handler that Elysia calls next.
    beforeHandle(context: HookContext) {
      const { request, route, server } = context
      const actor = (context as { actor?: Actor }).actor
      if (!actor?.impersonation || !MUTATIONS.has(request.method)) return
      joinWrites(ctx.db)
      const impersonation = actor.impersonation
      const entry: PendingEntry = {
        state: 'pending',
        record: (db) =>
          recordAudit(
            { config: ctx.config, db },
            { ...actor, email: impersonation.adminEmail },
            {
              action: 'impersonation.write',
              targetType: 'route',
              targetId: `${request.method} ${route}`,
              details: { path: new URL(request.url).pathname, impersonationId: impersonation.id },
            },
            { request, server },
          ),
      }
      entries.set(request, entry)
      scopes.enterWith({ entry, inTransaction: false })
    },
    async afterHandle({ request, set }: HookContext) {
      const entry = entries.get(request)
      if (entry?.state !== 'pending') return
      if (typeof set.status === 'number' && set.status >= 400) return
      entry.state = 'writing'
      await entry.record(ctx.db)
      entry.state = 'written'
    },
  }
}

type Verb = 'insert' | 'update' | 'delete'
type Loose = Record<PropertyKey, unknown>
type Transaction = (run: (tx: Db) => Promise<unknown>, config?: unknown) => Promise<unknown>

const joined = new WeakSet<Db>()

/**
 * Makes `db` join a pending entry to its writes (see the top of this file). Outside a support
 * write's scope every call goes straight through; only the first impersonated write changes `db`.
 */
export function joinWrites(db: Db) {
  if (joined.has(db)) return
  joined.add(db)
  const target = db as unknown as Loose
  const transaction = (db.transaction as Transaction).bind(db)
  target.transaction = (run: (tx: Db) => Promise<unknown>, config?: unknown) => {
    const scope = openScope()
    if (!scope) return transaction(run, config)
    return withEntry(scope, (record) =>
      transaction(
        (tx) =>
          scopes.run({ ...scope, inTransaction: true }, async () => {
            const result = await run(tx)
            await record(tx)
            return result
          }),
        config,
      ),
    )
  }
  for (const verb of ['insert', 'update', 'delete'] as const) {
    const original = (target[verb] as (table: unknown) => unknown).bind(db)
    target[verb] = (table: unknown) => {
      const built = original(table)
      return openScope() ? deferred(built, verb, table, transaction) : built
    }
  }
}

/** The scope of a support write whose entry is still to be written, outside any transaction. */
function openScope(): Scope | undefined {
  const scope = scopes.getStore()
  return scope && !scope.inTransaction && scope.entry.state === 'pending' ? scope : undefined
}

/**
 * Runs a transaction that may hold the entry: `record(tx)` writes it there unless another write
 * took it first; it counts as written only once that transaction committed.
 */
async function withEntry<T>(
  scope: Scope,
  run: (record: (tx: Db, changed?: boolean) => Promise<void>) => Promise<T>,
): Promise<T> {
  let claimed = false
  const record = async (tx: Db, changed = true) => {
    if (!changed || scope.entry.state !== 'pending') return
    scope.entry.state = 'writing'
    claimed = true
    await scope.entry.record(tx)
  }
  try {
    const result = await run(record)
    if (claimed) scope.entry.state = 'written'
    return result
  } catch (error) {
    if (claimed) scope.entry.state = 'pending'
    throw error
  }
}

/**
 * A Drizzle write builder (`db.insert(t).values(v).returning()`) whose execution is moved into a
 * transaction with the entry: the chain is kept on the real builder (so everything but running it
 * behaves as Drizzle's) and built again on the transaction when awaited.
 */
function deferred(built: unknown, verb: Verb, table: unknown, transaction: Transaction): unknown {
  const steps: [PropertyKey, unknown[]][] = []
  let current = built as Loose
  const run = (): Promise<unknown> => {
    const scope = openScope()
    if (!scope) return Promise.resolve(current)
    return withEntry(scope, (record) =>
      transaction((tx) =>
        scopes.run({ ...scope, inTransaction: true }, async () => {
          const start = (tx as unknown as Loose)[verb] as (table: unknown) => Loose
          let builder = start.call(tx, table)
          for (const [key, args] of steps) {
            const step = builder[key] as (...args: unknown[]) => Loose
            builder = step.apply(builder, args)
          }
          const result = await (builder as unknown as Promise<unknown>)
          await record(tx, changedRows(result))
          return result
        }),
      ),
    )
  }
  const proxy: unknown = new Proxy(
    {},
    {
      get(_, key) {
        if (key === 'then')
          return (ok?: (value: unknown) => unknown, fail?: (error: unknown) => unknown) =>
            run().then(ok, fail)
        if (key === 'catch') return (fail: (error: unknown) => unknown) => run().catch(fail)
        if (key === 'finally') return (done: () => void) => run().finally(done)
        if (key === 'execute') return () => run()
        const value = current[key]
        if (typeof value !== 'function' || key === 'constructor') return value
        return (...args: unknown[]) => {
          const next = (value as (...args: unknown[]) => unknown).apply(current, args)
          // A step of the chain (`values`, `set`, `where`, `returning`...) returns a builder.
          const isStep = next === current || typeof (next as Loose | null)?.then === 'function'
          if (!isStep) return next
          steps.push([key, args])
          current = next as Loose
          return proxy
        }
      },
    },
  )
  return proxy
}

/**
 * Whether a write's result shows a changed row: the returned rows, or the drivers' counts
 * (postgres.js `count`, PGlite `affectedRows`). Unknown shapes count as a change.
 */
function changedRows(result: unknown): boolean {
  if (result && typeof result === 'object') {
    const counts = result as { count?: unknown; affectedRows?: unknown; rowCount?: unknown }
    for (const count of [counts.count, counts.affectedRows, counts.rowCount])
      if (typeof count === 'number') return count > 0
    if (Array.isArray(result)) return result.length > 0
  }
  return true
}
