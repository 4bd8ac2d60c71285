import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { chats, type Project, projects } from '../../db/schema'
import type { Actor } from '../auth/actor'
import { isUuid } from '../chats/cursor'

/**
 * The actor's projects. As with chats, every query names the owner, so another person's project
 * behaves exactly like one that does not exist.
 */
export function projectsFor(db: Db, actor: Actor) {
  const owned = eq(projects.userId, actor.userId)
  const byId = (projectId: string) => and(eq(projects.id, projectId), owned)

  return {
    async find(projectId: string): Promise<Project | undefined> {
      if (!isUuid(projectId)) return undefined
      const [project] = await db.select().from(projects).where(byId(projectId))
      return project
    },

    /** Oldest first, as a person arranges them; each with how many chats it holds. */
    async list(): Promise<(Project & { chatCount: number })[]> {
      return db
        .select({
          ...getTableColumns(projects),
          // Spelled out: Drizzle renders a column unqualified, and inside this subquery a bare "id"
          // would be the chat's own.
          chatCount: sql<number>`(select count(*)::int from "chats" where "chats"."project_id" = "projects"."id")`,
        })
        .from(projects)
        .where(owned)
        .orderBy(asc(projects.createdAt), asc(projects.id))
    },

    async insert(values: { name: string; instructions: string }, now: Date): Promise<Project> {
      const [project] = await db
        .insert(projects)
        .values({ ...values, userId: actor.userId, createdAt: now, updatedAt: now })
        .returning()
      return project!
    },

    async update(projectId: string, values: { name?: string; instructions?: string }, now: Date) {
      if (!isUuid(projectId)) return undefined
      const [project] = await db
        .update(projects)
        .set({ ...values, updatedAt: now })
        .where(byId(projectId))
        .returning()
      return project
    },

    /**
     * Deletes the project; its chats are deleted with it (`deleteChats`) or moved out (the foreign
     * key's `set null`). Answers the chats' ids, or undefined when the project is not the actor's.
     */
    async remove(projectId: string, deleteChats: boolean): Promise<string[] | undefined> {
      if (!isUuid(projectId)) return undefined
      return db.transaction(async (tx) => {
        const [project] = await tx
          .select({ id: projects.id })
          .from(projects)
          .where(byId(projectId))
          .for('update')
        if (!project) return undefined
        const held = deleteChats
          ? await tx
              .delete(chats)
              .where(and(eq(chats.projectId, projectId), eq(chats.userId, actor.userId)))
              .returning({ id: chats.id })
          : await tx.select({ id: chats.id }).from(chats).where(eq(chats.projectId, projectId))
        await tx.delete(projects).where(eq(projects.id, projectId))
        return held.map((row) => row.id)
      })
    },
  }
}
