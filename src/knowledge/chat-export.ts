import type { Attachment } from '../../db/schema'
import { MARKER_PREFIX } from '../attachments/service'

/**
 * What an exported chat reads like (docs/decisions/147-account-deletion-toast-chat-export-and-steady-dialogs.md): the spec's
 * 'User: …' / 'AI: …' paragraphs, as the person saw them in the chat. The send path's
 * '[Files attached: …]' marker gives way to each file by name, with a document's extracted text
 * quoted under it (bounded); an image the app generated is named by its description, because its
 * link is served to its owner only and would be broken for the teammates of a shared entry.
 */

/** A document's text kept in an export: past this it is cut, and the cut is said. */
export const EXPORT_FILE_CHARS = 20_000
/** All the files of one export together: later files are named without their text. */
export const EXPORT_FILES_CHARS = 200_000

/** Words, not pictographs: the entry is read in fonts without emoji, and searched. */
const FILE_LABEL = 'Attached file: '
const IMAGE_LABEL = 'Generated image: '

export interface ExportMessage {
  id: string
  content: string
  isUser: boolean
}

export type ExportAttachment = Pick<Attachment, 'filename' | 'kind' | 'extractedText' | 'extractionError'>

/** The marker at the end of a stored user message (src/attachments/service.ts `attachmentMarker`). */
const FILES_MARKER = new RegExp(`\\s*${escapeRegExp(MARKER_PREFIX)}[^\\]\\n]*\\]\\s*$`)
/** `![Generated Image](/api/images/<id>)`, as src/images/service.ts writes an image into its answer. */
const OWN_IMAGE = /!\[([^\]\n]*)\]\(\/api\/images\/([0-9a-fA-F-]{36})\)/g

/** The ids of the generated images an answer shows. */
export function generatedImageIds(content: string): string[] {
  return [...content.matchAll(OWN_IMAGE)].map((match) => match[2]!.toLowerCase())
}

/** The entry's content; `imagePrompts` holds the description of each generated image still there. */
export function chatExportText(
  messages: readonly ExportMessage[],
  attachments: ReadonlyMap<string, readonly ExportAttachment[]>,
  imagePrompts: ReadonlyMap<string, string>,
): string {
  const budget = { left: EXPORT_FILES_CHARS }
  return messages
    .map((message) => {
      if (!message.isUser) return `AI: ${nameImages(message.content, imagePrompts).trim()}`
      const rows = attachments.get(message.id) ?? []
      // Files whose rows are gone (never the case for a sent message today) are still named.
      const files = rows.length
        ? rows.map((file) => fileSection(file, budget))
        : markerNames(message.content).map((name) => `${FILE_LABEL}${oneLine(name)}`)
      const text = message.content.replace(FILES_MARKER, '').trim()
      return `User: ${[text, ...files].filter(Boolean).join('\n\n')}`
    })
    .join('\n\n')
}

/** The file names the marker lists (names may hold ', ' too: a best effort, used only as a fallback). */
function markerNames(content: string): string[] {
  const marker = content.match(FILES_MARKER)?.[0].trim()
  if (!marker) return []
  return marker.slice(MARKER_PREFIX.length, -1).split(', ').filter(Boolean)
}

function nameImages(content: string, imagePrompts: ReadonlyMap<string, string>): string {
  return content.replace(OWN_IMAGE, (_, alt: string, id: string) => {
    const prompt = imagePrompts.get(id.toLowerCase())
    if (prompt) return `${IMAGE_LABEL}${oneLine(prompt)}`
    return alt.trim() && alt !== 'Generated Image' ? `${IMAGE_LABEL}${oneLine(alt)}` : 'Generated image'
  })
}

/**
 * 'Attached file: name', and for a document whose text was read, that text quoted under it (cut
 * when long), each line kept as a line (a markdown hard break: a list or a table stays readable).
 */
function fileSection(file: ExportAttachment, budget: { left: number }): string {
  const name = `${FILE_LABEL}${oneLine(file.filename)}`
  const readable = file.kind === 'pdf' || file.kind === 'docx' || file.kind === 'text'
  // On a failed extraction the stored text is the spec's fallback for the model, not the file's.
  const text =
    readable && !file.extractionError ? (file.extractedText ?? '').replace(/\r\n?/g, '\n').trim() : ''
  if (!text) return name
  if (budget.left <= 0)
    return `${name}\n> [Text left out: this export already holds the text of its other files]`
  const limit = Math.min(EXPORT_FILE_CHARS, budget.left)
  const kept = text.length > limit ? text.slice(0, limit).trimEnd() : text
  budget.left -= kept.length
  const lines = kept.split('\n')
  if (kept.length < text.length) {
    lines.push('', `[… shortened: the first ${fmt(kept.length)} of ${fmt(text.length)} characters]`)
  }
  return `${name}\n${lines.map((line) => (line.trim() ? `> ${line.trimEnd()}  ` : '>')).join('\n')}`
}

const fmt = (count: number) => count.toLocaleString('en')
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
