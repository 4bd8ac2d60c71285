import type { Chat } from '../../db/schema'
import { releaseStoredFiles } from '../attachments/released-files'
import { attachedFilesOf } from '../attachments/released-files-data'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { PROJECT_NOT_FOUND } from '../projects/model'
import { projectsFor } from '../projects/projects-data'
import { DEFAULT_CHAT_TITLE } from './auto-title'
import { type ChatListFilter, type ChatPlacement, chatsFor } from './chats-data'
import { isUuid } from './cursor'
import { type bulkActions, toChatJson } from './model'

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'now' | 'storage' | 'log'>

export const CHAT_NOT_FOUND = 'Chat not found'
export const MAX_TITLE_LENGTH = 200

/** The actor's chat, or undefined: another user's chat is indistinguishable from a missing one. */
export function findChat(ctx: Pick<AppContext, 'db'>, actor: Actor, chatId: string) {
  return chatsFor(ctx.db, actor).find(chatId)
}

export async function requireChat(ctx: Pick<AppContext, 'db'>, actor: Actor, chatId: string): Promise<Chat> {
  const chat = await findChat(ctx, actor, chatId)
  if (!chat) throw new AppError('not_found:chat', CHAT_NOT_FOUND)
  return chat
}

/** Pinned first, then newest first; archived chats only with `archived=true`; `q` filters titles. */
export async function listChats(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  query: { cursor?: string; limit?: number; q?: string; archived?: 'true' | 'false'; project?: string },
) {
  const { archived, project, ...page } = query
  const filter: ChatListFilter = {
    archived: archived === 'true',
    ...(project !== undefined ? { project } : {}),
  }
  const { page: rows, nextCursor } = await chatsFor(ctx.db, actor).list({ ...page, ...filter })
  return { chats: rows.map(toChatJson), nextCursor }
}

export async function createChat(ctx: Ctx, actor: Actor, title?: string) {
  const chat = await chatsFor(ctx.db, actor).insert(normaliseTitle(title ?? DEFAULT_CHAT_TITLE), ctx.now())
  const json = toChatJson(chat)
  ctx.realtime.toUser(actor.userId, 'chat:created', { chat: json })
  return json
}

/** Renames, pins, archives or moves a chat (PATCH /api/chats/:id); every tab hears of it. */
export async function updateChat(
  ctx: Ctx,
  actor: Actor,
  chatId: string,
  input: { title?: string; pinned?: boolean; archived?: boolean; project_id?: string | null },
) {
  const { title, project_id: projectId, ...flags } = input
  if (title === undefined && projectId === undefined && !Object.keys(flags).length)
    throw new AppError('bad_request:empty', 'Nothing to change: send title, pinned, archived or project_id')
  if (projectId) await requireProject(ctx, actor, projectId)
  const chat = await chatsFor(ctx.db, actor).update(
    chatId,
    {
      ...flags,
      ...(title !== undefined ? { title: normaliseTitle(title) } : {}),
      ...(projectId !== undefined ? { projectId } : {}),
    },
    ctx.now(),
  )
  if (!chat) throw new AppError('not_found:chat', CHAT_NOT_FOUND)
  const json = toChatJson(chat)
  ctx.realtime.toUser(actor.userId, 'chat:updated', { chat: json })
  return json
}

/**
 * One action on many chats (POST /api/chats/bulk). Ids that are not the actor's chats are refused
 * and named, never touched; a move to a project that is not theirs is a 404 and changes nothing.
 */
export async function bulkChats(
  ctx: Ctx,
  actor: Actor,
  input: { ids: string[]; action: (typeof bulkActions)[number]; projectId?: string | null },
) {
  const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))]
  const chats = chatsFor(ctx.db, actor)
  let done: string[]
  if (input.action === 'delete') {
    const files = await attachedFilesOf(ctx.db, actor.userId, ids.filter(isUuid))
    done = await chats.removeMany(ids)
    await releaseStoredFiles(ctx, files)
    for (const chatId of done) ctx.realtime.toUser(actor.userId, 'chat:deleted', { chatId })
  } else {
    let change: ChatPlacement
    if (input.action === 'move') {
      if (input.projectId === undefined)
        throw new AppError('bad_request:project', 'projectId is required to move chats (null moves them out)')
      if (input.projectId) await requireProject(ctx, actor, input.projectId)
      change = { projectId: input.projectId }
    } else change = { archived: input.action === 'archive' }
    const changed = await chats.updateMany(ids, change, ctx.now())
    for (const chat of changed) ctx.realtime.toUser(actor.userId, 'chat:updated', { chat: toChatJson(chat) })
    done = changed.map((chat) => chat.id)
  }
  const changed = new Set(done)
  return { done, refused: ids.filter((id) => !changed.has(id)) }
}

async function requireProject(ctx: Pick<AppContext, 'db'>, actor: Actor, projectId: string) {
  if (!(await projectsFor(ctx.db, actor).find(projectId)))
    throw new AppError('not_found:project', PROJECT_NOT_FOUND)
}

/** Deletes the chat (messages and attachment rows cascade), then the stored files no other row names. */
export async function deleteChat(ctx: Ctx, actor: Actor, chatId: string) {
  const files = isUuid(chatId) ? await attachedFilesOf(ctx.db, actor.userId, [chatId]) : []
  if (!(await chatsFor(ctx.db, actor).remove(chatId))) throw new AppError('not_found:chat', CHAT_NOT_FOUND)
  await releaseStoredFiles(ctx, files)
  ctx.realtime.toUser(actor.userId, 'chat:deleted', { chatId })
}

/**
 * Sets the auto-title, only while the chat still has the default title (a rename the user made in
 * the meantime wins). Returns the updated chat, or undefined when nothing changed.
 */
export async function applyAutoTitle(ctx: Ctx, actor: Actor, chatId: string, title: string) {
  const chat = await chatsFor(ctx.db, actor).setTitle(
    chatId,
    normaliseTitle(title),
    ctx.now(),
    DEFAULT_CHAT_TITLE,
  )
  if (!chat) return undefined
  const json = toChatJson(chat)
  ctx.realtime.toUser(actor.userId, 'chat:updated', { chat: json })
  return json
}

function normaliseTitle(title: string): string {
  const trimmed = title.trim()
  if (!trimmed) throw new AppError('bad_request:title', 'Chat title cannot be empty')
  if (trimmed.length > MAX_TITLE_LENGTH) {
    throw new AppError('bad_request:title', `Chat title must be ${MAX_TITLE_LENGTH} characters or less`)
  }
  return trimmed
}
