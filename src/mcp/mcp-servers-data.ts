import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { groups, type McpServer, mcpServers } from '../../db/schema'

export type McpServerValues = Omit<typeof mcpServers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>

/** The registered MCP servers: the admin area writes them, sends and GET /api/tools read them. */
export function mcpServersData(db: Db) {
  return {
    async list(): Promise<McpServer[]> {
      return db.select().from(mcpServers).orderBy(asc(mcpServers.name), asc(mcpServers.createdAt))
    },

    async find(id: string): Promise<McpServer | undefined> {
      const [row] = await db.select().from(mcpServers).where(eq(mcpServers.id, id))
      return row
    },

    /** The enabled servers among `ids` (all enabled ones when `ids` is left out). */
    async enabled(ids?: readonly string[]): Promise<McpServer[]> {
      if (ids && ids.length === 0) return []
      return db
        .select()
        .from(mcpServers)
        .where(and(eq(mcpServers.enabled, true), ids ? inArray(mcpServers.id, [...ids]) : undefined))
        .orderBy(asc(mcpServers.name), asc(mcpServers.createdAt))
    },

    async insert(values: McpServerValues, now: Date): Promise<McpServer> {
      const [row] = await db
        .insert(mcpServers)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning()
      return row!
    },

    async update(id: string, values: Partial<McpServerValues>, now: Date): Promise<McpServer | undefined> {
      const [row] = await db
        .update(mcpServers)
        .set({ ...values, updatedAt: now })
        .where(eq(mcpServers.id, id))
        .returning()
      return row
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(mcpServers).where(eq(mcpServers.id, id)).returning({ id: mcpServers.id })
      return rows.length > 0
    },

    /** Which of `ids` are groups. */
    async existingGroups(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const rows = await db
        .select({ id: groups.id })
        .from(groups)
        .where(inArray(groups.id, [...ids]))
      return new Set(rows.map((row) => row.id))
    },
  }
}
