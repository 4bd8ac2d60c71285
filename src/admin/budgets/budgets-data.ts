import { eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import {
  type OrgSettings,
  orgSettings,
  type UserBudgetOverride,
  usageRecords,
  userBudgetOverrides,
  users,
} from '../../../db/schema'
import { spendOfUser, sumMicros } from '../../budget/budget-data'
import type { Micros } from '../../budget/money'

/** The budget columns an administrator sets; null = not set (the next level's value applies). */
export interface BudgetColumns {
  dailyLimitMicros: Micros | null
  monthlyLimitMicros: Micros | null
  alertThreshold: number | null
  enforce: boolean | null
}
export type OrgColumns = BudgetColumns & { timeZone: string | null }

/**
 * The admin area's budget queries. They cross users on purpose (decision 103: the admin role,
 * never while impersonating, enforced by the `admin` macro on every route that reaches them).
 * Pass a transaction handle as `db` to run inside one.
 */
export function adminBudgetsData(db: Db) {
  return {
    /** The settings row, locked until the transaction ends (created empty first if missing), so two admins' changes queue. */
    async lockOrgSettings(): Promise<OrgSettings> {
      await db.insert(orgSettings).values({ id: 1 }).onConflictDoNothing()
      const [row] = await db.select().from(orgSettings).where(eq(orgSettings.id, 1)).for('update')
      return row!
    },

    async updateOrgSettings(values: Partial<OrgColumns>, now: Date): Promise<void> {
      await db
        .update(orgSettings)
        .set({ ...values, updatedAt: now })
        .where(eq(orgSettings.id, 1))
    },

    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
      return Boolean(row)
    },

    /** The user's override, locked until the transaction ends when `lock`. */
    async override(userId: string, options: { lock?: boolean } = {}): Promise<UserBudgetOverride | null> {
      const query = db.select().from(userBudgetOverrides).where(eq(userBudgetOverrides.userId, userId))
      const [row] = options.lock ? await query.for('update') : await query
      return row ?? null
    },

    async saveOverride(userId: string, values: BudgetColumns, now: Date): Promise<void> {
      await db
        .insert(userBudgetOverrides)
        .values({ userId, ...values, updatedAt: now })
        .onConflictDoUpdate({ target: userBudgetOverrides.userId, set: { ...values, updatedAt: now } })
    },

    async deleteOverride(userId: string): Promise<void> {
      await db.delete(userBudgetOverrides).where(eq(userBudgetOverrides.userId, userId))
    },

    /**
     * Each user with spend since `since` (at or before `month`): their spend since `day` and since
     * `month` (the month includes the day) and their override, if any. These are the users whose banner an organisation change can
     * move; anyone else has spent nothing this month, so their banner stays hidden whatever the limits.
     */
    async spendersSince(
      since: Date,
      day: Date,
      month: Date,
    ): Promise<{ userId: string; daily: Micros; monthly: Micros; override: UserBudgetOverride | null }[]> {
      const spent = await db
        .select({
          userId: usageRecords.userId,
          daily: sql<
            string | number | null
          >`coalesce(sum(${usageRecords.costMicros}) filter (where ${usageRecords.createdAt} >= ${day.toISOString()}::timestamptz), 0)`,
          monthly: sql<
            string | number | null
          >`coalesce(sum(${usageRecords.costMicros}) filter (where ${usageRecords.createdAt} >= ${month.toISOString()}::timestamptz), 0)`,
        })
        .from(usageRecords)
        .where(gte(usageRecords.createdAt, since))
        .groupBy(usageRecords.userId)
      if (spent.length === 0) return []
      const overrides = await db
        .select()
        .from(userBudgetOverrides)
        .where(
          inArray(
            userBudgetOverrides.userId,
            spent.map((row) => row.userId),
          ),
        )
      const byUser = new Map(overrides.map((row) => [row.userId, row]))
      return spent.map((row) => ({
        userId: row.userId,
        daily: sumMicros(row.daily),
        monthly: sumMicros(row.monthly),
        override: byUser.get(row.userId) ?? null,
      }))
    },

    /** One user's spend since `day` and since `month`. */
    spendOf(userId: string, day: Date, month: Date): Promise<{ daily: Micros; monthly: Micros }> {
      return spendOfUser(db, userId, day, month)
    },
  }
}
