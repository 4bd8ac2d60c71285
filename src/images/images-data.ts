import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { type GeneratedImage, generatedImages, type User, users } from '../../db/schema'
import { isUuid } from '../attachments/errors'
import type { Actor } from '../auth/actor'

export type NewGeneratedImage = Omit<typeof generatedImages.$inferInsert, 'userId'>

/**
 * The actor's generated images. Every query is limited to the actor's rows, so another user's
 * image id reads exactly like one that does not exist. Pass a transaction handle as `db` to run
 * inside one.
 */
export function imagesFor(db: Db, actor: Actor) {
  const owned = eq(generatedImages.userId, actor.userId)
  return {
    /** The owner's language: the messages an image adds to a chat are written in it (answer-texts.ts). */
    async ownerLanguage(): Promise<User['preferredLanguage'] | undefined> {
      const [row] = await db
        .select({ language: users.preferredLanguage })
        .from(users)
        .where(eq(users.id, actor.userId))
      return row?.language
    },

    async insert(row: NewGeneratedImage): Promise<GeneratedImage> {
      const [inserted] = await db
        .insert(generatedImages)
        .values({ ...row, userId: actor.userId })
        .returning()
      return inserted!
    },

    async find(id: string): Promise<GeneratedImage | undefined> {
      if (!isUuid(id)) return undefined
      const [row] = await db
        .select()
        .from(generatedImages)
        .where(and(eq(generatedImages.id, id), owned))
      return row
    },

    /** The image an assistant message shows (a message's image row is linked at birth). */
    async findByMessage(messageId: string): Promise<GeneratedImage | undefined> {
      if (!isUuid(messageId)) return undefined
      const [row] = await db
        .select()
        .from(generatedImages)
        .where(and(eq(generatedImages.messageId, messageId), owned))
        .orderBy(desc(generatedImages.createdAt))
        .limit(1)
      return row
    },
  }
}
