import type { StoredToolCall } from '../../db/catalogues/tools'
import type { Message, Model } from '../../db/schema'
import { failureText } from '../ai/failures'
import { buildPrompt } from '../ai/prompt'
import type { ChatProvider, ChatTurn, GenerationSettings, WorkflowCall } from '../ai/types'
import { type SearchResult, searchWeb } from '../ai/web-search'
import type { Actor } from '../auth/actor'
import { type Reservation, settleReply } from '../budget/service'
import type { AppContext } from '../context'
import { buildRagContext, usesKnowledge } from '../knowledge/search'
import { type ModelOutcome, streamModel, usageOf } from '../replies/stream-model'
import { runToolLoop } from '../tools/loop'
import { closeTools, toolsForReply } from '../tools/registry'
import type { ChatTool } from '../tools/types'
import type { LiveReply } from './live-replies'
import { messagesFor, withNote } from './messages-data'
import { toMessageJson } from './model'

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
  /** The chat's enabled tools (issue 30): offered to the model, which may call them. */
  toolIds?: readonly string[]
  /** The conversation's stored files, for the file search tool. */
  attachmentIds?: string[]
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
  /** The question it answers (the shown message, should the outcome not be stored). */
  parentId: string | null
}

/**
 * Runs one reply in the background through the reply engine (src/replies/stream-model.ts): gathers
 * its context (web search, the knowledge base), streams the model's text as framed `message:delta`s
 * into the reply, and stores the outcome: complete, stopped (partial text kept) or failed (partial
 * text kept, the reason in `error`), settled with the budget in the same write (`settleReply`:
 * usage and cost recorded, the reservation dropped, the new budget pushed). Then it releases the
 * chat and tells every tab.
 */
export async function runReply(ctx: AppContext, job: ReplyJob): Promise<Message | undefined> {
  const { reply, model } = job
  const { chatId, messageId } = reply
  const stop = reply.controller.signal
  let outcome: ModelOutcome = { text: '', status: 'complete', failure: null }
  let prompt: ChatTurn[] = []
  let sources: { id: string; title: string }[] = []
  let reservation = job.reservation
  let tools: ChatTool[] = []
  let toolCalls: StoredToolCall[] = []

  try {
    const searchResults = job.webSearch ? await searchForContext(ctx, job, stop) : undefined
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
    const call = {
      provider: job.provider,
      model,
      messages: prompt,
      settings: job.settings,
      chatId,
      agentId: job.agentId,
      workflow: job.workflow,
      language: job.language,
      signal: stop,
      into: reply,
    }
    tools = job.toolIds?.length ? await toolsForReply(ctx, job.actor, job.toolIds) : []
    if (tools.length) {
      const looped = await runToolLoop(ctx, {
        actor: job.actor,
        reply,
        call,
        tools,
        attachmentIds: job.attachmentIds ?? [],
        reservation,
        free: job.free,
        // The knowledge the prompt numbered; what file search finds is numbered after it.
        sources,
      })
      ;({ outcome, prompt, reservation, sources } = looped)
      toolCalls = looped.calls
    } else {
      outcome = await streamModel(ctx, call)
    }
  } catch (cause) {
    // Gathering the context throws (a stop during the web search, the knowledge base away), and a
    // tool step's charge or reservation when the database is away.
    outcome = stop.aborted
      ? { ...outcome, status: 'stopped' }
      : { ...outcome, status: 'failed', failure: { reason: 'provider_failed' }, cause }
  }
  const { status, failure } = outcome
  if (outcome.cause)
    ctx.log.warn('reply failed', { chatId, messageId, model: model.id, error: outcome.cause })

  const error = failure ? failureText(failure) : null
  const stored: StoredOutcome = {
    content: reply.content,
    status,
    error,
    sources: sources.length ? sources : null,
    toolCalls: toolCalls.length ? toolCalls : null,
    // The reason's code with the notes the reply started with (docs/decisions/150).
    ...(failure ? { notes: withNote({ code: 'failed', ...failure }) } : {}),
  }
  let message: Message | undefined
  const usage = usageOf({ model, messages: prompt, chatId, free: job.free }, messageId, outcome)
  try {
    // The database may be restarting (its process killed): the outcome is retried, not lost (the
    // message would stay 'streaming' until the stale-reply sweep failed it, though every tab saw it
    // end); a retry changes only a message still streaming, so its usage is never written twice.
    message = await settleReply(ctx, job.actor, {
      usage,
      reservation,
      store: (db, alongside) => messagesFor(db, job.actor).storeOutcome(messageId, stored, { alongside }),
      retry: (db) => messagesFor(db, job.actor).storeOutcome(messageId, stored, { whileStreaming: true }),
    })
  } catch (cause) {
    ctx.log.error('could not store the reply', { chatId, messageId, error: cause })
  } finally {
    void closeTools(ctx, tools)
    // After the reservation is dropped and before the outcome is announced, so a send that follows
    // the answer is judged without it.
    ctx.liveReplies.release(chatId)
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
      // Not stored (the database stayed away): the tabs still see how it ended.
      const shown: Message = message ?? {
        id: messageId,
        chatId,
        userId: job.actor.userId,
        content: reply.content,
        isUser: false,
        status,
        error,
        modelId: model.id,
        sources: stored.sources ?? null,
        researchId: null,
        notes: null,
        toolCalls: stored.toolCalls ?? null,
        createdAt: job.createdAt,
        parentId: job.parentId,
        feedbackRating: null,
        feedbackComment: null,
      }
      // With what it cost, as a list read shows it (docs/decisions/158).
      const cost = usage && {
        input_tokens: usage.promptTokens,
        output_tokens: usage.completionTokens,
        cost_micros: usage.costMicros,
      }
      ctx.realtime.toChat(chatId, 'message:completed', {
        chatId,
        message: toMessageJson({ ...shown, usage: cost }),
      })
    }
  }
  return message
}

type StoredOutcome = Parameters<ReturnType<typeof messagesFor>['storeOutcome']>[1]

async function searchForContext(
  ctx: AppContext,
  job: ReplyJob,
  signal: AbortSignal,
): Promise<SearchResult[] | undefined> {
  const url = ctx.config.ai.searxngUrl
  const query = questionOf(job)
  if (!url || !query.trim()) return undefined
  const { status } = ctx.providers
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
