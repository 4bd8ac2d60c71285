import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { mcpApprovals, toolCallStatuses } from '../catalogues/tools'
import { chats, messages } from './chats'
import { enumCheck } from './checks'
import { users } from './users'

/**
 * An MCP server an administrator registered (issue 30): reached over Streamable HTTP at `url`, with
 * `headers` (an API key...) sealed with APP_SECRET. `groups` empty: everyone may turn it on.
 */
export const mcpServers = pgTable(
  'mcp_servers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** The headers as sealed JSON (src/crypto); null when none. */
    headersSealed: text('headers_sealed'),
    enabled: boolean('enabled').notNull().default(true),
    groups: uuid('groups').array().notNull().default(sql`'{}'::uuid[]`),
    approval: text('approval', { enum: mcpApprovals }).notNull().default('destructive'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [enumCheck('mcp_servers_approval_check', table.approval, mcpApprovals)],
)

/**
 * Every tool call, for the audit and Admin › Usage (per tool and server): who (the person it ran
 * for, and the administrator acting during support access), where, what, how long and how it
 * ended. Never the arguments: they may hold secrets.
 */
export const toolRuns = pgTable(
  'tool_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The administrator who ran it during support access; null otherwise. */
    actingAdminId: uuid('acting_admin_id').references(() => users.id, { onDelete: 'set null' }),
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    tool: text('tool').notNull(),
    serverId: uuid('server_id').references(() => mcpServers.id, { onDelete: 'set null' }),
    /** The server's name when it ran, kept when the server is deleted. */
    serverName: text('server_name'),
    name: text('name').notNull(),
    status: text('status', { enum: toolCallStatuses }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tool_runs_created_idx').on(table.createdAt),
    index('tool_runs_user_idx').on(table.userId, table.createdAt),
    index('tool_runs_chat_idx').on(table.chatId),
    index('tool_runs_message_idx').on(table.messageId),
    index('tool_runs_server_idx').on(table.serverId),
    index('tool_runs_admin_idx').on(table.actingAdminId),
    enumCheck('tool_runs_status_check', table.status, toolCallStatuses),
  ],
)

export type McpServer = typeof mcpServers.$inferSelect
export type ToolRun = typeof toolRuns.$inferSelect
