import { bigint, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { messages } from './chats'
import { enumCheck } from './checks'
import { users } from './users'

export const attachmentKinds = ['pdf', 'docx', 'text', 'image', 'other'] as const

/**
 * An uploaded file. It is uploaded before the message is sent (message_id null) and bound to the
 * message when it is sent. The bytes live in the storage driver under a generated key.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: attachmentKinds }).notNull(),
    extractedText: text('extracted_text'),
    extractionError: text('extraction_error'),
    /**
     * Where the file stands among its message's files, as the person arranged them in the
     * composer. Uploads run side by side and finish in any order, so the upload time cannot say.
     */
    position: smallint('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('attachments_message_idx').on(table.messageId),
    index('attachments_user_idx').on(table.userId),
    enumCheck('attachments_kind_check', table.kind, attachmentKinds),
  ],
)

export type Attachment = typeof attachments.$inferSelect
