import { t } from 'elysia'
import type { Project } from '../../db/schema'
import { ok } from '../http/model'

export const PROJECT_NOT_FOUND = 'Project not found'

/** A project as the API and the `project:*` events send it. */
export function toProjectJson(project: Project & { chatCount?: number }) {
  return {
    id: project.id,
    name: project.name,
    instructions: project.instructions,
    chat_count: project.chatCount ?? 0,
    created_at: project.createdAt.toISOString(),
    updated_at: project.updatedAt.toISOString(),
  }
}
export type ProjectJson = ReturnType<typeof toProjectJson>

const name = t.String({ minLength: 1, maxLength: 100, error: 'Project name must be 1 to 100 characters' })
const instructions = t.String({ maxLength: 20_000, error: 'Instructions must be at most 20000 characters' })

export const createProjectBody = t.Object({ name, instructions: t.Optional(instructions) })
export const updateProjectBody = t.Object({ name: t.Optional(name), instructions: t.Optional(instructions) })

/** DELETE /api/projects/:id?chats=delete|keep: delete its chats too, or move them out (the default). */
export const deleteProjectQuery = t.Object({
  chats: t.Optional(
    t.Union([t.Literal('delete'), t.Literal('keep')], { error: 'chats must be delete or keep' }),
  ),
})

export const projectJson = t.Object({
  id: t.String(),
  name: t.String(),
  instructions: t.String(),
  chat_count: t.Number(),
  created_at: t.String(),
  updated_at: t.String(),
})
export const projectResponse = ok(projectJson)
export const projectListResponse = ok(t.Object({ projects: t.Array(projectJson) }))
export const projectDeleteResponse = ok(t.Object({ chatIds: t.Array(t.String()), chatsDeleted: t.Boolean() }))
