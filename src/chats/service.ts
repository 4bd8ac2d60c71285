import type { Chat } from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { DEFAULT_CHAT_TITLE } from './auto-title'
import { chatsFor } from './chats-data'
import { toChatJson } from './model'

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'now'>

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

/** Newest first; `q` filters titles case-insensitively. */
export async function listChats(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  query: { cursor?: string; limit?: number; q?: string },
) {
  const { page, nextCursor } = await chatsFor(ctx.db, actor).list(query)
  return { chats: page.map(toChatJson), nextCursor }
}

export async function createChat(ctx: Ctx, actor: Actor, title?: string) {
  const chat = await chatsFor(ctx.db, actor).insert(normaliseTitle(title ?? DEFAULT_CHAT_TITLE), ctx.now())
  const json = toChatJson(chat)
  ctx.realtime.toUser(actor.userId, 'chat:created', { chat: json })
  return json
}

export async function renameChat(ctx: Ctx, actor: Actor, chatId: string, title: string) {
  const chat = await chatsFor(ctx.db, actor).setTitle(chatId, normaliseTitle(title), ctx.now())
  if (!chat) throw new AppError('not_found:chat', CHAT_NOT_FOUND)
  const json = toChatJson(chat)
  ctx.realtime.toUser(actor.userId, 'chat:updated', { chat: json })
  return json
}

export async function deleteChat(ctx: Ctx, actor: Actor, chatId: string) {
  if (!(await chatsFor(ctx.db, actor).remove(chatId))) throw new AppError('not_found:chat', CHAT_NOT_FOUND)
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
