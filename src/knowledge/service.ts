import type { KnowledgeSourceType } from '../../db/catalogues/knowledge'
import type { KnowledgeEntry } from '../../db/schema'
import { attachmentsOfMessages } from '../attachments/model-content'
import { deleteUpload } from '../attachments/service'
import { receiveUpload } from '../attachments/upload'
import type { Actor } from '../auth/actor'
import { chatsFor } from '../chats/chats-data'
import { pageSize } from '../chats/cursor'
import { CHAT_NOT_FOUND } from '../chats/service'
import type { AppContext } from '../context'
import { checkSharedGroupIds } from '../groups/sharing'
import { AppError } from '../http/errors'
import { imagesFor } from '../images/images-data'
import { announceChange } from './announce'
import { chatExportText, generatedImageIds } from './chat-export'
import { chunkEntry } from './chunking'
import { createEmbedder } from './embeddings'
import { queueIndexing } from './indexing'
import { cancelIndexing, type EntryValues, hasVector, knowledgeFor } from './knowledge-data'
import {
  type CreateEntryBody,
  type ExportChatBody,
  KNOWLEDGE_MESSAGES,
  type ListQuery,
  toEntryJson,
  type UpdateEntryBody,
  type UploadQuery,
} from './model'

type Ctx = Pick<
  AppContext,
  'db' | 'database' | 'now' | 'jobs' | 'config' | 'log' | 'realtime' | 'storage' | 'vectorCheck'
>

export const MAX_TITLE = 200
/** As much text as a document's extraction may give (src/extract/limits.ts maxChars). */
export const MAX_CONTENT_CHARS = 2_000_000
const tooLong = () =>
  new AppError(
    'payload_too_large:knowledge_content',
    `Content is too long (max ${MAX_CONTENT_CHARS.toLocaleString('en')} characters)`,
  )
const notFound = () => new AppError('not_found:knowledge', KNOWLEDGE_MESSAGES.notFound)

function cleanTitle(title: string): string {
  const trimmed = title.trim()
  if (!trimmed) throw new AppError('bad_request:knowledge_title', KNOWLEDGE_MESSAGES.emptyTitle)
  if (trimmed.length > MAX_TITLE)
    throw new AppError('bad_request:knowledge_title', KNOWLEDGE_MESSAGES.longTitle)
  return trimmed
}

function cleanContent(content: string): string {
  if (!content.trim()) throw new AppError('bad_request:knowledge_content', KNOWLEDGE_MESSAGES.emptyContent)
  if (content.length > MAX_CONTENT_CHARS) throw tooLong()
  return content
}

export function cleanTags(tags: readonly string[] | undefined): string[] {
  return [...new Set((tags ?? []).map((tag) => tag.trim()).filter(Boolean))]
}

async function saveNew(ctx: Ctx, actor: Actor, values: EntryValues) {
  const entry = await knowledgeFor(ctx.db, actor).insert(values, ctx.now())
  await queueIndexing(ctx, entry.id)
  announceChange(ctx, entry, 'created')
  return toEntryJson(entry, actor)
}

/** POST /api/knowledge (spec: {source_type: 'manual', title, content, tags, is_shared}). */
export async function createEntry(ctx: Ctx, actor: Actor, body: CreateEntryBody) {
  const sharedGroupIds = (await checkSharedGroupIds(ctx, actor, body.sharedGroupIds)) ?? []
  return saveNew(ctx, actor, {
    sourceType: body.source_type ?? 'manual',
    sourceId: null,
    title: cleanTitle(body.title),
    content: cleanContent(body.content),
    metadata: body.metadata ?? {},
    isShared: body.is_shared ?? false,
    sharedGroupIds,
    tags: cleanTags(body.tags),
  })
}

export async function getEntry(ctx: Ctx, actor: Actor, id: string) {
  const entry = await knowledgeFor(ctx.db, actor).find(id)
  if (!entry) throw notFound()
  return toEntryJson(entry, actor)
}

export async function listEntries(ctx: Ctx, actor: Actor, query: ListQuery) {
  const page = await knowledgeFor(ctx.db, actor).list({
    tags: splitList(query.tags),
    sourceTypes: splitList(query.source_types) as KnowledgeSourceType[],
    cursor: query.cursor || undefined,
    limit: pageSize(query.limit),
  })
  return { items: page.items.map((entry) => toEntryJson(entry, actor)), nextCursor: page.nextCursor }
}

/**
 * GET /api/knowledge/tags: every tag of the entries the actor sees, sorted. The panel's tag filters
 * come from here, so a tag goes when its last entry does (issue 26).
 */
export async function listTags(ctx: Ctx, actor: Actor): Promise<string[]> {
  const tags = await knowledgeFor(ctx.db, actor).tags()
  return tags.sort((a, b) => a.localeCompare(b))
}

/** "a, b,,c" → ['a', 'b', 'c']. */
function splitList(text: string | undefined): string[] {
  return cleanTags((text ?? '').split(','))
}

/** The entry if the actor owns it; 404 when they cannot see it, 403 when it is someone else's shared one. */
async function ownEntry(ctx: Ctx, actor: Actor, id: string): Promise<KnowledgeEntry> {
  const entry = await knowledgeFor(ctx.db, actor).find(id)
  if (!entry) throw notFound()
  if (entry.userId !== actor.userId) throw new AppError('forbidden:knowledge', KNOWLEDGE_MESSAGES.notOwner)
  return entry
}

/**
 * PATCH /api/knowledge/:id (spec: {title, tags, is_shared, metadata (with notes)}; content too, for
 * the panel's edit). Metadata keys are merged into the stored ones (an export keeps its
 * message_count when notes are added). A new title or content is indexed again.
 */
export async function updateEntry(ctx: Ctx, actor: Actor, id: string, body: UpdateEntryBody) {
  const entry = await ownEntry(ctx, actor, id)
  const values: Partial<EntryValues> = {}
  if (body.title !== undefined) values.title = cleanTitle(body.title)
  if (body.content !== undefined) values.content = cleanContent(body.content)
  if (body.tags !== undefined) values.tags = cleanTags(body.tags)
  if (body.is_shared !== undefined) values.isShared = body.is_shared
  const sharedGroupIds = await checkSharedGroupIds(ctx, actor, body.sharedGroupIds)
  if (sharedGroupIds !== undefined) values.sharedGroupIds = sharedGroupIds
  if (body.metadata !== undefined) values.metadata = { ...entry.metadata, ...body.metadata }
  const reindex =
    (values.title !== undefined && values.title !== entry.title) ||
    (values.content !== undefined && values.content !== entry.content)
  const updated = await knowledgeFor(ctx.db, actor).update(
    id,
    { ...values, ...(reindex ? { indexStatus: 'pending' as const } : {}) },
    ctx.now(),
  )
  if (!updated) throw notFound()
  // Any change moves updated_at, which makes a running job drop its work: an entry still being
  // indexed is queued again, or it would stay pending.
  if (reindex || updated.indexStatus === 'pending') await queueIndexing(ctx, id)
  announceChange(ctx, updated, 'updated', entry.isShared || entry.sharedGroupIds.length > 0)
  return toEntryJson(updated, actor)
}

export async function deleteEntry(ctx: Ctx, actor: Actor, id: string) {
  const entry = await ownEntry(ctx, actor, id)
  if (!(await knowledgeFor(ctx.db, actor).delete(id))) throw notFound()
  announceChange(ctx, entry, 'deleted')
}

/** POST /api/knowledge/:id/reindex: the panel's retry after a failure (any state is accepted). */
export async function reindexEntry(ctx: Ctx, actor: Actor, id: string) {
  await ownEntry(ctx, actor, id)
  const updated = await knowledgeFor(ctx.db, actor).update(id, { indexStatus: 'pending' }, ctx.now())
  if (!updated) throw notFound()
  await queueIndexing(ctx, id)
  announceChange(ctx, updated, 'updated')
  return toEntryJson(updated, actor)
}

/**
 * POST /api/knowledge/:id/cancel (decision 130): stops an entry that is being indexed. It becomes
 * failed with 'Indexing cancelled' (Retry indexes it again) and is found by its words meanwhile; a
 * running job stops before its next embeddings request and saves nothing.
 */
export async function cancelIndexingEntry(ctx: Ctx, actor: Actor, id: string) {
  const entry = await ownEntry(ctx, actor, id)
  const notIndexing = () => new AppError('conflict:knowledge_not_indexing', KNOWLEDGE_MESSAGES.notIndexing)
  if (entry.indexStatus !== 'pending') throw notIndexing()
  const chunks = chunkEntry(entry.title, entry.content).map((content) => ({ content, embedding: null }))
  const cancelled = await cancelIndexing(
    ctx.db,
    actor.userId,
    id,
    chunks,
    KNOWLEDGE_MESSAGES.cancelled,
    ctx.now(),
  )
  // Indexing ended (or the entry went) between the read and the write.
  if (!cancelled) throw notIndexing()
  announceChange(ctx, cancelled, 'updated')
  return toEntryJson(cancelled, actor)
}

/**
 * POST /api/knowledge/export-chat (spec section 9 "Chat export"): 'User: …' / 'AI: …' lines joined
 * by blank lines (as the person saw them: `exportContent`), tag 'chat-export', source_type 'chat',
 * metadata {message_count, exported_at}.
 * The title is the chat's (the dialog's default), or 'Exported Chat' when it has none. Optional
 * fields let a client send the dialog in one call; the spec's client sends {chatId} and then patches.
 */
export async function exportChat(ctx: Ctx, actor: Actor, body: ExportChatBody) {
  const chat = await chatsFor(ctx.db, actor).find(body.chatId)
  if (!chat) throw new AppError('not_found:chat', CHAT_NOT_FOUND)
  const rows = (await knowledgeFor(ctx.db, actor).chatMessages(chat.id)).filter((row) => row.content.trim())
  if (!rows.length) throw new AppError('bad_request:chat_empty', KNOWLEDGE_MESSAGES.emptyChat)
  const content = await exportContent(ctx, actor, rows)
  if (content.length > MAX_CONTENT_CHARS) throw tooLong()
  const notes = body.notes?.trim()
  return saveNew(ctx, actor, {
    sourceType: 'chat',
    sourceId: chat.id,
    title: body.title !== undefined ? cleanTitle(body.title) : chat.title.trim() || 'Exported Chat',
    content,
    metadata: {
      message_count: rows.length,
      exported_at: ctx.now().toISOString(),
      ...(notes ? { notes } : {}),
    },
    isShared: body.is_shared ?? false,
    sharedGroupIds: (await checkSharedGroupIds(ctx, actor, body.sharedGroupIds)) ?? [],
    tags: body.tags ? cleanTags(body.tags) : ['chat-export'],
  })
}

/**
 * The chat as the person saw it (docs/decisions/147): each user message's files named, with a
 * document's text; each generated image named by its description.
 */
async function exportContent(
  ctx: Ctx,
  actor: Actor,
  rows: { id: string; content: string; isUser: boolean }[],
) {
  const files = await attachmentsOfMessages(
    ctx.db,
    actor,
    rows.filter((row) => row.isUser).map((row) => row.id),
  )
  const images = imagesFor(ctx.db, actor)
  const prompts = new Map<string, string>()
  for (const id of new Set(rows.flatMap((row) => (row.isUser ? [] : generatedImageIds(row.content))))) {
    const image = await images.find(id)
    if (image) prompts.set(id, image.prompt)
  }
  return chatExportText(rows, files, prompts)
}

/**
 * POST /api/knowledge/upload (multipart field `file`): a PDF, DOCX, text or Markdown file through
 * the attachments' upload and extraction; its text becomes a 'document' entry titled with the file
 * name. The uploaded file itself is not kept.
 */
export async function uploadEntry(ctx: AppContext, actor: Actor, request: Request, query: UploadQuery) {
  const upload = await receiveUpload(ctx, actor, request)
  try {
    if (upload.kind !== 'pdf' && upload.kind !== 'docx' && upload.kind !== 'text')
      throw new AppError('unsupported_media_type:knowledge_file', KNOWLEDGE_MESSAGES.fileType)
    if (upload.warning) throw new AppError('unprocessable:knowledge_file', upload.warning)
    const text = (await knowledgeFor(ctx.db, actor).uploadText(upload.id)) ?? ''
    if (!text.trim()) throw new AppError('unprocessable:knowledge_file', KNOWLEDGE_MESSAGES.emptyFile)
    if (text.length > MAX_CONTENT_CHARS) throw tooLong()
    return await saveNew(ctx, actor, {
      sourceType: 'document',
      sourceId: null,
      title: cleanTitle((query.title ?? upload.filename).slice(0, MAX_TITLE)),
      content: text,
      metadata: { filename: upload.filename, content_type: upload.contentType, size: upload.size },
      isShared: query.is_shared === 'true',
      tags: splitList(query.tags),
    })
  } finally {
    await deleteUpload(ctx, actor, upload.id).catch((error) =>
      ctx.log.warn('knowledge upload not removed', { error }),
    )
  }
}

/**
 * GET /api/knowledge/status: whether search uses vectors. `vector` is false without pgvector or
 * without an embeddings provider: search is then full text only, and the panel says so.
 */
export async function knowledgeStatus(ctx: Ctx) {
  const embedder = createEmbedder(ctx.config)
  const vector = Boolean(embedder) && (await hasVector(ctx))
  return {
    vector,
    mode: vector ? ('hybrid' as const) : ('full_text' as const),
    embeddingModel: embedder ? ctx.config.ai.embeddingModel : null,
    dimensions: ctx.config.ai.embeddingDimensions,
  }
}
