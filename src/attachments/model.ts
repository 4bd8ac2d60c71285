import { t } from 'elysia'
import type { Attachment } from '../../db/schema'
import { ok } from '../http/model'

export interface UploadedFile {
  id: string
  filename: string
  contentType: string
  size: number
  kind: Attachment['kind']
  /** Spec section 8's message when the text could not be read (the fallback content is used). */
  warning?: string
}

export function toUploadedFile(row: Attachment): UploadedFile {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    kind: row.kind,
    ...(row.extractionError ? { warning: row.extractionError } : {}),
  }
}

export const idParams = t.Object({ id: t.String() })

export const fileQuery = t.Object({
  download: t.Optional(t.String()),
})

/** Spec section 3, 'File attachment (as sent)': the inline form `POST /api/chat` may carry. */
export const inlineAttachment = t.Object({
  name: t.String({ minLength: 1, maxLength: 1000 }),
  type: t.Optional(t.String({ maxLength: 255 })),
  contentType: t.Optional(t.String({ maxLength: 255 })),
  size: t.Optional(t.Number({ minimum: 0 })),
  content: t.String(),
})

export const multipartFileBody = {
  content: {
    'multipart/form-data': {
      schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
    },
  },
} as const

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const messageAttachment = t.Object({
  id: t.String(),
  filename: t.String(),
  content_type: t.String(),
  size: t.Number(),
  kind: t.String(),
  file_data: t.String(),
})

export const uploadedFile = t.Object({
  id: t.String(),
  filename: t.String(),
  contentType: t.String(),
  size: t.Number(),
  kind: t.Union([
    t.Literal('text'),
    t.Literal('image'),
    t.Literal('pdf'),
    t.Literal('docx'),
    t.Literal('other'),
  ]),
  warning: t.Optional(t.String()),
})

export const uploadsLimitsGetResponse = ok(t.Object({ maxFileBytes: t.Number(), maxFiles: t.Number() }))

export const uploadsPostResponse = ok(uploadedFile)

export const messagesAttachmentsGetResponse = ok(t.Array(messageAttachment))
