import type { Db } from '../../db/client'
import type { Attachment } from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { formatFileSize } from '../extract/file-size'
import { fileErrorMessage } from '../extract/messages'
import { attachmentsFor } from './attachments-data'

/** OpenAI chat content parts (a subset of `ChatCompletionContentPart`). */
export type ModelContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }

/** How images become parts: as image input (the message being answered) or as a note (history). */
export interface PartOptions {
  supportsVision: boolean
  /** 'note': name the image without reading its bytes (earlier turns of the conversation). */
  images?: 'input' | 'note'
}

/**
 * What the model receives for the attachments of a user message, in the order of the ids:
 * - a document (PDF, DOCX, text): its extracted text, or the spec's fallback content when reading
 *   failed, as a text part headed '--- File: name ---';
 * - an image: an `image_url` part with a data URL when the model supports vision, otherwise a note
 *   saying it cannot see it;
 * - any other file: a note naming it (a data URL of arbitrary bytes is not something a chat model
 *   can read, and would only spend tokens).
 * Ids that are not the actor's are skipped.
 */
export async function buildModelContent(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  actor: Actor,
  attachmentIds: readonly string[],
  model: { supportsVision: boolean },
): Promise<ModelContentPart[]> {
  if (attachmentIds.length === 0) return []
  const rows = await attachmentsFor(ctx.db, actor).findMany(attachmentIds)
  const byId = new Map(rows.map((row) => [row.id, row]))
  const ordered = [...new Set(attachmentIds)].flatMap((id) => byId.get(id) ?? [])
  return partsOfAttachments(ctx, ordered, model)
}

/** The parts for attachment rows already loaded, in their order. */
export async function partsOfAttachments(
  ctx: Pick<AppContext, 'storage'>,
  rows: readonly Attachment[],
  options: PartOptions,
): Promise<ModelContentPart[]> {
  const parts: ModelContentPart[] = []
  for (const row of rows) parts.push(await partOf(ctx, row, options))
  return parts
}

/** The attachments of the actor's messages, by message id, each list in upload order. */
export async function attachmentsOfMessages(
  db: Db,
  actor: Actor,
  messageIds: readonly string[],
): Promise<Map<string, Attachment[]>> {
  const byMessage = new Map<string, Attachment[]>()
  if (messageIds.length === 0) return byMessage
  const rows = await attachmentsFor(db, actor).ofMessages(messageIds)
  for (const row of rows) {
    const list = byMessage.get(row.messageId!) ?? []
    list.push(row)
    byMessage.set(row.messageId!, list)
  }
  return byMessage
}

async function partOf(
  ctx: Pick<AppContext, 'storage'>,
  row: Attachment,
  options: PartOptions,
): Promise<ModelContentPart> {
  const name = row.filename
  if (row.kind === 'pdf' || row.kind === 'docx' || row.kind === 'text') {
    // Extraction stores the spec's fallback text on failure; a text file has none, so say what happened.
    const body = row.extractedText || `[${row.extractionError ?? fileErrorMessage(row.kind, name)}]`
    return { type: 'text', text: `--- File: ${name} ---\n${body}` }
  }
  if (row.kind === 'image') {
    if (!options.supportsVision) {
      return { type: 'text', text: `[Image attached: ${name} — this model cannot see images]` }
    }
    if (options.images === 'note') {
      return { type: 'text', text: `[Image attached earlier: ${name} — not sent again]` }
    }
    const blob = await ctx.storage.get(row.storageKey)
    if (!blob) return { type: 'text', text: `[Image attached: ${name} — the file is no longer available]` }
    const base64 = Buffer.from(await blob.arrayBuffer()).toString('base64')
    return { type: 'image_url', image_url: { url: `data:${row.contentType};base64,${base64}` } }
  }
  return {
    type: 'text',
    text: `[File attached: ${name} (${row.contentType}, ${formatFileSize(row.size)}) — its contents cannot be read as text]`,
  }
}
