import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { OrgSettings } from '../../db/schema'
import { whileDatabaseRestarts } from '../../db/unavailable'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { groupPolicy, readGroupPolicy } from '../groups/policy'
import { AppError } from '../http/errors'
import { budgetFor } from './budget-data'
import { type BudgetStatus, exceededMessage, exceededPeriod } from './budget-state'
import { budgetStatus, type EffectiveBudget, effectiveBudget, isEnforced } from './effective'
import type { Micros } from './money'
import { readOrgSettingsRow } from './org-settings-data'
import { periodStarts } from './periods'

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'orgSettings'>

/**
 * How long an instance trusts its copy of the organisation's settings for showing a budget. The
 * instance that saves a change forgets its copy at once (`ctx.orgSettings.forget()`); the others, which
 * share only the database, see it within this many seconds. Decisions to admit or refuse a request
 * never use the copy: they read the row inside the per-user lock (`reserveBudget`).
 */
export const ORG_SETTINGS_TTL_MS = 5_000

/** Through the app's `orgSettings` copy (ORG_SETTINGS_TTL_MS). */
function cachedOrgSettings(ctx: Ctx): Promise<OrgSettings | null> {
  return ctx.orgSettings.get(() => readOrgSettingsRow(ctx.db))
}

/** The organisation's defaults (its settings over the environment), as shown to everyone. */
export async function getOrgBudget(ctx: Ctx): Promise<EffectiveBudget> {
  return effectiveBudget(ctx.config, await cachedOrgSettings(ctx), null)
}

/**
 * The budget that applies to the actor: their override ?? their groups' most generous limit ?? the
 * organisation's setting ?? the environment. `fresh` reads the organisation's row and the groups
 * from `ctx.db` (a decision, inside its lock) instead of this instance's short-lived copies.
 */
export async function effectiveBudgetFor(
  ctx: Ctx,
  actor: Actor,
  options: { fresh?: boolean } = {},
): Promise<EffectiveBudget> {
  if (options.fresh) {
    // One after the other: `ctx.db` is the decision's transaction.
    const org = await readOrgSettingsRow(ctx.db)
    const override = await budgetFor(ctx.db, actor).override()
    return effectiveBudget(ctx.config, org, override, await readGroupPolicy(ctx.db, actor.userId))
  }
  const [org, override, groups] = await Promise.all([
    cachedOrgSettings(ctx),
    budgetFor(ctx.db, actor).override(),
    groupPolicy(ctx, actor.userId),
  ])
  return effectiveBudget(ctx.config, org, override, groups)
}

/** The actor's spend today and this month, in the organisation's time zone, in micro-dollars. */
function spendMicros(ctx: Ctx, actor: Actor, timeZone: string): Promise<{ daily: Micros; monthly: Micros }> {
  const { day, month } = periodStarts(ctx.now(), timeZone)
  return budgetFor(ctx.db, actor).spend(day, month)
}

/**
 * This user's spend today and this month (days and months begin at midnight in the organisation's
 * time zone), with the limits that apply to them, in dollars (the API's unit). No limit reads 0.
 */
export async function getBudgetStatus(ctx: Ctx, actor: Actor): Promise<BudgetStatus> {
  const org = await cachedOrgSettings(ctx)
  // The periods follow the organisation's time zone (an override never sets one), so the override
  // and the spend are read together, in one statement.
  const { timeZone } = effectiveBudget(ctx.config, org, null)
  const { day, month } = periodStarts(ctx.now(), timeZone)
  const [{ override, daily, monthly }, groups] = await Promise.all([
    budgetFor(ctx.db, actor).overrideAndSpend(day, month),
    groupPolicy(ctx, actor.userId),
  ])
  return budgetStatus(effectiveBudget(ctx.config, org, override, groups), { daily, monthly })
}

export interface UsageInput {
  /** Null for a call outside a chat (drafting a prompt with AI). */
  chatId: string | null
  messageId: string | null
  modelId: string
  promptTokens: number
  completionTokens: number
  costMicros: Micros
  estimated: boolean
  /** The team-API key the call came through (issue 31); absent: the web app. */
  apiKeyId?: string | null
}

/**
 * Stores the real cost of a call and, in the same transaction, drops the call's reservation, so
 * that another instance deciding meanwhile counts this call exactly once (reserved, or spent).
 */
export async function recordUsage(
  ctx: Ctx,
  actor: Actor,
  usage: UsageInput,
  reservation?: Reservation,
): Promise<void> {
  const row = { ...usage, createdAt: ctx.now() }
  if (!reservation?.id) {
    await budgetFor(ctx.db, actor).recordUsage(row)
    return
  }
  const reservationId = reservation.id
  await ctx.db.transaction(async (tx) => {
    const budget = budgetFor(tx, actor)
    await budget.recordUsage(row)
    await budget.release(reservationId)
  })
}

/**
 * The usage row of a call with nothing reserved, as a statement for the caller to run inside its
 * own (a reply's outcome and usage in one round trip). A call holding a reservation uses
 * `recordUsage`, which drops it in the same transaction.
 */
export function usageStatement(ctx: Ctx, actor: Actor, usage: UsageInput): SQL {
  return budgetFor(ctx.db, actor).recordUsageStatement({ ...usage, createdAt: ctx.now() })
}

export interface Settlement<T> {
  /** What the call used; undefined when nothing was (it failed before its first word). */
  usage: UsageInput | undefined
  reservation: Reservation
  /**
   * Writes the answer's outcome on `db`, running `alongside` (the usage row's insert) with it, in the
   * same statement or transaction. Absent for a call with no answer of its own (a research step).
   */
  store?: (db: Db, alongside: SQL | undefined) => Promise<T | undefined>
  /** `store` writes several statements: always give it a transaction. */
  atomic?: boolean
  /**
   * After the database went away mid-write (its process restarting), the outcome again, only where
   * the earlier try did not take effect (a message still streaming); undefined when it had. Without
   * it, a failed write is thrown, not retried.
   */
  retry?: (db: Db) => Promise<T | undefined>
}

type SettleContext = Ctx & Pick<AppContext, 'realtime'>

/**
 * Settles a finished answer with the budget, its one visit here (reserveBudget was the first): the
 * outcome (`store`) and the usage row are written together (one statement when nothing was
 * reserved; else one transaction that also drops the reservation, so another instance deciding
 * meanwhile counts the call exactly once), retried while the database restarts; then the person's
 * tabs get their new budget. The reservation is dropped whatever happens.
 */
export async function settleReply<T>(
  ctx: SettleContext,
  actor: Actor,
  { usage, reservation, store, atomic, retry }: Settlement<T>,
): Promise<T | undefined> {
  const row = usage ? { ...usage, createdAt: ctx.now() } : undefined
  const write = async (db: Db, retrying: boolean): Promise<T | undefined> => {
    if (retrying && retry) {
      const written = await retry(db)
      // Not written: the earlier try was committed, its usage row with it.
      if (written && row) await budgetFor(db, actor).recordUsage(row)
      return written
    }
    if (store) return store(db, row && budgetFor(db, actor).recordUsageStatement(row))
    if (row) await budgetFor(db, actor).recordUsage(row)
    return undefined
  }
  let released = false
  try {
    const written = await whileDatabaseRestarts((tryNumber) => {
      const retrying = tryNumber > 0 && retry !== undefined
      const reservationId = reservation.id
      if (!reservationId && !retrying && !atomic) return write(ctx.db, false)
      return ctx.db.transaction(async (tx) => {
        const written = await write(tx, retrying)
        if (reservationId) await budgetFor(tx, actor).release(reservationId)
        return written
      })
    })
    released = true
    return written
  } finally {
    // Gone with the usage (same transaction) unless that failed; then dropped here.
    if (!released) await reservation.release()
    void pushBudget(ctx, actor)
  }
}

/** The person's tabs get their budget after a call was charged. */
async function pushBudget(ctx: SettleContext, actor: Actor): Promise<void> {
  try {
    ctx.realtime.toUser(actor.userId, 'budget:updated', await getBudgetStatus(ctx, actor))
  } catch (error) {
    ctx.log.warn('could not push the budget', { userId: actor.userId, error })
  }
}

export interface Reservation {
  /** The reservation row; null when the budget is not enforced and nothing was reserved. */
  readonly id: string | null
  /** Drops the reservation (the call was refused later, or ended without recording a cost). Never throws. */
  release(): Promise<void>
}

/** No reservation: the budget is not enforced, or the step reserved nothing. */
export const NOTHING_RESERVED: Reservation = { id: null, release: async () => {} }

/**
 * How long a reservation counts: a reply is cut off after AI_TIMEOUT_MS, and the margin covers the
 * web search and the final saves. A reservation left behind by a crash stops counting after this.
 */
export const reservationTtlMs = (config: Ctx['config']) => config.ai.requestTimeoutMs + 60_000

/**
 * With enforcement on (the user's, the organisation's or BUDGET_ENFORCE), refuses (429) a request
 * when the user's spend plus what their in-flight requests have reserved is at or over a limit;
 * otherwise reserves `estimateMicros` until the answer's real cost is recorded. Reservations are
 * rows, so every instance on one Postgres sees the others'; reading the limits, the spend and the
 * reservations, deciding and inserting the new one happen in one transaction holding a
 * transaction-level advisory lock on the user, so concurrent sends at the limit, on any number of
 * instances, overshoot it by at most one reservation, and a limit an administrator changed on any
 * instance applies to the next decision. (PGlite runs one transaction at a time, which serialises
 * the decisions the same way.)
 */
export async function reserveBudget(ctx: Ctx, actor: Actor, estimateMicros: Micros): Promise<Reservation> {
  const now = ctx.now()
  // Most teams enforce no limit: then there is nothing to decide, and no lock or transaction to pay
  // for on every send (4 of a send's 9 statements). The organisation's settings come from the
  // cache here, so an instance that has not yet seen enforcement turned on (at most the cache's
  // lifetime) lets a send through as it did a moment before; once enforced, the decision below reads
  // them fresh under the lock.
  if (!isEnforced(await effectiveBudgetFor(ctx, actor))) return NOTHING_RESERVED
  const id = await ctx.db.transaction(async (tx) => {
    const rows = budgetFor(tx, actor)
    await rows.lockDecisions()
    const decide = { ...ctx, db: tx }
    const budget = await effectiveBudgetFor(decide, actor, { fresh: true })
    if (!isEnforced(budget)) return null
    const spent = await spendMicros(decide, actor, budget.timeZone)
    const reserved = await rows.reserved(now)
    // Decided in integer micro-dollars: spend exactly at the limit is refused, a micro-dollar under is not.
    const period = exceededPeriod(
      {
        dailyUsed: spent.daily,
        dailyLimit: budget.dailyLimitMicros,
        monthlyUsed: spent.monthly,
        monthlyLimit: budget.monthlyLimitMicros,
      },
      reserved,
    )
    if (period) throw new AppError('rate_limited:budget', exceededMessage(period))
    return rows.reserve(estimateMicros, now, new Date(now.getTime() + reservationTtlMs(ctx.config)))
  })
  if (id === null) return NOTHING_RESERVED
  let released = false
  return {
    id,
    async release() {
      if (released) return
      released = true
      try {
        await budgetFor(ctx.db, actor).release(id)
      } catch (error) {
        // It stops counting when it expires.
        ctx.log.warn('could not release a budget reservation', { userId: actor.userId, error })
      }
    },
  }
}
