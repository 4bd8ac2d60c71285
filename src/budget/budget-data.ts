import { and, eq, gt, gte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { preparedPer } from '../../db/prepared'
import {
  budgetReservations,
  type UserBudgetOverride,
  usageRecords,
  userBudgetOverrides,
} from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { Micros } from './money'

/**
 * First key of the two-key advisory lock taken per user while deciding (the second is
 * hashtext(user id)). Two-key locks never collide with the single-key migration lock.
 */
const BUDGET_LOCK_SPACE = 43_001

/**
 * A SQL sum of micro-dollars read back as a number. Postgres sums bigint into numeric, which the
 * drivers hand over as a string; it stays exact as a double up to 2^53 micro-dollars ($9 billion).
 */
export const sumMicros = (value: string | number | null | undefined): Micros => Number(value ?? 0)

export type NewUsage = Omit<typeof usageRecords.$inferInsert, 'userId' | 'id'>

/**
 * One user's spend since `day` and since `month`: the actor's own through `budgetFor`, and any
 * user's for the admin area (decision 103), with one query for both.
 */
export async function spendOfUser(
  db: Db,
  userId: string,
  day: Date,
  month: Date,
): Promise<{ daily: Micros; monthly: Micros }> {
  const [row] = await db
    .select({
      daily: sql<
        string | number | null
      >`coalesce(sum(${usageRecords.costMicros}) filter (where ${usageRecords.createdAt} >= ${day.toISOString()}::timestamptz), 0)`,
      monthly: sql<string | number | null>`coalesce(sum(${usageRecords.costMicros}), 0)`,
    })
    .from(usageRecords)
    .where(and(eq(usageRecords.userId, userId), gte(usageRecords.createdAt, month)))
  return { daily: sumMicros(row?.daily), monthly: sumMicros(row?.monthly) }
}

/** A user's budget override: every send reads it. */
const overrideOf = preparedPer((db) =>
  db
    .select()
    .from(userBudgetOverrides)
    .where(eq(userBudgetOverrides.userId, sql.placeholder('userId')))
    .prepare('budget_override'),
)

/** A user's override with the spend since `day` and since `month` (ISO texts): every reply's end reads it. */
const overrideAndSpendOf = preparedPer((db) => {
  const spend = db
    .select({
      daily: sql<
        string | number | null
      >`coalesce(sum(${usageRecords.costMicros}) filter (where ${usageRecords.createdAt} >= ${sql.placeholder('day')}::timestamptz), 0)`.as(
        'daily',
      ),
      monthly: sql<string | number | null>`coalesce(sum(${usageRecords.costMicros}), 0)`.as('monthly'),
    })
    .from(usageRecords)
    .where(
      and(
        eq(usageRecords.userId, sql.placeholder('userId')),
        gte(usageRecords.createdAt, sql`${sql.placeholder('month')}::timestamptz`),
      ),
    )
    .as('spend')
  return db
    .select({ daily: spend.daily, monthly: spend.monthly, override: userBudgetOverrides })
    .from(spend)
    .leftJoin(userBudgetOverrides, eq(userBudgetOverrides.userId, sql.placeholder('userId')))
    .prepare('budget_override_and_spend')
})

/**
 * The actor's spend and reservations. Every query is limited to the actor's rows; pass the
 * transaction handle as `db` to run inside one.
 */
export function budgetFor(db: Db, actor: Actor) {
  const userId = actor.userId
  return {
    /** Spend since `day` and since `month` (the month includes the day), summed by the database. */
    spend(day: Date, month: Date): Promise<{ daily: Micros; monthly: Micros }> {
      return spendOfUser(db, userId, day, month)
    },

    /**
     * The override and the spend together, in one statement: what a budget status shows (pushed
     * after every reply, so one round trip fewer per reply counts at hundreds of replies a second).
     */
    async overrideAndSpend(
      day: Date,
      month: Date,
    ): Promise<{ override: UserBudgetOverride | null; daily: Micros; monthly: Micros }> {
      const [row] = await overrideAndSpendOf(db).execute({
        userId,
        day: day.toISOString(),
        month: month.toISOString(),
      })
      return {
        override: row?.override ?? null,
        daily: sumMicros(row?.daily),
        monthly: sumMicros(row?.monthly),
      }
    },

    /** The budget an administrator set for this user (null columns take the organisation's), or null. */
    async override(): Promise<UserBudgetOverride | null> {
      const [row] = await overrideOf(db).execute({ userId })
      return row ?? null
    },

    /** Holds the per-user decision lock until the surrounding transaction ends. */
    async lockDecisions(): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(${sql.raw(String(BUDGET_LOCK_SPACE))}, hashtext(${userId}))`,
      )
    },

    /** What the actor's in-flight calls have reserved and not yet recorded. */
    async reserved(now: Date): Promise<Micros> {
      const [live] = await db
        .select({ total: sql<string | number | null>`coalesce(sum(${budgetReservations.amountMicros}), 0)` })
        .from(budgetReservations)
        .where(and(eq(budgetReservations.userId, userId), gt(budgetReservations.expiresAt, now)))
      return sumMicros(live?.total)
    },

    async reserve(amountMicros: Micros, createdAt: Date, expiresAt: Date): Promise<string> {
      const [row] = await db
        .insert(budgetReservations)
        .values({ userId, amountMicros, createdAt, expiresAt })
        .returning({ id: budgetReservations.id })
      return row!.id
    },

    async release(reservationId: string): Promise<void> {
      await db
        .delete(budgetReservations)
        .where(and(eq(budgetReservations.id, reservationId), eq(budgetReservations.userId, userId)))
    },

    async recordUsage(usage: NewUsage): Promise<void> {
      await db.insert(usageRecords).values({ ...usage, userId })
    },

    /**
     * The same insert as a statement to run inside another one (a data-modifying CTE): a reply's
     * outcome and its usage are stored by one statement (messagesFor().storeOutcome's `alongside`).
     */
    recordUsageStatement(usage: NewUsage): SQL {
      return db
        .insert(usageRecords)
        .values({ ...usage, userId })
        .getSQL()
    },
  }
}
