import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * An OpenID Connect provider added in Admin › Sign-in (issue 29). The client secret is sealed with
 * APP_SECRET (src/crypto/secret-box.ts) and never answered. A provider set by `OIDC_*` is not a
 * row: it is the provider with id `env` (src/identity).
 */
export const identityProviders = pgTable('identity_providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  scopes: text('scopes').notNull().default('openid email profile'),
  /** Lower-case e-mail domains allowed to sign in through this provider; empty: any. */
  allowedDomains: text('allowed_domains').array().notNull().default(sql`'{}'::text[]`),
  /** The ID token or userinfo claim that lists the person's groups; null: groups are not synced. */
  groupsClaim: text('groups_claim'),
  /** Provider group names whose members are Parley administrators. */
  adminGroups: text('admin_groups').array().notNull().default(sql`'{}'::text[]`),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
export type IdentityProvider = typeof identityProviders.$inferSelect

/**
 * A person's account at a provider: the provider's `sub` for them. `provider_id` is text with no
 * foreign key because the environment's provider (`env`) has no row; deleting a provider row
 * deletes its links in the same transaction (src/identity).
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    providerId: text('provider_id').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.providerId, table.subject] }),
    index('user_identities_user_idx').on(table.userId),
  ],
)

/**
 * A sign-in under way at a provider: the authorization request's `state` (hashed), its PKCE
 * verifier and nonce. Deleted when the callback uses it, so a replayed `state` finds nothing.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    providerId: text('provider_id').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** The page (a path on this site) to open after signing in. */
    returnTo: text('return_to').notNull().default('/'),
    language: text('language'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oidc_logins_expires_idx').on(table.expiresAt)],
)

/** A SCIM bearer token (shown once, stored as its SHA-256; revoked, never deleted, for the audit trail). */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    label: text('label').notNull().default(''),
    /** Who made it; no foreign key, so the record outlives the account (as the audit trail does). */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('scim_tokens_hash_idx').on(table.tokenHash)],
)
export type ScimToken = typeof scimTokens.$inferSelect
