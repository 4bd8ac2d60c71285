/**
 * Attachments: files uploaded before a message is sent (message_id null), bound to the message
 * when it is sent, served back only to their owner. Every query goes through the actor's
 * accessor (attachments-data.ts), so another user's file is indistinguishable from a missing one.
 *
 * The send path uses `bindAttachments`, `attachmentMarker`, `buildModelContent` and, for the
 * inline form of `POST /api/chat`, `importInlineAttachments`.
 */
export type { UploadedFile } from './model'

import type { Db } from '../../db/client'
import type { Attachment } from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { sendStoredFile } from '../files/send-stored-file'
import { messageNotFound } from '../messages/model'
import { attachmentsFor } from './attachments-data'
import { alreadySent, fileNotFound, isUuid, tooManyFiles } from './errors'
import { deleteStoredQuietly } from './store'

export { type InlineAttachment, importInlineAttachments } from './inline-import'
export {
  attachmentsOfMessages,
  buildModelContent,
  type ModelContentPart,
  type PartOptions,
  partsOfAttachments,
} from './model-content'
export { STALE_UPLOAD_MS, startUploadSweeper, sweepStaleUploads } from './sweep'
export { receiveUpload } from './upload'

/** Spec 'Message attachment (as stored and read)'; file_data is the URL that serves the file. */
export interface MessageAttachment {
  id: string
  filename: string
  content_type: string
  size: number
  kind: string
  file_data: string
}

export const fileUrlOf = (id: string) => `/api/files/${id}`

/** The composer's remove button: deletes an upload that has not been sent. */
export async function deleteUpload(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw fileNotFound()
  const files = attachmentsFor(ctx.db, actor)
  // Decided by one statement, so a send binding the file at the same moment either wins or loses whole.
  const [removed] = await files.removeUnsent([id])
  if (!removed) throw (await files.exists(id)) ? alreadySent() : fileNotFound()
  await deleteStoredQuietly(ctx, removed.storageKey)
}

/**
 * Deletes un-sent uploads and their files: the inline attachments of a `POST /api/chat` whose send
 * was refused, so a refused request leaves nothing behind. Sent ones are left alone.
 */
export async function discardUnsentAttachments(
  ctx: AppContext,
  actor: Actor,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return
  const removed = await attachmentsFor(ctx.db, actor).removeUnsent(ids)
  for (const row of removed) await deleteStoredQuietly(ctx, row.storageKey)
}

/**
 * `GET /api/files/:id`: the owner's file, through `sendStoredFile` (safe type and disposition,
 * nosniff, sandbox CSP). Images and PDFs open inline unless a download is asked for.
 */
export async function sendAttachmentFile(
  ctx: AppContext,
  actor: Actor,
  id: string,
  download: boolean,
): Promise<Response> {
  const row = await attachmentsFor(ctx.db, actor).find(id)
  if (!row) throw fileNotFound()
  const blob = await ctx.storage.get(row.storageKey)
  if (!blob) throw fileNotFound()
  return sendStoredFile(blob, {
    filename: row.filename,
    contentType: row.contentType,
    inline: !download && (row.kind === 'image' || row.kind === 'pdf'),
  })
}

/** `GET /api/messages/:id/attachments`: the files of one of the user's messages, in upload order. */
export async function listMessageAttachments(
  db: Db,
  actor: Actor,
  messageId: string,
): Promise<MessageAttachment[]> {
  const files = attachmentsFor(db, actor)
  if (!(await files.ownsMessage(messageId))) throw messageNotFound()
  const rows = await files.ofMessages([messageId])
  return rows.map((row) => ({
    id: row.id,
    filename: row.filename,
    content_type: row.contentType,
    size: row.size,
    kind: row.kind,
    file_data: fileUrlOf(row.id),
  }))
}

/**
 * The user's un-sent uploads with these ids, in the order given (duplicates dropped), refused as
 * `bindAttachments` would refuse them (413, 404, 409). The send path reads them before storing
 * anything (for the marker's names and the model's content); the binding, inside the transaction
 * that stores the message, still decides.
 */
export async function requireUnsentAttachments(
  db: Db,
  actor: Actor,
  attachmentIds: readonly string[],
  limits: { maxFiles: number },
): Promise<Attachment[]> {
  const ids = [...new Set(attachmentIds)]
  if (ids.length === 0) return []
  if (ids.length > limits.maxFiles) throw tooManyFiles(limits.maxFiles)
  if (!ids.every(isUuid)) throw fileNotFound()
  const rows = await attachmentsFor(db, actor).findMany(ids)
  if (rows.length !== ids.length) throw fileNotFound()
  if (rows.some((row) => row.messageId !== null)) throw alreadySent()
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.map((id) => byId.get(id)!)
}

/**
 * Binds the user's un-sent uploads to a message just stored. Refused whole: more than `maxFiles`
 * distinct ids (413), an unknown or other user's id (404 'File not found', the same answer for
 * both), an upload already sent (409). Pass the transaction that stored the message when there
 * is one (a transaction handle is a `Db`). Returns the bound ids in the order given (duplicates
 * dropped); the message lists its files in that order, from `firstPosition` on (an edit's kept
 * files come first).
 */
export async function bindAttachments(
  db: Db,
  actor: Actor,
  messageId: string,
  attachmentIds: readonly string[],
  limits: { maxFiles: number },
  firstPosition = 0,
): Promise<string[]> {
  const ids = [...new Set(attachmentIds)]
  if (ids.length === 0) return []
  if (ids.length > limits.maxFiles) throw tooManyFiles(limits.maxFiles)
  if (!ids.every(isUuid)) throw fileNotFound()
  const files = attachmentsFor(db, actor)
  if (!(await files.ownsMessage(messageId))) throw messageNotFound()
  const found = await files.sentState(ids)
  if (found.length !== ids.length) throw fileNotFound()
  if (found.some((row) => row.messageId !== null)) throw alreadySent()
  // Another send (or the sweep, or a remove) took one meanwhile: nothing is bound, the whole is refused.
  if (!(await files.bindUnsent(messageId, ids, firstPosition))) throw alreadySent()
  return ids
}

/**
 * Spec section 4, 'Sending a message' step 3: the stored user text is the message text followed by
 * a blank line and '[Files attached: name1, name2]'. No files, no marker.
 */
export function attachmentMarker(filenames: readonly string[]): string {
  return filenames.length === 0 ? '' : `\n\n${MARKER_PREFIX}${filenames.join(', ')}]`
}

export const MARKER_PREFIX = '[Files attached: '

/**
 * The stored text of a user message: its text, then the marker. A message of files only is the
 * marker alone, without the blank line that would otherwise open it (docs/decisions/070).
 */
export function withAttachmentMarker(text: string, filenames: readonly string[]): string {
  const marker = attachmentMarker(filenames)
  return text.trim() ? text + marker : marker.trimStart()
}
