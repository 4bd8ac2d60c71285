import { t } from 'elysia'

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
