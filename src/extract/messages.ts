import type { FileKind } from './classify-file'

/** Spec section 8 ('File processing'): the message shown when a file cannot be read. */
export function fileErrorMessage(kind: FileKind, name: string): string {
  if (kind === 'docx') return `Failed to read DOCX file: ${name}`
  if (kind === 'pdf' || kind === 'text') return `Failed to read file: ${name}`
  return `Failed to process file: ${name}`
}

/**
 * Spec section 8: the content sent to the model instead of the text when extraction fails. Text
 * files have no such form in the spec; they fall back to no content.
 */
export function fallbackText(kind: FileKind, name: string, size: number): string {
  if (kind === 'pdf')
    return `[PDF File: ${name}]\n[Unable to extract text from PDF. File size: ${size} bytes]`
  if (kind === 'docx')
    return `[DOCX File: ${name}]\n[Unable to extract text from DOCX. File size: ${size} bytes]`
  return ''
}
