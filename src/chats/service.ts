import { and, desc, eq, ilike } from 'drizzle-orm'
import { type Chat, chats } from '../../db/schema'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { DEFAULT_CHAT_TITLE } from './auto-title'
import { decodeCursor, encodeCursor, isUuid, olderThan, pageSize } from './cursor'

type Ctx = Pick<AppContext, 'db' | 'realtime' | 'now'>

export const CHAT_NOT_FOUND = 'Chat not found'
export const MAX_TITLE_LENGTH = 200

export function toChatJson(chat: Chat) {
  return {
    id: chat.id,
    title: chat.title,
    user_id: chat.userId,
    created_at: chat.createdAt.toISOString(),
    updated_at: chat.updatedAt.toISOString(),
  }
}
export type ChatJson = ReturnType<typeof toChatJson>

/** The user's chat, or undefined: another user's chat is indistinguishable from a missing one. */
export async function findChat(ctx: Pick<AppContext, 'db'>, userId: string, chatId: string) {
  if (!isUuid(chatId)) return undefined
  const [chat] = await ctx.db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
  return chat
}

export async function requireChat(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  chatId: string,
): Promise<Chat> {
  const chat = await findChat(ctx, userId, chatId)
  if (!chat) throw new AppError('not_found:chat', CHAT_NOT_FOUND)
  return chat
}

/** Newest first; `q` filters titles case-insensitively. */
export async function listChats(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  query: { cursor?: string; limit?: number; q?: string },
) {
  const limit = pageSize(query.limit)
  const q = query.q?.trim()
  const rows = await ctx.db
    .select()
    .from(chats)
    .where(
      and(
        eq(chats.userId, userId),
        q ? ilike(chats.title, `%${escapeLike(q)}%`) : undefined,
        query.cursor ? olderThan(chats, decodeCursor(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(chats.createdAt), desc(chats.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return { chats: page.map(toChatJson), nextCursor: rows.length > limit && last ? encodeCursor(last) : null }
}

export async function createChat(ctx: Ctx, userId: string, title?: string) {
  const now = ctx.now()
  const [chat] = await ctx.db
    .insert(chats)
    .values({ userId, title: normaliseTitle(title ?? DEFAULT_CHAT_TITLE), createdAt: now, updatedAt: now })
    .returning()
  const json = toChatJson(chat!)
  ctx.realtime.toUser(userId, 'chat:created', { chat: json })
  return json
}

export async function renameChat(ctx: Ctx, userId: string, chatId: string, title: string) {
  await requireChat(ctx, userId, chatId)
  const [chat] = await ctx.db
    .update(chats)
    .set({ title: normaliseTitle(title), updatedAt: ctx.now() })
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .returning()
  if (!chat) throw new AppError('not_found:chat', CHAT_NOT_FOUND)
  const json = toChatJson(chat)
  ctx.realtime.toUser(userId, 'chat:updated', { chat: json })
  return json
}

export async function deleteChat(ctx: Ctx, userId: string, chatId: string) {
  await requireChat(ctx, userId, chatId)
  const deleted = await ctx.db
    .delete(chats)
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId)))
    .returning({ id: chats.id })
  if (!deleted.length) throw new AppError('not_found:chat', CHAT_NOT_FOUND)
  ctx.realtime.toUser(userId, 'chat:deleted', { chatId })
}

/**
 * Sets the auto-title, only while the chat still has the default title (a rename the user made in
 * the meantime wins). Returns the updated chat, or undefined when nothing changed.
 */
export async function applyAutoTitle(ctx: Ctx, userId: string, chatId: string, title: string) {
  const [chat] = await ctx.db
    .update(chats)
    .set({ title: normaliseTitle(title), updatedAt: ctx.now() })
    .where(and(eq(chats.id, chatId), eq(chats.userId, userId), eq(chats.title, DEFAULT_CHAT_TITLE)))
    .returning()
  if (!chat) return undefined
  const json = toChatJson(chat)
  ctx.realtime.toUser(userId, 'chat:updated', { chat: json })
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}
