import { chatgptSourceId, convertChatgpt, looksLikeChatgpt } from './chatgpt'
import { claudeSourceId, convertClaude, looksLikeClaude } from './claude'
import { type Converted, cut, isRecord } from './conversation'
import { FAILURES, ImportFailure, type ImportNote, REASONS } from './errors'
import { IMPORT_LIMITS } from './limits'
import { convertParley, looksLikeParley, parleySourceId } from './parley'
import { isZip, readZipJson } from './unzip'

export type ImportSource = 'chatgpt' | 'claude' | 'parley'

/** How each export's conversations are recognised, identified and read. */
export const FORMATS: Record<
  ImportSource,
  { sourceId(item: unknown): string | null; convert(item: unknown, now: number): Converted }
> = {
  chatgpt: { sourceId: chatgptSourceId, convert: convertChatgpt },
  claude: { sourceId: claudeSourceId, convert: convertClaude },
  parley: { sourceId: parleySourceId, convert: convertParley },
}

export interface ExportContents {
  /** null: an export with no conversations at all (an empty list). */
  source: ImportSource | null
  /** The conversations, as parsed (read one at a time, and dropped once written). */
  items: unknown[]
  /** Files of the zip that were ignored, and why. */
  notes: ImportNote[]
}

/**
 * The uploaded file (a .json, or a .zip holding one) as an export's conversations; ImportFailure
 * when it is none. The file is taken from `upload` and let go of as soon as it is decoded: its
 * bytes, its text and its parsed form are never all held at once.
 */
export function readExport(upload: { bytes: Uint8Array | null }): ExportContents {
  let bytes = upload.bytes!
  upload.bytes = null
  if (!isZip(bytes)) return { ...recognise(parseJson(decode(bytes))), notes: [] }
  const zip = readZipJson(bytes)
  bytes = new Uint8Array(0)
  if (zip.conversations)
    return { ...recognise(parseJson(decode(zip.files.pop()!.bytes))), notes: zip.ignored }
  // No conversations.json: Parley chat exports, one per file (or a list in one).
  const items: unknown[] = []
  const notes: ImportNote[] = [...zip.ignored]
  for (let file = zip.files.shift(); file; file = zip.files.shift()) {
    let value: unknown
    try {
      value = parseJson(decode(file.bytes))
    } catch {
      value = null
    }
    const list = Array.isArray(value) ? value : [value]
    if (list.length && list.every(looksLikeParley)) items.push(...list)
    else notes.push({ title: cut(file.name, 200), reason: REASONS.notParleyChat })
  }
  if (!items.length) throw new ImportFailure(FAILURES.noConversations, { notes })
  return { source: 'parley', items, notes }
}

function recognise(value: unknown): Pick<ExportContents, 'source' | 'items'> {
  if (looksLikeParley(value)) return { source: 'parley', items: [value] }
  if (!Array.isArray(value)) throw new ImportFailure(FAILURES.notAnExport)
  if (value.length === 0) return { source: null, items: [] }
  // The first conversation tells the format; any other kind of entry is left out, with a reason.
  const first = value.find(isRecord)
  if (looksLikeChatgpt(first)) return { source: 'chatgpt', items: value }
  if (looksLikeClaude(first)) return { source: 'claude', items: value }
  if (looksLikeParley(first)) return { source: 'parley', items: value }
  throw new ImportFailure(FAILURES.notAnExport)
}

function decode(bytes: Uint8Array): string {
  if (bytes.length > IMPORT_LIMITS.unpackedBytes) throw new ImportFailure(FAILURES.tooLarge)
  // Invalid UTF-8 becomes U+FFFD: stored as text, never refused for it.
  return new TextDecoder().decode(bytes)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch (cause) {
    // Malformed, cut off, or nested deeper than the parser goes.
    throw new ImportFailure(FAILURES.notJson, { cause })
  }
}
