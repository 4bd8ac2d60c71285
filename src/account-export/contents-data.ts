import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import {
  attachments,
  chats,
  generatedImages,
  knowledgeBase,
  messages,
  projects,
  savedPrompts,
  usageRecords,
  userAgentSettings,
  users,
} from '../../db/schema'
import type { Actor } from '../auth/actor'

/** Rows read per query while the zip is written: a page in memory at a time, never the whole table. */
export const EXPORT_PAGE = 200

/**
 * Where a page ends: the last row's `created_at` as Postgres prints it (microseconds and zone
 * kept, unlike a JavaScript Date, so rows written with the database's `now()` are not skipped or
 * read twice) and its id.
 */
export interface PageEnd {
  at: string
  id: string
}

const position = (table: { createdAt: PgColumn }) => sql<string>`${table.createdAt}::text`

/** Rows after `end` in (created_at, id) order. */
function after(table: { createdAt: PgColumn; id: PgColumn }, end: PageEnd | undefined): SQL | undefined {
  return end ? sql`(${table.createdAt}, ${table.id}) > (${end.at}::timestamptz, ${end.id}::uuid)` : undefined
}

const { passwordHash: _passwordHash, ...accountColumns } = getTableColumns(users)

/**
 * What "Download all my data" reads of one person (docs/decisions/175-account-export.md): only rows
 * whose `user_id` is the actor's, oldest first, in pages. Never a password hash, session, API key,
 * sealed secret or another person's row (a shared knowledge entry of someone else is theirs).
 */
export function exportContentsFor(db: Db, actor: Actor) {
  const userId = actor.userId
  return {
    /** The account row without the password hash (the archive picks the fields it shows). */
    async account() {
      const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId))
      return row
    },

    /** The person's agent choices; the sealed OAuth secrets and tokens are not read. */
    agentSettings() {
      return db
        .select({
          agentId: userAgentSettings.agentId,
          enabled: userAgentSettings.enabled,
          visible: userAgentSettings.visible,
          config: userAgentSettings.config,
          calendarEmail: userAgentSettings.calendarEmail,
        })
        .from(userAgentSettings)
        .where(eq(userAgentSettings.userId, userId))
        .orderBy(asc(userAgentSettings.agentId))
    },

    projects() {
      return db
        .select({
          id: projects.id,
          name: projects.name,
          instructions: projects.instructions,
          createdAt: projects.createdAt,
        })
        .from(projects)
        .where(eq(projects.userId, userId))
        .orderBy(asc(projects.createdAt), asc(projects.id))
    },

    /** A page of the person's chats (archived ones too), oldest first. */
    chats(end?: PageEnd, limit = EXPORT_PAGE) {
      return db
        .select({
          id: chats.id,
          title: chats.title,
          createdAt: chats.createdAt,
          projectId: chats.projectId,
          at: position(chats),
        })
        .from(chats)
        .where(and(eq(chats.userId, userId), after(chats, end)))
        .orderBy(asc(chats.createdAt), asc(chats.id))
        .limit(limit)
    },

    /** The files sent with the chat's messages, every branch, in the order they were sent. */
    chatFiles(chatId: string) {
      return db
        .select({
          id: attachments.id,
          storageKey: attachments.storageKey,
          filename: attachments.filename,
          createdAt: attachments.createdAt,
        })
        .from(attachments)
        .innerJoin(messages, eq(messages.id, attachments.messageId))
        .where(and(eq(attachments.userId, userId), eq(messages.userId, userId), eq(messages.chatId, chatId)))
        .orderBy(asc(messages.createdAt), asc(messages.id), asc(attachments.position), asc(attachments.id))
    },

    images(end?: PageEnd, limit = EXPORT_PAGE) {
      return db
        .select({
          id: generatedImages.id,
          storageKey: generatedImages.storageKey,
          contentType: generatedImages.contentType,
          prompt: generatedImages.prompt,
          size: generatedImages.size,
          style: generatedImages.style,
          modelId: generatedImages.modelId,
          messageId: generatedImages.messageId,
          createdAt: generatedImages.createdAt,
          at: position(generatedImages),
        })
        .from(generatedImages)
        .where(and(eq(generatedImages.userId, userId), after(generatedImages, end)))
        .orderBy(asc(generatedImages.createdAt), asc(generatedImages.id))
        .limit(limit)
    },

    /** The person's own prompts (public or not); other people's public prompts are theirs. */
    prompts(end?: PageEnd, limit = EXPORT_PAGE) {
      return db
        .select({
          id: savedPrompts.id,
          title: savedPrompts.title,
          description: savedPrompts.description,
          promptText: savedPrompts.promptText,
          category: savedPrompts.category,
          isPublic: savedPrompts.isPublic,
          tags: savedPrompts.tags,
          variables: savedPrompts.variables,
          tools: savedPrompts.tools,
          modelId: savedPrompts.modelId,
          useCount: savedPrompts.useCount,
          createdAt: savedPrompts.createdAt,
          updatedAt: savedPrompts.updatedAt,
          at: position(savedPrompts),
        })
        .from(savedPrompts)
        .where(and(eq(savedPrompts.userId, userId), after(savedPrompts, end)))
        .orderBy(asc(savedPrompts.createdAt), asc(savedPrompts.id))
        .limit(limit)
    },

    /** The person's own knowledge entries (shared or not); entries others shared are not theirs. */
    knowledge(end?: PageEnd, limit = EXPORT_PAGE) {
      return db
        .select({
          id: knowledgeBase.id,
          title: knowledgeBase.title,
          content: knowledgeBase.content,
          tags: knowledgeBase.tags,
          sourceType: knowledgeBase.sourceType,
          metadata: knowledgeBase.metadata,
          isShared: knowledgeBase.isShared,
          createdAt: knowledgeBase.createdAt,
          updatedAt: knowledgeBase.updatedAt,
          at: position(knowledgeBase),
        })
        .from(knowledgeBase)
        .where(and(eq(knowledgeBase.userId, userId), after(knowledgeBase, end)))
        .orderBy(asc(knowledgeBase.createdAt), asc(knowledgeBase.id))
        .limit(limit)
    },

    usage(end?: PageEnd, limit = EXPORT_PAGE) {
      return db
        .select({
          id: usageRecords.id,
          chatId: usageRecords.chatId,
          modelId: usageRecords.modelId,
          promptTokens: usageRecords.promptTokens,
          completionTokens: usageRecords.completionTokens,
          costMicros: usageRecords.costMicros,
          estimated: usageRecords.estimated,
          viaApiKey: sql<boolean>`${usageRecords.apiKeyId} is not null`,
          createdAt: usageRecords.createdAt,
          at: position(usageRecords),
        })
        .from(usageRecords)
        .where(and(eq(usageRecords.userId, userId), after(usageRecords, end)))
        .orderBy(asc(usageRecords.createdAt), asc(usageRecords.id))
        .limit(limit)
    },
  }
}
