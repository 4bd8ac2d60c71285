import { t } from '../../i18n/i18n'
import '../../i18n/areas/chat'

/** How a file is labelled on a card: spec section 2, 'Message rendering', attachment rules. */
export type FileBadge =
  | { kind: 'pdf'; label: 'PDF' }
  | { kind: 'doc'; label: 'DOC' }
  | { kind: 'text'; label: string }
  | { kind: 'other'; label: string }

/** The label of a file the server gave no content type: 'Unknown type' in the active language. */
export const unknownType = () => t('chat.attachments.unknownType')

/** The extension in capitals ('report.final.PDF' → 'PDF'), or '' when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.')
  if (dot <= 0 || dot === name.length - 1) return ''
  return name.slice(dot + 1).toUpperCase()
}

export function isImageFile(contentType: string | null | undefined): boolean {
  return Boolean(contentType?.toLowerCase().startsWith('image/'))
}

/**
 * 'PDF' for pdf, 'DOC' for doc and docx, a text icon (labelled with its extension) for txt and md,
 * otherwise the content type, or 'Unknown type' when there is none.
 */
export function fileBadge(name: string, contentType: string | null | undefined): FileBadge {
  const type = (contentType ?? '').toLowerCase().split(';')[0]!.trim()
  const extension = fileExtension(name)
  if (type === 'application/pdf' || extension === 'PDF') return { kind: 'pdf', label: 'PDF' }
  if (
    type === 'application/msword' ||
    type === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' ||
    extension === 'DOC' ||
    extension === 'DOCX'
  ) {
    return { kind: 'doc', label: 'DOC' }
  }
  if (extension === 'TXT' || extension === 'MD' || type === 'text/plain' || type === 'text/markdown') {
    return { kind: 'text', label: extension || 'TXT' }
  }
  return { kind: 'other', label: type || unknownType() }
}

/** Whether the preview dialog can show the file's text. */
export function isTextFile(name: string, contentType: string | null | undefined): boolean {
  return (contentType ?? '').toLowerCase().startsWith('text/') || ['TXT', 'MD'].includes(fileExtension(name))
}

export function isPdfFile(name: string, contentType: string | null | undefined): boolean {
  return fileBadge(name, contentType).kind === 'pdf'
}
