import { and, eq, gte, sql } from 'drizzle-orm'
import { usageRecords } from '../../db/schema'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { type BudgetStatus, exceededMessage, exceededPeriod } from './budget-state'
import { createKeyedLock } from './user-lock'

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'database'>

const round = (value: number) => Math.round(value * 1e6) / 1e6

/** Midnight UTC today and the first of this month UTC. */
export function periodStarts(now: Date) {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  return { day, month }
}

/** This user's spend today and this month (UTC), with the configured limits. Unset limits read 0. */
export async function getBudgetStatus(ctx: Ctx, userId: string): Promise<BudgetStatus> {
  const { day, month } = periodStarts(ctx.now())
  const [row] = await ctx.db
    .select({
      daily: sql<
        string | number | null
      >`coalesce(sum(${usageRecords.costUsd}) filter (where ${usageRecords.createdAt} >= ${day.toISOString()}::timestamptz), 0)`,
      monthly: sql<string | number | null>`coalesce(sum(${usageRecords.costUsd}), 0)`,
    })
    .from(usageRecords)
    .where(and(eq(usageRecords.userId, userId), gte(usageRecords.createdAt, month)))
  const { budget } = ctx.config
  return {
    dailyUsed: round(Number(row?.daily ?? 0)),
    dailyLimit: budget.dailyLimit ?? 0,
    monthlyUsed: round(Number(row?.monthly ?? 0)),
    monthlyLimit: budget.monthlyLimit ?? 0,
    alertThreshold: budget.alertThreshold,
    enforceLimit: budget.enforce,
  }
}

export interface UsageInput {
  userId: string
  chatId: string
  messageId: string
  modelId: string
  promptTokens: number
  completionTokens: number
  costUsd: number
  estimated: boolean
}

export async function recordUsage(ctx: Ctx, usage: UsageInput): Promise<void> {
  await ctx.db.insert(usageRecords).values({ ...usage, createdAt: ctx.now() })
}

export interface Reservation {
  release(): void
}

interface Ledger {
  withLock: ReturnType<typeof createKeyedLock>
  reserved: Map<string, number>
}
const ledgers = new WeakMap<object, Ledger>()

function ledgerOf(ctx: Ctx): Ledger {
  let ledger = ledgers.get(ctx.database)
  if (!ledger) {
    ledger = { withLock: createKeyedLock(), reserved: new Map() }
    ledgers.set(ctx.database, ledger)
  }
  return ledger
}

/**
 * With BUDGET_ENFORCE on, refuses (429) a request when the user's spend plus what their in-flight
 * requests have reserved is at or over a limit; otherwise reserves `estimateUsd` until the answer's
 * real cost is recorded. The check and the reservation happen under a per-user lock, so concurrent
 * sends at the limit overshoot it by at most one reservation.
 */
export async function reserveBudget(ctx: Ctx, userId: string, estimateUsd: number): Promise<Reservation> {
  const { budget } = ctx.config
  const enforced = budget.enforce && ((budget.dailyLimit ?? 0) > 0 || (budget.monthlyLimit ?? 0) > 0)
  if (!enforced) return { release: () => {} }
  const ledger = ledgerOf(ctx)
  return ledger.withLock(userId, async () => {
    const status = await getBudgetStatus(ctx, userId)
    const period = exceededPeriod(status, ledger.reserved.get(userId) ?? 0)
    if (period) throw new AppError('rate_limited:budget', exceededMessage(period))
    ledger.reserved.set(userId, (ledger.reserved.get(userId) ?? 0) + estimateUsd)
    let released = false
    return {
      release() {
        if (released) return
        released = true
        const left = (ledger.reserved.get(userId) ?? 0) - estimateUsd
        if (left > 1e-12) ledger.reserved.set(userId, left)
        else ledger.reserved.delete(userId)
      },
    }
  })
}
