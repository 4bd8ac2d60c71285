import type { Message, Model } from '../../db/schema'
import { whileDatabaseRestarts } from '../../db/unavailable'
import { type Failure, failureText } from '../ai/failures'
import { buildPrompt, estimatePromptTokens, estimateTokens } from '../ai/prompt'
import { aiProviders } from '../ai/providers'
import type { ChatProvider, ChatTurn, GenerationSettings, WorkflowCall } from '../ai/types'
import { ProviderError } from '../ai/types'
import { type SearchResult, searchWeb } from '../ai/web-search'
import type { Actor } from '../auth/actor'
import { costMicros } from '../budget/money'
import {
  getBudgetStatus,
  type Reservation,
  recordUsage,
  type UsageInput,
  usageStatement,
} from '../budget/service'
import type { AppContext } from '../context'
import { buildRagContext, usesKnowledge } from '../knowledge/search'
import { deltaFrames } from './delta-frames'
import { type LiveReply, liveReplies } from './live-replies'
import { messagesFor, withNote } from './messages-data'
import { partialSaves } from './partial-saves'
import { toMessageJson } from './service'

/** What the client is told when a reply fails (spec section 8); the detail is in the row's `error`. */
export const SEND_FAILED = 'Failed to send message. Please try again.'

export interface ReplyJob {
  /** Who the reply is for: it keeps running, and is stored, after the request that started it ends. */
  actor: Actor
  reply: LiveReply
  model: Model
  provider: ChatProvider
  settings: GenerationSettings
  systemPrompt: string | null
  /** The conversation, ending with the user's message. */
  history: ChatTurn[]
  webSearch: boolean
  agentId?: string
  /** Search the knowledge base for context (default: the RAG agent, `usesKnowledge`). */
  knowledge?: boolean
  /** The agent's workflow call, for the workflow provider. */
  workflow?: WorkflowCall
  /** Answered by a workflow or Parley itself: no model cost is recorded (tokens still are). */
  free?: boolean
  /** The asking user's language, for the texts Parley itself writes (the demo model's answer). */
  language?: string
  reservation: Reservation
  /** When the assistant row was created. */
  createdAt: Date
}

/**
 * Runs one reply in the background: calls the model, sends its text as `message:delta` with an
 * increasing `seq` (the pieces of one frame together: delta-frames.ts), saves the text as it grows, and stores the outcome: complete, stopped (partial
 * text kept) or failed (partial text kept, the reason in `error`). Then records usage and cost
 * (dropping the budget reservation with it), releases the chat, and pushes the new budget to the user.
 */
export async function runReply(ctx: AppContext, job: ReplyJob): Promise<Message | undefined> {
  const { reply, model } = job
  const { chatId, messageId } = reply
  // Not AbortSignal.timeout: its timer lives on for the whole time-out after the reply ended and
  // keeps the combined signal, and through it the provider's response stream, from being collected
  // (every wave of replies added to the memory for two minutes). This timer is cleared at the end.
  const timer = new AbortController()
  const timeoutId = setTimeout(
    () => timer.abort(new DOMException('The provider timed out', 'TimeoutError')),
    ctx.config.ai.requestTimeoutMs,
  )
  const timeout = timer.signal
  const signal = AbortSignal.any([reply.controller.signal, timeout])
  // The text so far is saved with every other live reply's, every 500 ms (partial-saves.ts).
  const saves = partialSaves(ctx)
  const frames = deltaFrames(ctx)
  let usage: { promptTokens: number; completionTokens: number } | undefined
  let status: Message['status'] = 'complete'
  let failure: Failure | null = null
  let prompt: ChatTurn[] = []
  let sources: { id: string; title: string }[] = []

  try {
    const searchResults = job.webSearch ? await searchForContext(ctx, job, signal) : undefined
    // The RAG agent (the default): the knowledge base's best entries; never fails the reply.
    const knowledge =
      (job.knowledge ?? usesKnowledge(job.agentId))
        ? await buildRagContext(ctx, job.actor, questionOf(job))
        : undefined
    sources = knowledge?.sources ?? []
    prompt = buildPrompt({
      systemPrompt: job.systemPrompt,
      responseFormat: job.settings.responseFormat,
      history: job.history,
      searchResults,
      knowledgeContext: knowledge?.text,
    })
    const events = job.provider.stream({
      model,
      messages: prompt,
      settings: job.settings,
      chatId,
      agentId: job.agentId,
      workflow: job.workflow,
      language: job.language,
      signal,
    })
    for await (const event of events) {
      if (event.type === 'usage') {
        usage = { promptTokens: event.promptTokens, completionTokens: event.completionTokens }
        continue
      }
      if (!event.text || signal.aborted) continue
      // Sent at the end of the frame with whatever else arrives meanwhile; then saved with the rest.
      frames.add(reply, event.text)
    }
    signal.throwIfAborted()
  } catch (cause) {
    if (reply.controller.signal.aborted) {
      status = 'stopped'
    } else if (timeout.aborted) {
      status = 'failed'
      failure = { reason: 'provider_timeout', seconds: Math.round(ctx.config.ai.requestTimeoutMs / 1000) }
    } else {
      status = 'failed'
      failure = cause instanceof ProviderError ? cause.failure : { reason: 'provider_failed' }
      ctx.log.warn('reply failed', { chatId, messageId, model: model.id, error: cause })
    }
  }

  clearTimeout(timeoutId)
  const error = failure ? failureText(failure) : null
  let stored: Message | undefined
  // Whatever the outcome, the text received so far goes out (and into `reply.content`) first.
  frames.flush(reply)
  saves.forget(messageId)
  try {
    const used = replyUsage(job, prompt, usage)
    const outcome = {
      content: reply.content,
      status,
      error,
      sources: sources.length ? sources : null,
      // The reason's code with the notes the reply started with (docs/decisions/150).
      ...(failure ? { notes: withNote({ code: 'failed', ...failure }) } : {}),
    }
    // The database may be restarting (its process killed): the outcome is retried, not lost (the
    // message would stay 'streaming' until the stale-reply sweep failed it, though every tab saw
    // it end). A retry changes only a message still streaming: an earlier try may have committed
    // before its answer was lost, and its usage row must not be written twice.
    let usageWritten = false
    stored = await whileDatabaseRestarts(async (tryNumber) => {
      // Nothing reserved (no limit enforced): the outcome and the usage row in one statement.
      const alongside = used && !job.reservation.id ? usageStatement(ctx, job.actor, used) : undefined
      if (tryNumber === 0 || !alongside) {
        const row = await messagesFor(ctx.db, job.actor).storeOutcome(messageId, outcome, { alongside })
        usageWritten = alongside !== undefined
        return row
      }
      const row = await messagesFor(ctx.db, job.actor).storeOutcome(messageId, outcome, {
        whileStreaming: true,
      })
      // Not streaming any more: the first try's statement, its usage row included, was committed.
      // Otherwise the usage is recorded below, retried on its own.
      usageWritten = !row
      return row
    })
    if (used && !usageWritten)
      await whileDatabaseRestarts(() => recordUsage(ctx, job.actor, used, job.reservation))
  } catch (cause) {
    ctx.log.error('could not store the reply', { chatId, messageId, error: cause })
  } finally {
    // Already gone when the usage was recorded (same transaction); otherwise dropped here, before
    // the outcome is announced, so a send that follows the answer is judged without it.
    await job.reservation.release()
    liveReplies(ctx).release(chatId)
    if (status === 'failed') {
      // `reason` is what the message stores as its error (e.g. the provider's timeout), for the bubble.
      ctx.realtime.toChat(chatId, 'message:failed', {
        chatId,
        messageId,
        error: SEND_FAILED,
        reason: error,
        failure,
      })
    } else {
      const message = stored
        ? toMessageJson(stored)
        : {
            id: messageId,
            chat_id: chatId,
            content: reply.content,
            is_user: false,
            status,
            error,
            model_id: model.id,
            ...(sources.length ? { sources } : {}),
            created_at: job.createdAt.toISOString(),
          }
      ctx.realtime.toChat(chatId, 'message:completed', { chatId, message })
    }
    void pushBudget(ctx, job.actor)
  }
  return stored
}

async function searchForContext(
  ctx: AppContext,
  job: ReplyJob,
  signal: AbortSignal,
): Promise<SearchResult[] | undefined> {
  const url = ctx.config.ai.searxngUrl
  const query = questionOf(job)
  if (!url || !query.trim()) return undefined
  const { status } = aiProviders(ctx)
  try {
    const results = await searchWeb(url, query, signal)
    status.success('search')
    return results
  } catch (error) {
    if (signal.aborted) throw error
    status.failure('search', error)
    ctx.log.warn('web search failed; answering without it', { error })
    return undefined
  }
}

/** The question's own text: the first part of a message with files, not the files' contents. */
function questionOf(job: ReplyJob): string {
  const last = job.history.at(-1)?.content ?? ''
  return typeof last === 'string' ? last : last[0]?.type === 'text' ? last[0].text : ''
}

/** What the reply used: the provider's count, else an estimate; undefined when nothing was used. */
function replyUsage(
  job: ReplyJob,
  prompt: ChatTurn[],
  reported: { promptTokens: number; completionTokens: number } | undefined,
): UsageInput | undefined {
  const tokens = reported ?? {
    promptTokens: prompt.length ? estimatePromptTokens(prompt) : 0,
    completionTokens: estimateTokens(job.reply.content),
  }
  if (!tokens.promptTokens && !tokens.completionTokens) return undefined
  return {
    chatId: job.reply.chatId,
    messageId: job.reply.messageId,
    modelId: job.model.id,
    ...tokens,
    costMicros: job.free
      ? 0
      : costMicros(tokens, {
          inputMicrosPerMillion: job.model.inputPriceMicrosPerMillion,
          outputMicrosPerMillion: job.model.outputPriceMicrosPerMillion,
        }),
    estimated: !reported,
  }
}

async function pushBudget(ctx: AppContext, actor: Actor) {
  try {
    ctx.realtime.toUser(actor.userId, 'budget:updated', await getBudgetStatus(ctx, actor))
  } catch (error) {
    ctx.log.warn('could not push the budget', { userId: actor.userId, error })
  }
}
