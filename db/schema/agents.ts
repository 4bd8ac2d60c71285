import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { AGENT_IDS } from '../catalogues/agents'
import { enumCheck } from './checks'
import { sessions } from './sessions'
import { users } from './users'

/**
 * The organisation's setting per agent (spec section 9 'Agents'; docs/decisions/124): whether it
 * is offered and the workflow behind it. A missing row or a null column takes the default
 * (offered; N8N_WEBHOOK_URL, WORKFLOW_SIGNING_SECRET, 120 s). The secret is sealed with
 * APP_SECRET (src/crypto/secret-box.ts).
 */
export const agentWorkflows = pgTable(
  'agent_workflows',
  {
    agentId: text('agent_id', { enum: AGENT_IDS }).primaryKey(),
    offered: boolean('offered').notNull().default(true),
    webhookUrl: text('webhook_url'),
    secretSealed: text('secret_sealed'),
    timeoutSeconds: integer('timeout_seconds'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    enumCheck('agent_workflows_agent_check', table.agentId, AGENT_IDS),
    check('agent_workflows_timeout_check', sql`${table.timeoutSeconds} between 1 and 3600`),
  ],
)
export type AgentWorkflow = typeof agentWorkflows.$inferSelect

/**
 * One person's setting for one agent: enabled, visible, its configuration (spec 'agent_config'),
 * and for the calendar agent the OAuth client and the connection. Null enabled/visible: the
 * agent's default. Every secret (client secret, tokens) is sealed with APP_SECRET.
 */
export const userAgentSettings = pgTable(
  'user_agent_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: text('agent_id', { enum: AGENT_IDS }).notNull(),
    enabled: boolean('enabled'),
    visible: boolean('visible'),
    config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
    oauthRedirectUrl: text('oauth_redirect_url'),
    oauthClientId: text('oauth_client_id'),
    oauthClientSecretSealed: text('oauth_client_secret_sealed'),
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    calendarEmail: text('calendar_email'),
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.agentId] }),
    enumCheck('user_agent_settings_agent_check', table.agentId, AGENT_IDS),
  ],
)
export type UserAgentSetting = typeof userAgentSettings.$inferSelect

/**
 * A calendar authorisation in progress: the `state` sent to the provider (stored hashed), bound to
 * the session that started it, with its PKCE verifier (sealed) and an expiry. Used once.
 */
export const calendarOauthStates = pgTable(
  'calendar_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    verifierSealed: text('verifier_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('calendar_oauth_states_user_idx').on(table.userId),
    index('calendar_oauth_states_session_idx').on(table.sessionId),
  ],
)
export type CalendarOauthState = typeof calendarOauthStates.$inferSelect
