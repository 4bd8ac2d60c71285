import { t } from 'elysia'
import { inlineAttachment } from '../attachments/model'

export const messageListQuery = t.Object({
  cursor: t.Optional(t.String({ maxLength: 200 })),
  limit: t.Optional(
    t.Numeric({
      minimum: 1,
      maximum: 200,
      multipleOf: 1,
      error: 'limit must be a whole number between 1 and 200',
    }),
  ),
})

const optionalId = t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()]))

/**
 * Length and count limits are the service's (413 for an oversized message or too many files), not
 * the schema's; the array bound only keeps a hostile body from costing work.
 */
const attachmentIds = t.Optional(t.Array(t.String({ maxLength: 200 }), { maxItems: 1000 }))

/** `content` may be blank (or left out) when files are attached. */
export const sendMessageBody = t.Object({
  content: t.Optional(t.String({ error: 'Message cannot be empty' })),
  modelId: optionalId,
  agentId: optionalId,
  attachmentIds,
})

export const regenerateBody = t.Optional(t.Object({ modelId: optionalId, agentId: optionalId }))

/** Spec section 7 `POST /api/chat`. */
export const legacyChatBody = t.Object({
  message: t.String({ error: 'Message cannot be empty' }),
  sessionId: t.String({ minLength: 1, error: 'sessionId (the chat id) is required' }),
  modelId: optionalId,
  agentId: optionalId,
  /** Spec section 3 'File attachment (as sent)': documents as their text, other files as data URLs. */
  attachments: t.Optional(t.Array(inlineAttachment, { maxItems: 1000 })),
})
