import { safeFileName } from '../extract/safe-file-name'
import { safeFilename } from '../shares/export'

/*
 * Names inside the export's zip (docs/decisions/175-account-export.md). A stored file name is the
 * person's (or an imported export's) and may be anything; inside the archive it must stay one
 * file in its folder on every system that unpacks it.
 */

/** Characters Windows refuses in a file name; replaced so that the archive unpacks everywhere. */
const WINDOWS_RESERVED = /[<>:"|?*]/g

/**
 * One path segment: slashes and backslashes become `_` (never a folder), control and bidi
 * characters go, `..` becomes `.` (never a way up), Windows' reserved characters become `_`,
 * leading dots (a hidden file) and trailing dots or spaces go, at most 255 UTF-8 bytes with the
 * extension kept, never empty.
 */
export function zipEntryName(name: string): string {
  const flat = safeFileName(name.replace(/[/\\]/g, '_'))
    .replace(/\.{2,}/g, '.')
    .replace(WINDOWS_RESERVED, '_')
    .replace(/[. ]+$/, '')
    .replace(/^[. ]+/, '')
  return flat === '' || flat === '.' ? 'file' : flat
}

/** Names taken in one folder; a name taken already gets ` (2)`, ` (3)`… before its extension. */
export class FolderNames {
  private readonly taken = new Set<string>()

  take(name: string): string {
    const dot = name.lastIndexOf('.')
    const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
    let candidate = name
    for (let copy = 2; this.taken.has(candidate.toLowerCase()); copy++)
      candidate = `${base} (${copy})${extension}`
    this.taken.add(candidate.toLowerCase())
    return candidate
  }
}

/** A chat's folder: `<yyyy-mm-dd>-<ascii slug of the title>-<first 8 characters of its id>`. */
export function chatFolderName(chat: { id: string; title: string; createdAt: Date }): string {
  return `${chat.createdAt.toISOString().slice(0, 10)}-${safeFilename(chat.title)}-${chat.id.slice(0, 8)}`
}

/** A generated image's extension from its stored type. */
export function imageExtension(contentType: string): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  return { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' }[type] ?? 'bin'
}
