import { t } from 'elysia'
import type { Message } from '../../db/schema'
import { failureValues } from '../ai/failures'
import { inlineAttachment } from '../attachments/model'
import { microsToDollars } from '../budget/money'
import { chatJson } from '../chats/model'
import { AppError } from '../http/errors'
import { ok } from '../http/model'
import { pageQuery } from '../http/page-query'
import type { RowUsage } from './path-data'

/** The 404 for a message that is not there or not the person's (edits, feedback, tool approvals, files). */
export const messageNotFound = () => new AppError('not_found:message', 'Message not found')

/** What a list read adds to a message: its siblings and, for a reply, what it cost (docs/decisions/158). */
export interface TreeExtras {
  siblingIds?: string[]
  usage?: RowUsage | null
}

/** A message as the API and the `message:*` events send it. */
export function toMessageJson(message: Message & TreeExtras) {
  const failure =
    message.status === 'failed' ? message.notes?.find((note) => note.code === 'failed') : undefined
  const notes = message.notes?.filter((note) => note.code !== 'failed')
  const values = failure ? failureValues(failure) : undefined
  return {
    id: message.id,
    chat_id: message.chatId,
    content: message.content,
    is_user: message.isUser,
    status: message.status,
    error: message.error,
    /** Why the answer failed, as a code the client words (docs/decisions/150); `error` keeps the English. Absent for older rows. */
    ...(failure ? { error_code: failure.reason, error_values: values ?? {} } : {}),
    model_id: message.modelId,
    /** The knowledge entries the reply was given, numbered in order ('[Source 1]' is the first); absent when none. */
    ...(message.sources?.length ? { sources: message.sources } : {}),
    /** The deep research run writing this assistant message (GET /api/research/:id); absent otherwise. */
    ...(message.researchId ? { research_id: message.researchId } : {}),
    /** What the person should know about how the reply was made (e.g. images the model could not see); absent when nothing. */
    ...(notes?.length ? { notes } : {}),
    /** The tools the answer called, in order (issue 30); absent when none. */
    ...(message.toolCalls?.length ? { tool_calls: message.toolCalls } : {}),
    /** The message this one follows; null for a chat's first messages. */
    parent_id: message.parentId,
    /** Its parent's children, oldest first, itself included: present when known (list reads, new messages). */
    ...(message.siblingIds ? { sibling_ids: message.siblingIds } : {}),
    /** What the reply cost, once its call is recorded. */
    ...(message.usage
      ? {
          usage: {
            input_tokens: Number(message.usage.input_tokens),
            output_tokens: Number(message.usage.output_tokens),
            cost: microsToDollars(Number(message.usage.cost_micros)),
          },
        }
      : {}),
    /** The person's rating of the reply; absent until rated. */
    ...(message.feedbackRating
      ? { feedback: { rating: message.feedbackRating, comment: message.feedbackComment } }
      : {}),
    created_at: message.createdAt.toISOString(),
  }
}

export type MessageJson = ReturnType<typeof toMessageJson>

export const messageListQuery = t.Object({
  ...pageQuery,
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

/** `messageId`: the answer to give a sibling (default: the current path's last answer). */
export const regenerateBody = t.Optional(
  t.Object({ messageId: t.Optional(t.String({ maxLength: 200 })), modelId: optionalId, agentId: optionalId }),
)

/** Spec's send body, for an edit: the text again, the files kept (the edited message's) and new ones. */
export const editMessageBody = sendMessageBody

export const branchBody = t.Object({ messageId: t.String({ maxLength: 200 }) })

/** Spec section 7 `POST /api/chat`. */
export const legacyChatBody = t.Object({
  message: t.String({ error: 'Message cannot be empty' }),
  sessionId: t.String({ minLength: 1, error: 'sessionId (the chat id) is required' }),
  modelId: optionalId,
  agentId: optionalId,
  /** Spec section 3 'File attachment (as sent)': documents as their text, other files as data URLs. */
  attachments: t.Optional(t.Array(inlineAttachment, { maxItems: 1000 })),
})

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const stopReason = t.Union([t.Literal('budget'), t.Literal('time_limit'), t.Literal('cost_limit')])

export const researchNote = t.Union([
  t.Object({ code: t.Literal('web_not_searched') }),
  t.Object({ code: t.Literal('web_search_failed') }),
  t.Object({ code: t.Literal('knowledge_search_failed') }),
  t.Object({ code: t.Literal('source_unreachable'), host: t.String() }),
  t.Object({ code: t.Literal('page_unreadable'), host: t.String(), detail: t.Optional(t.String()) }),
  t.Object({ code: t.Literal('stopped_early'), reason: stopReason }),
])

export const replyErrorCode = t.Union([
  t.Literal('provider_timeout'),
  t.Literal('provider_unreachable'),
  t.Literal('provider_stream_lost'),
  t.Literal('provider_stream_cut'),
  t.Literal('provider_status'),
  t.Literal('provider_failed'),
  t.Literal('interrupted'),
  t.Literal('no_model'),
  t.Literal('research_failed'),
  t.Literal('budget_exceeded'),
])

/** A tool call of an answer (db/catalogues/tools.ts StoredToolCall). */
export const toolCallJson = t.Object({
  id: t.String(),
  tool: t.String(),
  server: t.Optional(t.String()),
  name: t.String(),
  arguments: t.String(),
  status: t.Union([
    t.Literal('running'),
    t.Literal('awaiting_approval'),
    t.Literal('done'),
    t.Literal('failed'),
    t.Literal('denied'),
  ]),
  result_preview: t.Nullable(t.String()),
  duration_ms: t.Nullable(t.Number()),
  images: t.Optional(t.Array(t.Object({ url: t.String(), alt: t.String() }))),
})

export const messageJson = t.Object({
  created_at: t.String(),
  parent_id: t.Nullable(t.String()),
  sibling_ids: t.Optional(t.Array(t.String())),
  usage: t.Optional(t.Object({ input_tokens: t.Number(), output_tokens: t.Number(), cost: t.Number() })),
  feedback: t.Optional(
    t.Object({ rating: t.Union([t.Literal('up'), t.Literal('down')]), comment: t.Nullable(t.String()) }),
  ),
  notes: t.Optional(
    t.Array(
      t.Union([
        t.Object({ code: t.Literal('images_not_seen'), files: t.Array(t.String()) }),
        t.Object({ code: t.Literal('research'), note: researchNote }),
      ]),
    ),
  ),
  research_id: t.Optional(t.String()),
  tool_calls: t.Optional(t.Array(toolCallJson)),
  sources: t.Optional(t.Array(t.Object({ id: t.String(), title: t.String() }))),
  model_id: t.Nullable(t.String()),
  error_code: t.Optional(replyErrorCode),
  error_values: t.Optional(t.Record(t.String(), t.Union([t.String(), t.Number()]))),
  id: t.String(),
  chat_id: t.String(),
  content: t.String(),
  is_user: t.Boolean(),
  status: t.Union([t.Literal('failed'), t.Literal('complete'), t.Literal('streaming'), t.Literal('stopped')]),
  error: t.Nullable(t.String()),
})

export const stopResult = t.Union([
  t.Object({ stopped: t.Literal(true), messageId: t.String() }),
  t.Object({ stopped: t.Literal(false), messageId: t.Null() }),
])

export const messageListResponse = ok(
  t.Object({ messages: t.Array(messageJson), nextCursor: t.Nullable(t.String()) }),
)

export const sendMessageResponse = ok(t.Object({ userMessage: messageJson, assistantMessageId: t.String() }))

export const stopReplyResponse = ok(stopResult)

export const regenerateReplyResponse = ok(t.Object({ assistantMessageId: t.String() }))

export const forkResponse = ok(t.Object({ chat: chatJson }))

export const branchResponse = ok(
  t.Object({ leafId: t.String(), messages: t.Array(messageJson), nextCursor: t.Nullable(t.String()) }),
)

export const legacyChatResponse = t.Object({
  success: t.Boolean(),
  message: t.String(),
  error: t.Nullable(t.String()),
  modelUsed: t.String(),
})
