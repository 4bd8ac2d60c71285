import { t } from 'elysia'
import type { Message } from '../../db/schema'
import { ok } from '../http/model'
import { messageJson } from '../messages/model'

export type FeedbackRating = NonNullable<Message['feedbackRating']>

/** A rated answer's feedback as the message JSON and `message:feedback` carry it. */
export interface MessageFeedback {
  rating: FeedbackRating
  comment: string | null
}

export const MAX_FEEDBACK_COMMENT_CHARS = 2000

/**
 * `rating: null` takes the rating and its comment back. The comment's limit is the service's (its
 * own code and sentence); the schema's bound only keeps a hostile body from costing work.
 */
export const feedbackBody = t.Object({
  rating: t.Union([t.Literal('up'), t.Literal('down'), t.Null()], {
    error: 'rating must be "up", "down" or null',
  }),
  comment: t.Optional(t.Union([t.String({ maxLength: 100_000 }), t.Null()])),
})

// Response schemas: what each route answers (issue 34; the OpenAPI document shows them).

export const feedbackResponse = ok(t.Object({ message: messageJson }))

/** A chat's spend so far (`messages`: the model calls recorded, one per reply, as the admin usage counts them). */
export const chatUsageJson = t.Object({
  input_tokens: t.Number(),
  output_tokens: t.Number(),
  cost: t.Number(),
  messages: t.Number(),
})

export type ChatUsageJson = typeof chatUsageJson.static

export const chatUsageResponse = ok(chatUsageJson)
