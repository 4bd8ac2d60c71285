import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { PROJECT_NOT_FOUND, toProjectJson } from './model'
import { projectsFor } from './projects-data'

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'now'>

export async function listProjects(ctx: Pick<AppContext, 'db'>, actor: Actor) {
  return { projects: (await projectsFor(ctx.db, actor).list()).map(toProjectJson) }
}

export async function createProject(ctx: Ctx, actor: Actor, input: { name: string; instructions?: string }) {
  const project = await projectsFor(ctx.db, actor).insert(
    clean(input) as { name: string; instructions: string },
    ctx.now(),
  )
  const json = toProjectJson(project)
  ctx.realtime.toUser(actor.userId, 'project:updated', { project: json })
  return json
}

export async function getProject(ctx: Pick<AppContext, 'db'>, actor: Actor, projectId: string) {
  const project = (await projectsFor(ctx.db, actor).list()).find((row) => row.id === projectId)
  if (!project) throw new AppError('not_found:project', PROJECT_NOT_FOUND)
  return toProjectJson(project)
}

export async function updateProject(
  ctx: Ctx,
  actor: Actor,
  projectId: string,
  input: { name?: string; instructions?: string },
) {
  const project = await projectsFor(ctx.db, actor).update(projectId, clean(input), ctx.now())
  if (!project) throw new AppError('not_found:project', PROJECT_NOT_FOUND)
  const json = await getProject(ctx, actor, project.id)
  ctx.realtime.toUser(actor.userId, 'project:updated', { project: json })
  return json
}

/**
 * Deletes a project. Its chats are deleted too when asked (`chats=delete`), else moved out of it;
 * every tab hears of each chat either way.
 */
export async function deleteProject(ctx: Ctx, actor: Actor, projectId: string, deleteChats: boolean) {
  const chatIds = await projectsFor(ctx.db, actor).remove(projectId, deleteChats)
  if (!chatIds) throw new AppError('not_found:project', PROJECT_NOT_FOUND)
  ctx.realtime.toUser(actor.userId, 'project:deleted', { projectId })
  if (deleteChats) for (const chatId of chatIds) ctx.realtime.toUser(actor.userId, 'chat:deleted', { chatId })
  return { chatIds, chatsDeleted: deleteChats }
}

/** Names are trimmed and may not be blank; instructions are kept as written but for outer spaces. */
function clean(input: { name?: string; instructions?: string }) {
  const name = input.name?.trim()
  if (input.name !== undefined && !name)
    throw new AppError('bad_request:name', 'Project name must be 1 to 100 characters')
  return {
    ...(name !== undefined ? { name } : {}),
    ...(input.instructions !== undefined ? { instructions: input.instructions.trim() } : {}),
  }
}
