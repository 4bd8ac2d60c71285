import type { ResearchDepth, ResearchStatus } from '../../db/catalogues/research'
import { researchDepths } from '../../db/catalogues/research'
import type { Message, Model, ResearchRun, ResearchSourceChoice, ResearchState } from '../../db/schema'
import { providerFor } from '../ai/providers'
import type { Actor } from '../auth/actor'
import { reserveBudget } from '../budget/service'
import { isUuid } from '../chats/cursor'
import { createChat, requireChat } from '../chats/service'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { childTime, messagesFor } from '../messages/messages-data'
import { toMessageJson } from '../messages/model'
import { resolveModelForSend } from '../models/service'
import { chooseResearchSources } from './availability'
import { DEPTH_PLANS } from './depth'
import { type ResearchJson, toResearchJson } from './model'
import { answerNotes, reportNotes } from './notes'
import { assembleReport, findingsReport } from './report'
import { fillReport, reportTexts } from './report-texts'
import { findRunOwner, type NewResearchRun, researchFor } from './research-data'

export const RESEARCH_MESSAGES = {
  blankTopic: 'Please enter a research topic',
  unknownDepth: 'Depth must be quick, thorough or comprehensive',
  notFound: 'Research not found',
  notRetryable: 'Only a failed or cancelled research can be retried',
  cancelled: 'The research was cancelled',
} as const

export const MAX_TOPIC_CHARS = 2000

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

type Starter = { actor: Actor; preferredModelId: string | null; preferredLanguage?: string }

/**
 * POST /api/research: checks the request (spec section 8: 'Please enter a research topic'), the
 * chat (404 when not the user's), the model and the budget (refused like a send), then stores the
 * user message 'Deep research request: {topic}' (in the sender's language, decision 150) and an
 * empty assistant message the report will fill (spec section 4, reading A), and queues the job.
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
  // Spec section 9's defaults (web and news on), as far as this server can search them.
  const sources: ResearchSourceChoice = chooseResearchSources(ctx, {
    web: input.includeWeb,
    academic: input.includeAcademic,
    news: input.includeNews,
    stats: input.includeStats,
  })
  if (input.chatId) await requireChat(ctx, actor, input.chatId)
  const model = await modelForRun(ctx, starter)

  const chatId = input.chatId ?? (await createChat(ctx, actor, topic.slice(0, 60))).id
  const id = crypto.randomUUID()
  const now = ctx.now()
  const { run, rows } = await ctx.db.transaction(async (tx) => {
    const messages = messagesFor(tx, actor)
    // At the end of the chat's current path, which ends at the report again (docs/decisions/158).
    const parent = input.chatId ? await messages.last(chatId) : undefined
    if (parent) await messages.showNewest(chatId)
    const questionId = crypto.randomUUID()
    const asked = childTime(now, parent)
    const rows = await messages.insert([
      {
        id: questionId,
        parentId: parent?.id ?? null,
        chatId,
        content: fillReport(reportTexts(starter.preferredLanguage).request, { topic }),
        isUser: true,
        status: 'complete',
        createdAt: asked,
      },
      {
        parentId: questionId,
        chatId,
        content: '',
        isUser: false,
        status: 'streaming',
        modelId: model.id,
        researchId: id,
        createdAt: new Date(asked.getTime() + 1),
      },
    ])
    const assistant = rows.find((row) => !row.isUser)!
    const run = await researchFor(tx, actor).insert(
      newRun(id, chatId, assistant.id, { topic, depth, sources }, model, now),
    )
    return { run, rows }
  })
  for (const row of rows)
    ctx.realtime.toChat(chatId, 'message:created', { chatId, message: toMessageJson(row) })
  await queueNewRun(ctx, actor, run)
  return { id, messageId: run.messageId, chatId }
}

/**
 * The checks a start makes before anything is stored: the model (`RESEARCH_MODEL` when usable, else
 * the user's preferred one; 503 without a usable one) and the budget (429 when spent, like a send;
 * the job reserves each of its calls itself).
 */
async function modelForRun(ctx: AppContext, starter: Starter): Promise<Model> {
  const model = await resolveModelForSend(ctx, starter, ctx.config.research.model ?? undefined, {
    fallBack: true,
  })
  if (!providerFor(ctx.providers, model))
    throw new AppError('unavailable:model', 'No AI model is available right now')
  await (await reserveBudget(ctx, starter.actor, 0)).release()
  return model
}

/** A run from the start (a fresh plan): its options, the message it writes, nothing gathered yet. */
function newRun(
  id: string,
  chatId: string,
  messageId: string,
  options: Pick<ResearchRun, 'topic' | 'depth' | 'sources'>,
  model: Model,
  now: Date,
): NewResearchRun {
  return {
    id,
    chatId,
    messageId,
    topic: options.topic,
    depth: options.depth,
    sources: options.sources,
    modelId: model.id,
    rounds: DEPTH_PLANS[options.depth].rounds,
    state: emptyState(),
    createdAt: now,
  }
}

async function queueNewRun(ctx: AppContext, actor: Actor, run: ResearchRun) {
  await ctx.jobs.send('research', { runId: run.id }, { singletonKey: run.id })
  ctx.realtime.toUser(actor.userId, 'research:progress', toResearchJson(run))
}

const FINISHED: ResearchStatus[] = ['completed', 'failed', 'cancelled']

/**
 * Regenerate on a research answer (docs/decisions/126, 'Regenerate starts the research again'): a
 * new run with the previous one's topic, depth and sources, from a fresh plan, writing into the
 * same message, which goes back to 'streaming' and empty (announced with `message:created`, as a
 * start announces it). Checked like a start (503 without a model, 429 with the budget spent). The
 * previous run keeps its row, its figures and its usage rows; the message now names the new run.
 * Undefined when the previous run is still active (or the message is being written): the caller
 * refuses as it refuses a reply in progress.
 */
export async function regenerateResearch(
  ctx: AppContext,
  starter: Starter,
  message: Message,
): Promise<Message | undefined> {
  const { actor } = starter
  const previous = await requireRun(ctx, actor, message.researchId ?? '')
  if (!FINISHED.includes(previous.status) || message.status === 'streaming') return undefined
  const model = await modelForRun(ctx, starter)
  const id = crypto.randomUUID()
  const now = ctx.now()
  const started = await ctx.db.transaction(async (tx) => {
    const runs = researchFor(tx, actor)
    // Locks the previous run's row: a retry of it at the same moment either went first (it is
    // active again: refused here) or waits and then finds it finished.
    const still = await runs.transition(previous.id, FINISHED, { leaseId: null, leaseUntil: null })
    if (!still) return undefined
    // The new report stands beside the old one, which stays (docs/decisions/158).
    const messages = messagesFor(tx, actor)
    const [answer] = await messages.insert([
      {
        parentId: message.parentId,
        chatId: message.chatId,
        content: '',
        isUser: false,
        status: 'streaming',
        modelId: model.id,
        researchId: id,
        createdAt: childTime(now, message),
      },
    ])
    await messages.showNewest(message.chatId)
    const run = await runs.insert(newRun(id, message.chatId, answer!.id, previous, model, now))
    return { run, message: answer! }
  })
  if (!started) return undefined
  const siblings = await messagesFor(ctx.db, actor).childrenOf(message.chatId, message.parentId)
  ctx.realtime.toChat(message.chatId, 'message:created', {
    chatId: message.chatId,
    message: toMessageJson({ ...started.message, siblingIds: siblings }),
  })
  await queueNewRun(ctx, actor, started.run)
  return started.message
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
  // The owner's language, also when an administrator with support access cancels it.
  const texts = reportTexts((await findRunOwner(ctx.db, id))?.language)
  const content = cancelled.state.findings.length
    ? assembleReport(
        findingsReport(cancelled.topic, texts.cancelled, cancelled.state.findings, texts),
        cancelled.state.sources,
        reportNotes(cancelled.notes, cancelled.state),
        texts,
      )
    : ''
  const message = await messagesFor(ctx.db, actor).storeOutcome(
    cancelled.messageId,
    {
      content,
      status: 'stopped',
      error: RESEARCH_MESSAGES.cancelled,
      notes: answerNotes(cancelled.state),
    },
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
  const run = await ctx.db.transaction(async (tx) => {
    const run = await researchFor(tx, actor).transition(id, ['failed', 'cancelled'], {
      status: 'queued',
      error: null,
      finishedAt: null,
      leaseId: null,
      leaseUntil: null,
    })
    if (!run) return undefined
    // The message is being written again; its previous text (the findings) comes back in the
    // report. A run whose message a Regenerate handed to a new run is not retried.
    const message = await messagesFor(tx, actor).storeOutcome(
      run.messageId,
      { content: '', status: 'streaming', error: null, notes: null },
      { ofRun: run.id },
    )
    if (!message) throw new AppError('conflict:research', RESEARCH_MESSAGES.notRetryable)
    return run
  })
  if (!run) throw new AppError('conflict:research', RESEARCH_MESSAGES.notRetryable)
  // No singletonKey here: the job that just failed or was cancelled may still be finishing (active),
  // and pg-boss would drop a second job with its key, leaving the retry to the minute's sweep. The
  // run's lease already keeps two jobs from working on it at once.
  await ctx.jobs.send('research', { runId: id })
  const json = toResearchJson(run)
  ctx.realtime.toUser(actor.userId, 'research:progress', json)
  return json
}
