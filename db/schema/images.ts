import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { messages } from './chats'
import { users } from './users'

/**
 * An image the user generated (`POST /api/generate-image`). The provider's answer is copied into
 * the storage driver at once (provider URLs expire), under a key generated from the row id, and
 * served back to its owner only (`GET /api/images/:id`).
 */
export const generatedImages = pgTable(
  'generated_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    /** The description as the user wrote it (without the style phrase). */
    prompt: text('prompt').notNull(),
    /** '1024x1024' | '1024x1792' | '1792x1024' (not an enum column: the provider's list may grow). */
    size: text('size').notNull(),
    style: text('style').notNull(),
    modelId: text('model_id').notNull(),
    /**
     * The assistant message that shows the image (made in a chat); regenerating that message makes
     * a new image from the same prompt, size and style. Null: made outside a chat, or the message is gone.
     */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('generated_images_user_idx').on(table.userId, table.createdAt),
    index('generated_images_message_idx').on(table.messageId),
  ],
)

export type GeneratedImage = typeof generatedImages.$inferSelect
