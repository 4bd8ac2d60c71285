import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Failure } from '../catalogues/failures'
import type { ResearchNote } from '../catalogues/research'
import type { StoredToolCall } from '../catalogues/tools'
import { enumCheck } from './checks'
import { imports } from './imports'
import { users } from './users'

/** A named set of a person's chats with instructions every chat in it sends first (issue 28). */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    instructions: text('instructions').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('projects_user_idx').on(table.userId, table.createdAt),
    check('projects_name_check', sql`char_length(${table.name}) between 1 and 100`),
    check('projects_instructions_check', sql`char_length(${table.instructions}) <= 20000`),
  ],
)
export type Project = typeof projects.$inferSelect

export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('New Chat'),
    /**
     * The newest message of the branch the person is looking at (docs/decisions/158): the chat's
     * current path runs from it up through `parent_id`. Null: the chat's newest message.
     */
    currentLeafId: uuid('current_leaf_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'set null',
    }),
    /**
     * Whether any message of the chat has a sibling (set by a trigger, migration 0021): a chat that
     * never branched is read by its time index alone, its newest messages being its path.
     */
    branched: boolean('branched').notNull().default(false),
    /** Pinned chats lead the list; archived ones leave it and stay searchable (issue 28, decision 162). */
    pinned: boolean('pinned').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    /** The project the chat belongs to; its instructions go before the chat's own system prompt. */
    projectId: uuid('project_id').references((): AnyPgColumn => projects.id, { onDelete: 'set null' }),
    /**
     * Where an imported chat came from (`chatgpt:<conversation id>`, `claude:<uuid>`,
     * `parley:<id of its first message>`), unique per person: importing the same conversation again
     * finds it and skips it (docs/decisions/173-imports.md). Null for chats made here.
     */
    importSource: text('import_source'),
    /**
     * The import that wrote the chat. While it runs its chats wait archived, out of the list, and a
     * failed or cancelled import's chats are deleted by this id (docs/decisions/173-imports.md).
     */
    importId: uuid('import_id').references(() => imports.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The sidebar's list: a person's chats, archived or not, pinned first, newest first.
    index('chats_user_list_idx').on(table.userId, table.archived, table.pinned, table.createdAt, table.id),
    index('chats_project_list_idx')
      .on(table.projectId, table.archived, table.pinned, table.createdAt, table.id)
      .where(sql`${table.projectId} is not null`),
    // Deleting a message sets a chat's leaf to null: without an index each delete scans the chats.
    index('chats_current_leaf_idx').on(table.currentLeafId),
    uniqueIndex('chats_import_source_idx')
      .on(table.userId, table.importSource)
      .where(sql`${table.importSource} is not null`),
    index('chats_import_idx').on(table.importId).where(sql`${table.importId} is not null`),
  ],
)

/** A note under an assistant reply; the client words it from `code` (one catalogue entry per code). */
export type MessageNote =
  | {
      /** The question's images, by file name, that the model was not given because it cannot see images. */
      code: 'images_not_seen'
      files: string[]
    }
  /** What a research report's run could not do (the web not searched...), docs/decisions/150. */
  | { code: 'research'; note: ResearchNote }
  /**
   * Why the answer failed (docs/decisions/150): `error` keeps the English; the API gives this as
   * `error_code` and `error_values`, not among the notes.
   */
  | ({ code: 'failed' } & Failure)

export const messageStatuses = ['complete', 'streaming', 'stopped', 'failed'] as const
export const feedbackRatings = ['up', 'down'] as const
export const responseFormats = ['text', 'json', 'markdown'] as const

/*
 * chats and messages each have a `search` tsvector (migration 0020, docs/decisions/161) that is not
 * declared here on purpose: a declared column would be read by every select() and returning() of
 * these hot tables. src/search/search-data.ts declares the narrow view that reads it.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    /**
     * The message this one follows (docs/decisions/158): null for a chat's first messages (an edit
     * of the first question is a second root). Siblings are a parent's children, oldest first.
     */
    parentId: uuid('parent_id').references((): AnyPgColumn => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isUser: boolean('is_user').notNull(),
    /** Assistant replies move streaming → complete | stopped | failed; user messages are complete. */
    status: text('status', { enum: messageStatuses }).notNull().default('complete'),
    error: text('error'),
    modelId: text('model_id'),
    /** The knowledge entries an assistant reply was given as context ([{id, title}], numbered in order). */
    sources: jsonb('sources').$type<{ id: string; title: string }[]>(),
    /**
     * The deep research run that writes this assistant message (research_runs.id), else null. Such a
     * message is owned by the research job: the reply sweeps leave it alone.
     */
    researchId: uuid('research_id'),
    /**
     * What the person should know about how an assistant reply was made, shown under it in their
     * language (docs/decisions/143): e.g. the question's images the model could not see. Null: none.
     */
    notes: jsonb('notes').$type<MessageNote[]>(),
    /** The tools an assistant reply called, in order (issue 30); null: none. */
    toolCalls: jsonb('tool_calls').$type<StoredToolCall[]>(),
    /** The person's rating of an assistant reply (thumbs up or down) and an optional comment; null: none. */
    feedbackRating: text('feedback_rating', { enum: feedbackRatings }),
    feedbackComment: text('feedback_comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_chat_created_idx').on(table.chatId, table.createdAt, table.id),
    // A message's children, oldest first: its siblings, a subtree's walk down, a cascading delete.
    index('messages_parent_idx').on(table.parentId, table.createdAt, table.id),
    // A chat's first messages (an edit of the first question is a second root).
    index('messages_chat_roots_idx')
      .on(table.chatId, table.createdAt, table.id)
      .where(sql`${table.parentId} is null`),
    // Admin › Usage's ratings per model read only the rated answers.
    index('messages_rated_idx').on(table.createdAt).where(sql`${table.feedbackRating} is not null`),
    // A person's messages, newest first: search reads the newest matches of a common word this way
    // (docs/decisions/161); the foreign key's cascade uses it too.
    index('messages_user_created_idx').on(table.userId, table.createdAt),
    // The running replies: a send's "is a reply streaming in this chat?" and the start-up sweep read
    // only these few rows, however long the chat (docs/decisions/122-hot-path-queries.md).
    index('messages_streaming_idx').on(table.chatId).where(sql`${table.status} = 'streaming'`),
    enumCheck('messages_status_check', table.status, messageStatuses),
    enumCheck('messages_feedback_rating_check', table.feedbackRating, feedbackRatings),
  ],
)

/** Per-chat model settings (spec "Chat config"); a chat without a row uses the defaults. */
export const chatConfigs = pgTable(
  'chat_configs',
  {
    chatId: uuid('chat_id')
      .primaryKey()
      .references(() => chats.id, { onDelete: 'cascade' }),
    systemPrompt: text('system_prompt'),
    temperature: doublePrecision('temperature').notNull().default(0.7),
    maxTokens: integer('max_tokens').notNull().default(2048),
    topP: doublePrecision('top_p').notNull().default(1),
    frequencyPenalty: doublePrecision('frequency_penalty').notNull().default(0),
    presencePenalty: doublePrecision('presence_penalty').notNull().default(0),
    responseFormat: text('response_format', { enum: responseFormats }).notNull().default('text'),
    webSearchEnabled: boolean('web_search_enabled').notNull().default(false),
    /** The tools the model may call in this chat (issue 30): built-in ids and `mcp:<serverId>`. */
    tools: text('tools').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [enumCheck('chat_configs_response_format_check', table.responseFormat, responseFormats)],
)

export type Chat = typeof chats.$inferSelect
export type Message = typeof messages.$inferSelect
export type ChatConfig = typeof chatConfigs.$inferSelect
