import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { backupSchedules } from '../catalogues/backups'
import { enumCheck, nonNegativeCheck } from './checks'
import { users } from './users'

/**
 * Every administrative action, and every action taken while acting as another user: who (the
 * person signed in, with their e-mail as it was), acting as whom, what, on which object, when,
 * from where. Append-only: a trigger (migration 0006) refuses UPDATE and DELETE, and there is no
 * foreign key, so entries outlive the accounts they name.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** The user whose data was acted on while impersonating; null otherwise. */
    actingAsId: uuid('acting_as_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt.desc()),
    index('audit_log_target_idx').on(table.targetId, table.createdAt.desc()),
    index('audit_log_action_idx').on(table.action, table.createdAt.desc()),
  ],
)
export type AuditEntry = typeof auditLog.$inferSelect

/**
 * The organisation's settings, one row (id 1). A null column means "not set by an administrator":
 * the environment's value (BUDGET_*, ORG_TIME_ZONE, ...) applies.
 */
export const orgSettings = pgTable(
  'org_settings',
  {
    id: smallint('id').primaryKey().default(1),
    dailyLimitMicros: bigint('daily_limit_micros', { mode: 'number' }),
    monthlyLimitMicros: bigint('monthly_limit_micros', { mode: 'number' }),
    alertThreshold: integer('alert_threshold'),
    enforce: boolean('enforce'),
    timeZone: text('time_zone'),
    /** The model new chats start with; null: the first enabled model. */
    defaultModelId: text('default_model_id'),
    /* Branding (spec 1 'Branding'); null: the BRAND_* setting. Images are storage keys. */
    brandCompanyName: text('brand_company_name'),
    brandProductName: text('brand_product_name'),
    brandTagline: text('brand_tagline'),
    brandLogoKey: text('brand_logo_key'),
    brandLoginBackgroundKey: text('brand_login_background_key'),
    brandPrimaryColor: text('brand_primary_color'),
    brandSecondaryColor: text('brand_secondary_color'),
    /** The knowledge answers' minimum similarity (0..1); null: RAG_MIN_SIMILARITY. */
    ragMinSimilarity: doublePrecision('rag_min_similarity'),
    /* The price of one generated image by size, micro-dollars; null: IMAGE_PRICES (docs/decisions/123). */
    imagePriceSquareMicros: bigint('image_price_square_micros', { mode: 'number' }),
    imagePricePortraitMicros: bigint('image_price_portrait_micros', { mode: 'number' }),
    imagePriceLandscapeMicros: bigint('image_price_landscape_micros', { mode: 'number' }),
    /* Sign-in (issue 29); null: PASSWORD_SIGN_IN, sign-up on, any domain. */
    passwordSignIn: boolean('password_sign_in'),
    signupEnabled: boolean('signup_enabled'),
    /** Lower-case e-mail domains allowed to create accounts; null or empty: any. */
    allowedDomains: text('allowed_domains').array(),
    /* The team API (issue 31); null: API_KEYS (on). `api_groups` null or empty: everyone. */
    apiEnabled: boolean('api_enabled'),
    apiGroups: uuid('api_groups').array(),
    /* Sharing and retention (issue 32); null: public links off, nothing deleted by age. */
    publicLinks: boolean('public_links'),
    retentionChatDays: integer('retention_chat_days'),
    retentionFileDays: integer('retention_file_days'),
    /* Admin › Backups (issue 33); null: daily, keeping 7 scheduled archives (db/catalogues/backups.ts). */
    backupSchedule: text('backup_schedule', { enum: backupSchedules }),
    backupKeep: integer('backup_keep'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('org_settings_single_row', sql`${table.id} = 1`),
    nonNegativeCheck('org_settings_daily_check', table.dailyLimitMicros),
    nonNegativeCheck('org_settings_monthly_check', table.monthlyLimitMicros),
    nonNegativeCheck('org_settings_image_square_check', table.imagePriceSquareMicros),
    nonNegativeCheck('org_settings_image_portrait_check', table.imagePricePortraitMicros),
    nonNegativeCheck('org_settings_image_landscape_check', table.imagePriceLandscapeMicros),
    check('org_settings_retention_chat_check', sql`${table.retentionChatDays} between 1 and 36500`),
    check('org_settings_retention_file_check', sql`${table.retentionFileDays} between 1 and 36500`),
    enumCheck('org_settings_backup_schedule_check', table.backupSchedule, backupSchedules),
    check('org_settings_backup_keep_check', sql`${table.backupKeep} between 1 and 90`),
    check('org_settings_rag_min_similarity_check', sql`${table.ragMinSimilarity} between 0 and 1`),
    check('org_settings_threshold_check', sql`${table.alertThreshold} between 1 and 100`),
    check('org_settings_primary_color_check', sql`${table.brandPrimaryColor} ~ '^#[0-9a-f]{6}$'`),
    check('org_settings_secondary_color_check', sql`${table.brandSecondaryColor} ~ '^#[0-9a-f]{6}$'`),
  ],
)
export type OrgSettings = typeof orgSettings.$inferSelect

/** A user's own budget, where an administrator set one; a null column takes the organisation's. */
export const userBudgetOverrides = pgTable(
  'user_budget_overrides',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyLimitMicros: bigint('daily_limit_micros', { mode: 'number' }),
    monthlyLimitMicros: bigint('monthly_limit_micros', { mode: 'number' }),
    alertThreshold: integer('alert_threshold'),
    enforce: boolean('enforce'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    nonNegativeCheck('user_budget_overrides_daily_check', table.dailyLimitMicros),
    nonNegativeCheck('user_budget_overrides_monthly_check', table.monthlyLimitMicros),
    check('user_budget_overrides_threshold_check', sql`${table.alertThreshold} between 1 and 100`),
  ],
)
export type UserBudgetOverride = typeof userBudgetOverrides.$inferSelect
