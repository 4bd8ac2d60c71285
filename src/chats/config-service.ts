import type { Chat, ChatConfig } from '../../db/schema'
import type { GenerationSettings } from '../ai/types'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { normalizeToolIds } from '../tools/tool-ids'
import { chatsFor } from './chats-data'
import { CHAT_NOT_FOUND } from './service'

/** Spec section 9 "Chat config defaults". */
export const CHAT_CONFIG_DEFAULTS = {
  system_prompt: null as string | null,
  temperature: 0.7,
  max_tokens: 2048,
  top_p: 1,
  frequency_penalty: 0,
  presence_penalty: 0,
  response_format: 'text' as GenerationSettings['responseFormat'],
  web_search_enabled: false,
  /** Built-in tool ids and `mcp:<serverId>` (issue 30), in the order the person enabled them. */
  tools: [] as string[],
}
export type ChatConfigJson = typeof CHAT_CONFIG_DEFAULTS

/** A fresh copy: the defaults' `tools` array must never be shared with a caller that changes it. */
const defaultConfig = (): ChatConfigJson => ({ ...CHAT_CONFIG_DEFAULTS, tools: [] })

export const WEB_SEARCH_UNAVAILABLE = 'Web search is not configured on this server'

function toJson(row: ChatConfig | undefined): ChatConfigJson {
  if (!row) return defaultConfig()
  return {
    system_prompt: row.systemPrompt,
    temperature: row.temperature,
    max_tokens: row.maxTokens,
    top_p: row.topP,
    frequency_penalty: row.frequencyPenalty,
    presence_penalty: row.presencePenalty,
    response_format: row.responseFormat,
    web_search_enabled: row.webSearchEnabled,
    tools: row.tools,
  }
}

/**
 * The actor's chat and the settings a reply uses, in one query (the send path runs this for every
 * message), or 404. The system prompt a reply sends starts with the chat's project's instructions
 * (issue 28): the project's, then the chat's own, as a person reads them from the outside in.
 */
export async function requireChatWithConfig(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  chatId: string,
): Promise<{ chat: Chat; config: ChatConfigJson }> {
  const row = await chatsFor(ctx.db, actor).findWithConfig(chatId)
  if (!row) throw new AppError('not_found:chat', CHAT_NOT_FOUND)
  const config = toJson(row.config ?? undefined)
  const project = row.projectInstructions?.trim()
  if (project) config.system_prompt = config.system_prompt ? `${project}\n\n${config.system_prompt}` : project
  return { chat: row.chat, config }
}

/** The chat's own settings, as the person saved them (without its project's instructions). */
export async function getChatConfig(ctx: Pick<AppContext, 'db'>, actor: Actor, chatId: string) {
  const row = await chatsFor(ctx.db, actor).findWithConfig(chatId)
  if (!row) throw new AppError('not_found:chat', CHAT_NOT_FOUND)
  return toJson(row.config ?? undefined)
}

/** Saves the given fields over the current ones. Ranges are checked by the route schema. */
export async function updateChatConfig(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  actor: Actor,
  chatId: string,
  patch: Partial<ChatConfigJson>,
): Promise<ChatConfigJson> {
  const current = await getChatConfig(ctx, actor, chatId)
  if (patch.web_search_enabled && !ctx.config.ai.searxngUrl) {
    throw new AppError('bad_request:web_search', WEB_SEARCH_UNAVAILABLE)
  }
  const tools = patch.tools ? normalizeToolIds(patch.tools) : current.tools
  const next = { ...current, ...definedOnly(patch), tools }
  // An empty system prompt is stored as null (spec section 5).
  const systemPrompt = next.system_prompt?.trim() ? next.system_prompt : null
  const row = await chatsFor(ctx.db, actor).saveConfig(chatId, {
    systemPrompt,
    temperature: next.temperature,
    maxTokens: next.max_tokens,
    topP: next.top_p,
    frequencyPenalty: next.frequency_penalty,
    presencePenalty: next.presence_penalty,
    responseFormat: next.response_format,
    webSearchEnabled: next.web_search_enabled,
    tools: next.tools,
    updatedAt: ctx.now(),
  })
  if (!row) throw new AppError('not_found:chat', CHAT_NOT_FOUND)
  return toJson(row)
}

export async function resetChatConfig(ctx: Pick<AppContext, 'db'>, actor: Actor, chatId: string) {
  if (!(await chatsFor(ctx.db, actor).resetConfig(chatId)))
    throw new AppError('not_found:chat', CHAT_NOT_FOUND)
  return defaultConfig()
}

export function toGenerationSettings(config: ChatConfigJson): GenerationSettings {
  return {
    temperature: config.temperature,
    maxTokens: config.max_tokens,
    topP: config.top_p,
    frequencyPenalty: config.frequency_penalty,
    presencePenalty: config.presence_penalty,
    responseFormat: config.response_format,
  }
}

function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>
}
