import type { ResearchDepth, ResearchRun, ResearchSourceChoice, ResearchState } from '../../db/schema'
import { aiProviders, providerFor } from '../ai/providers'
import type { Actor } from '../auth/actor'
import { reserveBudget } from '../budget/service'
import { isUuid } from '../chats/cursor'
import { createChat, requireChat } from '../chats/service'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { messagesFor } from '../messages/messages-data'
import { toMessageJson } from '../messages/service'
import { resolveModelForSend } from '../models/service'
import { researchDepths } from './catalogue'
import { DEPTH_PLANS } from './depth'
import { assembleReport, findingsReport } from './report'
import { researchFor } from './research-data'

export const RESEARCH_MESSAGES = {
  blankTopic: 'Please enter a research topic',
  unknownDepth: 'Depth must be quick, thorough or comprehensive',
  notFound: 'Research not found',
  notRetryable: 'Only a failed or cancelled research can be retried',
  cancelled: 'The research was cancelled',
} as const

export const MAX_TOPIC_CHARS = 2000

/**
 * The contract's ResearchJson. `elapsedMs`: the job passes its live figure; a reader gets the saved
 * time plus, while the run is running, the time since that save.
 */
export function toResearchJson(run: ResearchRun, elapsedMs = liveElapsed(run)) {
  const sources = run.state.sources
  return {
    id: run.id,
    chatId: run.chatId,
    messageId: run.messageId,
    topic: run.topic,
    depth: run.depth,
    sources: run.sources,
    status: run.status,
    step: run.status === 'running' ? run.step : null,
    round: run.round,
    rounds: run.rounds,
    sourcesFound: sources.length,
    sourcesRead: sources.filter((source) => source.read).length,
    notes: run.notes,
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    elapsedMs,
    tokens: run.tokens,
    costMicros: run.costMicros,
    error: run.error,
  }
}
export type ResearchJson = ReturnType<typeof toResearchJson>

function liveElapsed(run: ResearchRun): number {
  if (run.status !== 'running' || !run.savedAt) return run.elapsedMs
  return run.elapsedMs + Math.max(0, Date.now() - run.savedAt.getTime())
}

export interface ResearchInput {
  chatId?: string
  topic?: string
  includeWeb?: boolean
  includeAcademic?: boolean
  includeNews?: boolean
  includeStats?: boolean
  depth?: string
}

export function emptyState(): ResearchState {
  return { next: 'planning', questions: [], asked: [], sources: [], findings: [] }
}

type Starter = { actor: Actor; preferredModelId: string | null }

/**
 * POST /api/research: checks the request (spec section 8: 'Please enter a research topic'), the
 * chat (404 when not the user's), the model and the budget (refused like a send), then stores the
 * user message 'Deep research request: {topic}' and an empty assistant message the report will
 * fill (spec section 4, reading A), and queues the job.
 */
export async function startResearch(ctx: AppContext, starter: Starter, input: ResearchInput) {
  const { actor } = starter
  const topic = (input.topic ?? '').trim()
  if (!topic) throw new AppError('bad_request:research_topic', RESEARCH_MESSAGES.blankTopic)
  if (topic.length > MAX_TOPIC_CHARS) {
    throw new AppError(
      'payload_too_large:research_topic',
      'The research topic is too long: at most 2,000 characters',
    )
  }
  const depth = (input.depth ?? 'thorough') as ResearchDepth
  if (!researchDepths.includes(depth))
    throw new AppError('bad_request:research_depth', RESEARCH_MESSAGES.unknownDepth)
  // Spec section 9's defaults: web and news on, academic and statistics off.
  const sources: ResearchSourceChoice = {
    web: input.includeWeb ?? true,
    academic: input.includeAcademic ?? false,
    news: input.includeNews ?? true,
    stats: input.includeStats ?? false,
  }
  if (input.chatId) await requireChat(ctx, actor, input.chatId)
  const model = await resolveModelForSend(ctx, starter, ctx.config.research.model ?? undefined)
  if (!providerFor(aiProviders(ctx), model))
    throw new AppError('unavailable:model', 'No AI model is available right now')
  // Refused like a send when the budget is spent; the job reserves each of its calls itself.
  await (await reserveBudget(ctx, actor, 0)).release()

  const chatId = input.chatId ?? (await createChat(ctx, actor, topic.slice(0, 60))).id
  const id = crypto.randomUUID()
  const now = ctx.now()
  const plan = DEPTH_PLANS[depth]
  const { run, rows } = await ctx.db.transaction(async (tx) => {
    const rows = await messagesFor(tx, actor).insert([
      {
        chatId,
        content: `Deep research request: ${topic}`,
        isUser: true,
        status: 'complete',
        createdAt: now,
      },
      {
        chatId,
        content: '',
        isUser: false,
        status: 'streaming',
        modelId: model.id,
        researchId: id,
        createdAt: new Date(now.getTime() + 1),
      },
    ])
    const assistant = rows.find((row) => !row.isUser)!
    const run = await researchFor(tx, actor).insert({
      id,
      chatId,
      messageId: assistant.id,
      topic,
      depth,
      sources,
      modelId: model.id,
      rounds: plan.rounds,
      state: emptyState(),
      createdAt: now,
    })
    return { run, rows }
  })
  for (const row of rows)
    ctx.realtime.toChat(chatId, 'message:created', { chatId, message: toMessageJson(row) })
  await ctx.jobs.send('research', { runId: id }, { singletonKey: id })
  ctx.realtime.toUser(actor.userId, 'research:progress', toResearchJson(run))
  return { id, messageId: run.messageId, chatId }
}

export async function requireRun(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  id: string,
): Promise<ResearchRun> {
  // A malformed id names no run (and must not reach the uuid column as a query error).
  const run = isUuid(id) ? await researchFor(ctx.db, actor).find(id) : undefined
  if (!run) throw new AppError('not_found:research', RESEARCH_MESSAGES.notFound)
  return run
}

export async function getResearch(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  id: string,
): Promise<ResearchJson> {
  return toResearchJson(await requireRun(ctx, actor, id))
}

/**
 * Cancels a queued or running run, on whichever instance runs it: the row is marked cancelled
 * here (the job sees it within a second and aborts its fetches and model call) and the message
 * keeps what the run had gathered, status 'stopped'. A finished run is returned as it is.
 */
export async function cancelResearch(ctx: AppContext, actor: Actor, id: string): Promise<ResearchJson> {
  const run = await requireRun(ctx, actor, id)
  const now = ctx.now()
  const cancelled = await researchFor(ctx.db, actor).transition(id, ['queued', 'running'], {
    status: 'cancelled',
    finishedAt: now,
    leaseId: null,
    leaseUntil: null,
  })
  if (!cancelled) return toResearchJson(run)
  const content = cancelled.state.findings.length
    ? assembleReport(
        findingsReport(
          cancelled.topic,
          'the research was cancelled; the findings gathered so far follow.',
          cancelled.state.findings,
        ),
        cancelled.state.sources,
        cancelled.notes,
      )
    : ''
  const message = await messagesFor(ctx.db, actor).storeOutcome(
    cancelled.messageId,
    { content, status: 'stopped', error: RESEARCH_MESSAGES.cancelled },
    { whileStreaming: true },
  )
  if (message)
    ctx.realtime.toChat(message.chatId, 'message:completed', {
      chatId: message.chatId,
      message: toMessageJson(message),
    })
  const json = toResearchJson(cancelled)
  ctx.realtime.toUser(actor.userId, 'research:progress', json)
  return json
}

/**
 * Runs a failed or cancelled run again from what it had gathered (its saved state): the message
 * goes back to 'streaming' and the job picks up at the step that did not finish.
 */
export async function retryResearch(ctx: AppContext, actor: Actor, id: string): Promise<ResearchJson> {
  await requireRun(ctx, actor, id)
  // Refused like a send when the budget is spent, before anything changes.
  await (await reserveBudget(ctx, actor, 0)).release()
  const run = await researchFor(ctx.db, actor).transition(id, ['failed', 'cancelled'], {
    status: 'queued',
    error: null,
    finishedAt: null,
    leaseId: null,
    leaseUntil: null,
  })
  if (!run) throw new AppError('conflict:research', RESEARCH_MESSAGES.notRetryable)
  // The message is being written again; its previous text (the findings) comes back in the report.
  await messagesFor(ctx.db, actor).storeOutcome(run.messageId, {
    content: '',
    status: 'streaming',
    error: null,
  })
  // No singletonKey here: the job that just failed or was cancelled may still be finishing (active),
  // and pg-boss would drop a second job with its key, leaving the retry to the minute's sweep. The
  // run's lease already keeps two jobs from working on it at once.
  await ctx.jobs.send('research', { runId: id })
  const json = toResearchJson(run)
  ctx.realtime.toUser(actor.userId, 'research:progress', json)
  return json
}
