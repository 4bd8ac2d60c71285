import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { budgetFor } from './budget-data'
import { type BudgetStatus, exceededMessage, exceededPeriod } from './budget-state'
import { dollarsToMicros, type Micros, microsToDollars } from './money'

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'log'>

/** Midnight UTC today and the first of this month UTC. */
export function periodStarts(now: Date) {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  return { day, month }
}

/** The actor's spend today and this month (UTC) in micro-dollars. */
function spendMicros(ctx: Ctx, actor: Actor): Promise<{ daily: Micros; monthly: Micros }> {
  const { day, month } = periodStarts(ctx.now())
  return budgetFor(ctx.db, actor).spend(day, month)
}

/** This user's spend today and this month (UTC), with the configured limits, in dollars (the API's unit). Unset limits read 0. */
export async function getBudgetStatus(ctx: Ctx, actor: Actor): Promise<BudgetStatus> {
  const spent = await spendMicros(ctx, actor)
  const { budget } = ctx.config
  return {
    dailyUsed: microsToDollars(spent.daily),
    dailyLimit: budget.dailyLimit ?? 0,
    monthlyUsed: microsToDollars(spent.monthly),
    monthlyLimit: budget.monthlyLimit ?? 0,
    alertThreshold: budget.alertThreshold,
    enforceLimit: budget.enforce,
  }
}

export interface UsageInput {
  chatId: string
  messageId: string
  modelId: string
  promptTokens: number
  completionTokens: number
  costMicros: Micros
  estimated: boolean
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

export interface Reservation {
  /** The reservation row; null when the budget is not enforced and nothing was reserved. */
  readonly id: string | null
  /** Drops the reservation (the call was refused later, or ended without recording a cost). Never throws. */
  release(): Promise<void>
}

const NOTHING_RESERVED: Reservation = { id: null, release: async () => {} }

/**
 * How long a reservation counts: a reply is cut off after AI_TIMEOUT_MS, and the margin covers the
 * web search and the final saves. A reservation left behind by a crash stops counting after this.
 */
export const reservationTtlMs = (config: Ctx['config']) => config.ai.requestTimeoutMs + 60_000

/**
 * With BUDGET_ENFORCE on, refuses (429) a request when the user's spend plus what their in-flight
 * requests have reserved is at or over a limit; otherwise reserves `estimateMicros` until the answer's
 * real cost is recorded. Reservations are rows, so every instance on one Postgres sees the others';
 * reading them, deciding and inserting the new one happen in one transaction holding a
 * transaction-level advisory lock on the user, so concurrent sends at the limit, on any number of
 * instances, overshoot it by at most one reservation. (PGlite runs one transaction at a time, which
 * serialises the decisions the same way.)
 */
export async function reserveBudget(ctx: Ctx, actor: Actor, estimateMicros: Micros): Promise<Reservation> {
  const { budget } = ctx.config
  const enforced = budget.enforce && ((budget.dailyLimit ?? 0) > 0 || (budget.monthlyLimit ?? 0) > 0)
  if (!enforced) return NOTHING_RESERVED
  const now = ctx.now()
  const id = await ctx.db.transaction(async (tx) => {
    const rows = budgetFor(tx, actor)
    await rows.lockDecisions()
    const spent = await spendMicros({ ...ctx, db: tx }, actor)
    const reserved = await rows.reserved(now)
    // Decided in integer micro-dollars: spend exactly at the limit is refused, a micro-dollar under is not.
    const period = exceededPeriod(
      {
        dailyUsed: spent.daily,
        dailyLimit: dollarsToMicros(budget.dailyLimit ?? 0),
        monthlyUsed: spent.monthly,
        monthlyLimit: dollarsToMicros(budget.monthlyLimit ?? 0),
      },
      reserved,
    )
    if (period) throw new AppError('rate_limited:budget', exceededMessage(period))
    return rows.reserve(estimateMicros, now, new Date(now.getTime() + reservationTtlMs(ctx.config)))
  })
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
