import type { Actor } from '../auth/actor'
import { microsToDollars } from '../budget/money'
import { isUuid } from '../chats/cursor'
import { requireChat } from '../chats/service'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { messageNotFound, toMessageJson } from '../messages/model'
import { feedbackFor } from './feedback-data'
import {
  type ChatUsageJson,
  type FeedbackRating,
  MAX_FEEDBACK_COMMENT_CHARS,
  type MessageFeedback,
} from './model'

type Ctx = Pick<AppContext, 'db' | 'realtime'>

/**
 * Rates one of the person's answers (thumbs up or down, an optional comment), or with `rating: null`
 * takes the rating and its comment back. Another person's message reads as missing (404); a question
 * cannot be rated (400). Every tab of the person hears of it (`message:feedback`). Support access
 * rates as the target, audited like every write made while acting (src/auth/write-audit.ts).
 */
export async function rateAnswer(
  ctx: Ctx,
  actor: Actor,
  messageId: string,
  input: { rating: FeedbackRating | null; comment?: string | null },
) {
  const comment = input.comment?.trim() || null
  if (comment && comment.length > MAX_FEEDBACK_COMMENT_CHARS) {
    throw new AppError('bad_request:feedback', 'Comment is too long: at most 2,000 characters')
  }
  const data = feedbackFor(ctx.db, actor)
  const message = isUuid(messageId) ? await data.message(messageId) : undefined
  if (!message) throw messageNotFound()
  if (message.isUser) throw new AppError('bad_request:feedback', 'Only answers can be rated')
  const feedback: MessageFeedback | null = input.rating ? { rating: input.rating, comment } : null
  const rated = await data.rate(messageId, feedback)
  // Deleted between the read and the write (the chat removed in another tab).
  if (!rated) throw messageNotFound()
  ctx.realtime.toUser(actor.userId, 'message:feedback', { chatId: rated.chatId, messageId, feedback })
  return { message: toMessageJson(rated) }
}

/** GET /api/chats/:id/usage: what the chat's answers cost so far, in tokens and dollars. */
export async function chatUsage(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  chatId: string,
): Promise<ChatUsageJson> {
  await requireChat(ctx, actor, chatId)
  const sums = await feedbackFor(ctx.db, actor).chatUsage(chatId)
  return {
    input_tokens: sums.promptTokens,
    output_tokens: sums.completionTokens,
    cost: microsToDollars(sums.costMicros),
    messages: sums.calls,
  }
}
