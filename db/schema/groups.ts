import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { enumCheck, nonNegativeCheck } from './checks'
import { users } from './users'

export const groupMemberSources = ['manual', 'provider', 'scim'] as const

/**
 * A group of people (issue 29): it can narrow the models and agents its members may use and give
 * them dollar limits. `models`/`agents` null: no narrowing. A null limit: the group sets none; 0:
 * no limit. A person's limit is their own override, else the most generous of their groups', else
 * the organisation's (src/budget/effective.ts).
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The provider's group name (OIDC groups claim) whose members are synced into this group. */
    providerGroup: text('provider_group'),
    /** SCIM's `externalId`, as the provisioning client sent it. */
    externalId: text('external_id'),
    models: text('models').array(),
    agents: text('agents').array(),
    dailyLimitMicros: bigint('daily_limit_micros', { mode: 'number' }),
    monthlyLimitMicros: bigint('monthly_limit_micros', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('groups_name_lower_idx').on(sql`lower(${table.name})`),
    uniqueIndex('groups_provider_group_idx').on(table.providerGroup),
    nonNegativeCheck('groups_daily_check', table.dailyLimitMicros),
    nonNegativeCheck('groups_monthly_check', table.monthlyLimitMicros),
  ],
)
export type Group = typeof groups.$inferSelect

/** Who is in a group, and how they got there (a provider sync only removes what it added). */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: groupMemberSources }).notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('group_members_user_idx').on(table.userId),
    enumCheck('group_members_source_check', table.source, groupMemberSources),
  ],
)
