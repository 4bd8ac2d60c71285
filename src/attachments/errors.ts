import { formatFileSize } from '../extract/file-size'
import { AppError } from '../http/errors'

/** Unknown and other users' files answer the same, so ids cannot be probed. */
export const fileNotFound = () => new AppError('not_found:file', 'File not found')
export const alreadySent = () =>
  new AppError('conflict:file_sent', 'This file was already sent with a message')
export const fileTooLarge = (maxBytes: number) =>
  new AppError('payload_too_large:file', `File is too large (max ${formatFileSize(maxBytes)})`)
export const tooManyFiles = (maxFiles: number) =>
  new AppError('payload_too_large:files', `Too many files (max ${maxFiles})`)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids reach SQL only when well-formed; anything else is simply not found (never a 500 from Postgres). */
export const isUuid = (id: string) => UUID.test(id)
