import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { enumCheck } from './checks'

export const userRoles = ['admin', 'user'] as const
export const languages = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const
export const themePreferences = ['light', 'dark', 'system'] as const

/** A person who signs in. Holds the spec's `profiles` fields too: one row per account. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** Null: the account signs in only through an identity provider (issue 29). */
    passwordHash: text('password_hash'),
    /** SCIM's `externalId` for this person, as the provisioning client sent it. */
    externalId: text('external_id'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    fullName: text('full_name').notNull().default(''),
    avatarKey: text('avatar_key'),
    avatarUrl: text('avatar_url'),
    bio: text('bio').notNull().default(''),
    preferredLanguage: text('preferred_language', { enum: languages }).notNull().default('en'),
    themePreference: text('theme_preference', { enum: themePreferences }).notNull().default('system'),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    role: text('role', { enum: userRoles }).notNull().default('user'),
    isBanned: boolean('is_banned').notNull().default(false),
    preferredModelId: text('preferred_model_id'),
    /** When the person last used Parley (updated at most every few minutes, for the admin list). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // E-mail addresses are unique whatever their letter case.
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    // The admin user list sorts by these (10,000 users, decision 110).
    index('users_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('users_last_active_idx').on(table.lastActiveAt.desc().nullsLast(), table.id.desc()),
    enumCheck('users_role_check', table.role, userRoles),
    enumCheck('users_preferred_language_check', table.preferredLanguage, languages),
    enumCheck('users_theme_preference_check', table.themePreference, themePreferences),
  ],
)

export type User = typeof users.$inferSelect
