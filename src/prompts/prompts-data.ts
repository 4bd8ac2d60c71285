import { and, arrayContains, arrayOverlaps, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { groupMembers, type SavedPrompt, savedPrompts } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { isUuid } from '../chats/cursor'

/** The columns a create or an update may write. */
export type PromptValues = Pick<
  typeof savedPrompts.$inferInsert,
  | 'title'
  | 'description'
  | 'promptText'
  | 'category'
  | 'isPublic'
  | 'tags'
  | 'modelId'
  | 'variables'
  | 'tools'
  | 'sharedGroupIds'
>

export interface PromptFilter {
  category?: string
  /** Title or description contains, case-insensitive. */
  q?: string
  /** Every one of these tags. */
  tags?: string[]
  /** Any one of these tags. */
  anyTags?: string[]
  /** Title, description or text contains (the search route). */
  text?: string
  own?: boolean
  publicOnly?: boolean
  limit: number
}

/**
 * The prompts an actor may reach. Reads see the actor's own prompts, the public ones (spec
 * section 6) and those shared with one of their groups (issue 29: the actor's groups read in the
 * same statement, by group_members_user_idx); writes (update, delete) reach only the actor's own.
 * A private prompt of another user behaves exactly like one that does not exist.
 */
export function promptsFor(db: Db, actor: Actor) {
  const owned = eq(savedPrompts.userId, actor.userId)
  const inMyGroups = sql`${savedPrompts.sharedGroupIds} && array(select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${actor.userId})`
  const visible = or(owned, eq(savedPrompts.isPublic, true), inMyGroups)!
  const contains = (text: string) => `%${escapeLike(text)}%`

  return {
    async list(filter: PromptFilter): Promise<SavedPrompt[]> {
      const conditions: (SQL | undefined)[] = [
        filter.own ? owned : filter.publicOnly ? eq(savedPrompts.isPublic, true) : visible,
        filter.category ? eq(savedPrompts.category, filter.category as SavedPrompt['category']) : undefined,
        filter.q
          ? or(
              ilike(savedPrompts.title, contains(filter.q)),
              ilike(savedPrompts.description, contains(filter.q)),
            )
          : undefined,
        filter.text
          ? or(
              ilike(savedPrompts.title, contains(filter.text)),
              ilike(savedPrompts.description, contains(filter.text)),
              ilike(savedPrompts.promptText, contains(filter.text)),
            )
          : undefined,
        filter.tags?.length ? arrayContains(savedPrompts.tags, filter.tags) : undefined,
        filter.anyTags?.length ? arrayOverlaps(savedPrompts.tags, filter.anyTags) : undefined,
      ]
      return db
        .select()
        .from(savedPrompts)
        .where(and(...conditions))
        .orderBy(desc(savedPrompts.useCount), desc(savedPrompts.createdAt), desc(savedPrompts.id))
        .limit(filter.limit)
    },

    async find(id: string): Promise<SavedPrompt | undefined> {
      if (!isUuid(id)) return undefined
      const [row] = await db
        .select()
        .from(savedPrompts)
        .where(and(eq(savedPrompts.id, id), visible))
      return row
    },

    async insert(values: PromptValues, now: Date): Promise<SavedPrompt> {
      const [row] = await db
        .insert(savedPrompts)
        .values({ ...values, userId: actor.userId, useCount: 0, createdAt: now, updatedAt: now })
        .returning()
      return row!
    },

    /** Undefined when the prompt is not the actor's (a public prompt of someone else included). */
    async update(id: string, values: Partial<PromptValues>, now: Date): Promise<SavedPrompt | undefined> {
      if (!isUuid(id)) return undefined
      const [row] = await db
        .update(savedPrompts)
        .set({ ...values, updatedAt: now })
        .where(and(eq(savedPrompts.id, id), owned))
        .returning()
      return row
    },

    /** The deleted prompt's visibility, or undefined when there was none of the actor's to delete. */
    async remove(id: string): Promise<{ isPublic: boolean; sharedGroupIds: string[] } | undefined> {
      if (!isUuid(id)) return undefined
      const [deleted] = await db
        .delete(savedPrompts)
        .where(and(eq(savedPrompts.id, id), owned))
        .returning({ isPublic: savedPrompts.isPublic, sharedGroupIds: savedPrompts.sharedGroupIds })
      return deleted
    },

    /**
     * One use more, as a single UPDATE: the row lock makes concurrent uses each count. Anyone who
     * can see the prompt may use it.
     */
    async incrementUse(id: string): Promise<SavedPrompt | undefined> {
      if (!isUuid(id)) return undefined
      const [row] = await db
        .update(savedPrompts)
        .set({ useCount: sql`${savedPrompts.useCount} + 1` })
        .where(and(eq(savedPrompts.id, id), visible))
        .returning()
      return row
    },

    /** Totals over the prompts the actor sees. */
    async stats() {
      const rows = await db
        .select({
          category: savedPrompts.category,
          count: sql<number>`count(*)::int`,
          uses: sql<number>`coalesce(sum(${savedPrompts.useCount}), 0)::int`,
          publicCount: sql<number>`count(*) filter (where ${savedPrompts.isPublic})::int`,
        })
        .from(savedPrompts)
        .where(visible)
        .groupBy(savedPrompts.category)
      const [mostUsed] = await db
        .select()
        .from(savedPrompts)
        .where(visible)
        .orderBy(desc(savedPrompts.useCount), desc(savedPrompts.createdAt), desc(savedPrompts.id))
        .limit(1)
      return { rows, mostUsed }
    },
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}
