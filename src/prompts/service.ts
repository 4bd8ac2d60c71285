import { promptCategories } from '../../db/catalogues/prompts'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { checkSharedGroupIds } from '../groups/sharing'
import { AppError } from '../http/errors'
import { type CreatePromptBody, type PromptListQuery, toPromptJson, type UpdatePromptBody } from './model'
import { type PromptValues, promptsFor } from './prompts-data'
import { normaliseVariable } from './variables'

type Ctx = Pick<AppContext, 'db' | 'now' | 'realtime'>

/** Spec section 8 "Prompts", verbatim. */
export const PROMPT_MESSAGES = {
  notFound: 'Prompt not found',
  noPermission: 'Prompt not found or you do not have permission',
  noPermissionToUpdate: 'Prompt not found or you do not have permission to update it',
  emptyTitle: 'Prompt title cannot be empty',
  longTitle: 'Prompt title must be 200 characters or less',
  emptyText: 'Prompt text cannot be empty',
} as const

export const MAX_PROMPT_TITLE = 200
/** Spec section 9: the most-popular list holds 10 by default. */
export const POPULAR_DEFAULT = 10
const LIST_DEFAULT = 200
const COPY_SUFFIX = ' (Copy)'

/** "a, b,,c" → ['a', 'b', 'c'], trimmed, each once. */
export function splitTags(text: string | undefined): string[] {
  return cleanTags((text ?? '').split(','))
}

function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))]
}

function cleanTitle(title: string): string {
  const trimmed = title.trim()
  if (!trimmed) throw new AppError('bad_request:prompt_title', PROMPT_MESSAGES.emptyTitle)
  if (trimmed.length > MAX_PROMPT_TITLE)
    throw new AppError('bad_request:prompt_title_length', PROMPT_MESSAGES.longTitle)
  return trimmed
}

function cleanText(text: string): string {
  const trimmed = text.trim()
  if (!trimmed) throw new AppError('bad_request:prompt_text', PROMPT_MESSAGES.emptyText)
  return trimmed
}

/** Trimmed; an empty description is stored as none (spec section 5). */
function cleanDescription(description: string | null | undefined): string | null {
  return description?.trim() || null
}

function cleanVariables(variables: readonly string[]): string[] {
  return [...new Set(variables.map(normaliseVariable).filter(Boolean))]
}

/** The same rules on create and, for each field given, on update (spec section 5). */
function cleanValues(body: UpdatePromptBody): Partial<PromptValues> {
  const values: Partial<PromptValues> = {}
  if (body.title !== undefined) values.title = cleanTitle(body.title)
  if (body.prompt_text !== undefined) values.promptText = cleanText(body.prompt_text)
  if (body.description !== undefined) values.description = cleanDescription(body.description)
  if (body.category !== undefined) values.category = body.category
  if (body.is_public !== undefined) values.isPublic = body.is_public
  if (body.tags !== undefined) values.tags = cleanTags(body.tags)
  if (body.model_id !== undefined) values.modelId = body.model_id?.trim() || null
  if (body.variables !== undefined) values.variables = cleanVariables(body.variables)
  if (body.tools !== undefined) values.tools = [...new Set(body.tools)]
  return values
}

/**
 * Open libraries and '/' pickers refetch on `prompts:changed` (it carries nothing): a public
 * prompt's change (or one that stopped being public) concerns everyone, a private one only its
 * owner's other tabs and devices.
 */
function announce(ctx: Pick<AppContext, 'realtime'>, actor: Actor, everyone: boolean) {
  if (everyone) ctx.realtime.toEveryone('prompts:changed', {})
  else ctx.realtime.toUser(actor.userId, 'prompts:changed', {})
}

/** Own and public prompts, most used first, then newest (spec section 7). */
export async function listPrompts(ctx: Pick<AppContext, 'db'>, actor: Actor, query: PromptListQuery) {
  const rows = await promptsFor(ctx.db, actor).list({
    category: query.category,
    q: query.q?.trim() || undefined,
    tags: splitTags(query.tags),
    own: query.own === true,
    limit: query.limit ?? LIST_DEFAULT,
  })
  return { items: rows.map((row) => toPromptJson(row, actor)), nextCursor: null }
}

export async function getPrompt(ctx: Pick<AppContext, 'db'>, actor: Actor, id: string) {
  const prompt = await promptsFor(ctx.db, actor).find(id)
  if (!prompt) throw new AppError('not_found:prompt', PROMPT_MESSAGES.notFound)
  return toPromptJson(prompt, actor)
}

/** The prompt reaches more than its owner: public, or shared with groups (issue 29). */
const reachesOthers = (prompt: { isPublic: boolean; sharedGroupIds: readonly string[] }) =>
  prompt.isPublic || prompt.sharedGroupIds.length > 0

export async function createPrompt(ctx: Ctx, actor: Actor, body: CreatePromptBody) {
  const values = cleanValues(body)
  const sharedGroupIds = await checkSharedGroupIds(ctx, actor, body.sharedGroupIds)
  const prompt = await promptsFor(ctx.db, actor).insert(
    {
      title: values.title!,
      promptText: values.promptText!,
      description: values.description ?? null,
      category: values.category ?? 'general',
      isPublic: values.isPublic ?? false,
      tags: values.tags ?? [],
      modelId: values.modelId ?? null,
      variables: values.variables ?? [],
      tools: values.tools ?? [],
      sharedGroupIds: sharedGroupIds ?? [],
    },
    ctx.now(),
  )
  announce(ctx, actor, reachesOthers(prompt))
  return toPromptJson(prompt, actor)
}

export async function updatePrompt(ctx: Ctx, actor: Actor, id: string, body: UpdatePromptBody) {
  const values = cleanValues(body)
  const sharedGroupIds = await checkSharedGroupIds(ctx, actor, body.sharedGroupIds)
  if (sharedGroupIds !== undefined) values.sharedGroupIds = sharedGroupIds
  const prompt = await promptsFor(ctx.db, actor).update(id, values, ctx.now())
  if (!prompt) throw new AppError('not_found:prompt_update', PROMPT_MESSAGES.noPermissionToUpdate)
  announce(ctx, actor, reachesOthers(prompt) || body.is_public !== undefined || sharedGroupIds !== undefined)
  return toPromptJson(prompt, actor)
}

export async function deletePrompt(ctx: Pick<AppContext, 'db' | 'realtime'>, actor: Actor, id: string) {
  const deleted = await promptsFor(ctx.db, actor).remove(id)
  if (!deleted) throw new AppError('not_found:prompt_permission', PROMPT_MESSAGES.noPermission)
  announce(ctx, actor, reachesOthers(deleted))
}

/** '<title> (Copy)', private, unused; a title at the limit is shortened so the copy still fits. */
export function copyTitle(title: string): string {
  return `${title.slice(0, MAX_PROMPT_TITLE - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`
}

export async function duplicatePrompt(ctx: Ctx, actor: Actor, id: string) {
  const prompts = promptsFor(ctx.db, actor)
  const source = await prompts.find(id)
  if (!source) throw new AppError('not_found:prompt', PROMPT_MESSAGES.notFound)
  const copy = await prompts.insert(
    {
      title: copyTitle(source.title),
      description: source.description,
      promptText: source.promptText,
      category: source.category,
      isPublic: false,
      tags: source.tags,
      modelId: source.modelId,
      variables: source.variables,
      tools: source.tools,
      sharedGroupIds: [],
    },
    ctx.now(),
  )
  announce(ctx, actor, false)
  return toPromptJson(copy, actor)
}

export async function usePrompt(ctx: Pick<AppContext, 'db' | 'realtime'>, actor: Actor, id: string) {
  const prompt = await promptsFor(ctx.db, actor).incrementUse(id)
  if (!prompt) throw new AppError('not_found:prompt_permission', PROMPT_MESSAGES.noPermission)
  // The use count shows on every card of a public or group-shared prompt; a private one only to its owner.
  announce(ctx, actor, reachesOthers(prompt))
  return toPromptJson(prompt, actor)
}

/** Spec section 3 "Prompt stats", over the prompts the actor sees. */
export async function promptStats(ctx: Pick<AppContext, 'db'>, actor: Actor) {
  const { rows, mostUsed } = await promptsFor(ctx.db, actor).stats()
  const categories = Object.fromEntries(promptCategories.map((category) => [category, 0])) as Record<
    (typeof promptCategories)[number],
    number
  >
  let total = 0
  let totalUses = 0
  let publicPrompts = 0
  for (const row of rows) {
    categories[row.category] = row.count
    total += row.count
    totalUses += row.uses
    publicPrompts += row.publicCount
  }
  return {
    total,
    categories,
    totalUses,
    publicPrompts,
    mostUsed: mostUsed ? toPromptJson(mostUsed, actor) : null,
  }
}

/** The public prompts the team uses most (10 by default). */
export async function popularPrompts(ctx: Pick<AppContext, 'db'>, actor: Actor, limit = POPULAR_DEFAULT) {
  const rows = await promptsFor(ctx.db, actor).list({ publicOnly: true, limit })
  return rows.map((row) => toPromptJson(row, actor))
}

/** Visible prompts carrying any of the tags; no tags → nothing (spec section 5). */
export async function promptsByTags(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  tagText?: string,
  limit?: number,
) {
  const tags = splitTags(tagText)
  if (tags.length === 0) return []
  const rows = await promptsFor(ctx.db, actor).list({ anyTags: tags, limit: limit ?? LIST_DEFAULT })
  return rows.map((row) => toPromptJson(row, actor))
}

/** Title, description or text contains the query; an empty query → nothing (spec section 5). */
export async function searchPrompts(ctx: Pick<AppContext, 'db'>, actor: Actor, q?: string, limit?: number) {
  const text = q?.trim()
  if (!text) return []
  const rows = await promptsFor(ctx.db, actor).list({ text, limit: limit ?? LIST_DEFAULT })
  return rows.map((row) => toPromptJson(row, actor))
}
