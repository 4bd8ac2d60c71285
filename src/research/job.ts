import type { Failure } from '../../db/catalogues/failures'
import type { ResearchNote, StopReason } from '../../db/catalogues/research'
import type { Db } from '../../db/client'
import type { MessageNote, Model, ResearchRun, ResearchSource, ResearchState } from '../../db/schema'
import { failureText } from '../ai/failures'
import { estimatePromptTokens } from '../ai/prompt'
import { providerFor } from '../ai/providers'
import { type ChatProvider, type ChatTurn, ProviderError } from '../ai/types'
import type { Actor } from '../auth/actor'
import { costMicros } from '../budget/money'
import { type Reservation, reserveBudget, settleReply } from '../budget/service'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { messagesFor } from '../messages/messages-data'
import { toMessageJson } from '../messages/model'
import { listActiveModels } from '../models/service'
import { FetchRefused } from '../net/safe-fetch'
import { streamModel, usageOf } from '../replies/stream-model'
import { DEPTH_PLANS, type DepthPlan } from './depth'
import { toResearchJson } from './model'
import { answerNotes, reportNotes, researchNoteText, stopReasonOf, stopReasonText } from './notes'
import { createProgress, type Progress } from './progress'
import {
  describeRequest,
  extractPrompt,
  fenced,
  parseFindings,
  parseLines,
  planPrompt,
  reflectPrompt,
  reportPrompt,
} from './prompts'
import { readPageText } from './read-page'
import { assembleReport, findingsReport } from './report'
import { fillReport, type ReportTexts, reportTexts } from './report-texts'
import { findRunOwner, researchFor, stillHeld } from './research-data'
import { searchSources } from './sources'
import { RESEARCH_TIMING } from './timing'

/**
 * The `research` job (docs/decisions/126-deep-research.md): plan → (search → read → reflect) ×
 * rounds → write. The run's state is saved after every step, so a restart resumes at the step that
 * did not finish. One worker holds a run at a time (a lease in the row, renewed while it runs);
 * every second it checks it still holds it, which is how a cancel on another instance reaches it.
 */

/** Characters of one source's text given to the model. */
const SOURCE_CHARS = 4_000
const READ_CONCURRENCY = 3
const MODEL_FAILED = 'Failed to conduct research'
const RESEARCH_FAILED: Failure = { reason: 'research_failed' }

type Ctx = AppContext

class Stop extends Error {
  constructor(readonly reason: 'cancelled' | 'shutdown') {
    super(reason)
  }
}

/** A ceiling or the budget was reached: stop gathering and write up what there is. */
class Ceiling extends Error {}

/**
 * Stops this instance's running research at once without finishing it: as a kill would (tests),
 * or at shutdown with `release`, dropping the holds so another instance or the next start takes
 * the runs over at once instead of after the lease.
 */
export function abandonRunningResearch(
  ctx: Pick<Ctx, 'runningResearch'>,
  options: { release?: boolean } = {},
): void {
  ctx.runningResearch.releaseOnStop = options.release ?? false
  for (const controller of ctx.runningResearch.runs.values()) controller.abort(new Stop('shutdown'))
}

function ownerActor(userId: string): Actor {
  return { userId, realUserId: userId, sessionId: '', role: 'user', impersonation: null }
}

export async function runResearch(ctx: Ctx, runId: string): Promise<void> {
  const owner = await findRunOwner(ctx.db, runId)
  if (!owner) return
  const actor = ownerActor(owner.userId)
  const rows = researchFor(ctx.db, actor)
  const leaseId = crypto.randomUUID()
  const now = ctx.now()
  const leased = await rows.lease(runId, leaseId, now, new Date(now.getTime() + RESEARCH_TIMING.leaseMs))
  // Finished, cancelled, or another worker holds it.
  if (!leased) return
  const controller = new AbortController()
  ctx.runningResearch.runs.set(runId, controller)
  let lastRenewal = Date.now()
  const poll = setInterval(async () => {
    try {
      if (!(await stillHeld(ctx.db, actor, runId, leaseId))) controller.abort(new Stop('cancelled'))
      else if (Date.now() - lastRenewal > RESEARCH_TIMING.leaseMs / 3) {
        lastRenewal = Date.now()
        await rows.updateHeld(runId, leaseId, {
          leaseUntil: new Date(ctx.now().getTime() + RESEARCH_TIMING.leaseMs),
        })
      }
    } catch (error) {
      ctx.log.warn('research: could not check the run', { runId, error })
    }
  }, RESEARCH_TIMING.pollMs)
  const runner = new Runner(ctx, actor, leased, leaseId, controller.signal, reportTexts(owner.language))
  try {
    await runner.execute()
  } catch (error) {
    if (error instanceof Stop || controller.signal.aborted) {
      const reason = controller.signal.reason
      if (reason instanceof Stop && reason.reason === 'shutdown' && ctx.runningResearch.releaseOnStop) {
        await rows.updateHeld(runId, leaseId, { leaseId: null, leaseUntil: null }).catch(() => {})
      }
      // Cancelled: the cancel already stored the message. Shutdown: the run resumes elsewhere.
      return
    }
    ctx.log.error('research failed unexpectedly', { runId, error })
    await runner.fail(RESEARCH_FAILED).catch(() => {})
  } finally {
    clearInterval(poll)
    runner.progress.close()
    ctx.runningResearch.runs.delete(runId)
  }
}

class Runner {
  readonly progress: Progress
  private run: ResearchRun
  private readonly state: ResearchState
  private readonly plan: DepthPlan
  private readonly request: string
  private readonly attemptStarted = performance.now()
  private model: Model | undefined
  private provider: ChatProvider | undefined

  constructor(
    private readonly ctx: Ctx,
    private readonly actor: Actor,
    run: ResearchRun,
    private readonly leaseId: string,
    private readonly signal: AbortSignal,
    /** Parley's own words in the report, in the owner's language (decision 150). */
    private readonly texts: ReportTexts,
  ) {
    this.run = run
    this.state = structuredClone(run.state)
    this.plan = DEPTH_PLANS[run.depth]
    this.request = describeRequest(run.topic, run.sources, run.depth)
    this.progress = createProgress(ctx, actor.userId, RESEARCH_TIMING.progressMs)
  }

  private elapsed(): number {
    return this.run.elapsedMs + Math.round(performance.now() - this.attemptStarted)
  }

  private json() {
    return toResearchJson({ ...this.run, state: this.state }, this.elapsed())
  }

  private checkStop(): void {
    if (this.signal.aborted)
      throw this.signal.reason instanceof Stop ? this.signal.reason : new Stop('cancelled')
  }

  /** Saves the state and progress; a run this worker no longer holds stops here. */
  private async save(update: Partial<ResearchRun> = {}, db: Db = this.ctx.db): Promise<void> {
    const saved = await researchFor(db, this.actor).updateHeld(this.run.id, this.leaseId, {
      state: this.state,
      notes: this.run.notes,
      round: this.run.round,
      step: this.run.step,
      tokens: this.run.tokens,
      costMicros: this.run.costMicros,
      elapsedMs: this.elapsed(),
      savedAt: this.ctx.now(),
      ...update,
    })
    if (!saved) throw new Stop('cancelled')
    this.run = { ...saved, elapsedMs: this.run.elapsedMs }
  }

  private async enter(step: ResearchRun['step']): Promise<void> {
    this.checkStop()
    this.run = { ...this.run, step }
    await this.save()
    this.progress.now(this.json())
  }

  /**
   * Adds notes not already there: their English to the run's `notes`, their codes to the state's
   * `noteCodes` (in the same order). A run saved before codes keeps English only.
   */
  private note(notes: ResearchNote[]): void {
    for (const note of notes) {
      const text = researchNoteText(note)
      if (this.run.notes.includes(text)) continue
      const codes = this.state.noteCodes ?? (this.run.notes.length ? undefined : [])
      this.run.notes = [...this.run.notes, text]
      if (codes) this.state.noteCodes = [...codes, note]
    }
  }

  private messageNotes(extra: MessageNote[] = []): MessageNote[] | null {
    return answerNotes(this.state, extra)
  }

  private contentNotes(): string[] {
    return reportNotes(this.run.notes, this.state)
  }

  async execute(): Promise<void> {
    const models = await listActiveModels(this.ctx)
    this.model = models.find((model) => model.id === this.run.modelId)
    this.provider = this.model && providerFor(this.ctx.providers, this.model)
    if (!this.model || !this.provider) return this.fail({ reason: 'no_model' })
    if (!this.run.startedAt) await this.save({ startedAt: this.ctx.now() })
    this.progress.now(this.json())

    try {
      while (this.state.next !== 'writing') {
        if (this.elapsed() > this.plan.maxMs) {
          this.stopGathering('time_limit')
          break
        }
        if (this.state.next === 'planning') await this.planStep()
        else if (this.state.next === 'searching') await this.searchStep()
        else if (this.state.next === 'reading') await this.readStep()
        else if (this.state.next === 'reflecting') await this.reflectStep()
      }
    } catch (error) {
      if (!(error instanceof Ceiling)) throw error
    }
    await this.writeStep()
  }

  private stopGathering(reason: StopReason): void {
    this.state.stopReason = stopReasonText(reason)
    this.state.next = 'writing'
  }

  private async planStep(): Promise<void> {
    this.run = { ...this.run, round: 1 }
    await this.enter('planning')
    const text = await this.call(planPrompt(this.request, this.plan.breadth), 400, 'plan')
    const questions = parseLines(text, this.plan.breadth)
    this.state.questions = questions.length ? questions : [this.run.topic]
    this.state.asked = [...this.state.questions]
    this.state.next = 'searching'
    await this.save()
  }

  private async searchStep(): Promise<void> {
    await this.enter('searching')
    await Promise.all(
      this.state.questions.map(async (question) => {
        const outcome = await searchSources(
          this.ctx,
          this.actor,
          question,
          this.run.sources,
          this.plan.resultsPerSearch,
          this.signal,
        )
        this.note(outcome.notes)
        for (const found of outcome.found) {
          const key = found.url || `knowledge:${found.title}`
          if (this.state.sources.some((source) => (source.url || `knowledge:${source.title}`) === key))
            continue
          const n = this.state.sources.length + 1
          const { text, ...rest } = found
          this.state.sources.push({
            ...rest,
            n,
            question,
            read: false,
            ...(text ? { text: text.slice(0, SOURCE_CHARS) } : {}),
          })
          this.progress.soon(this.json())
        }
      }),
    )
    this.checkStop()
    this.state.next = 'reading'
    await this.save()
  }

  /** The sources to read this round: unread, not tried before, one per question in turn. */
  private pickReads(): ResearchSource[] {
    const unread = this.state.sources.filter((source) => !source.read && !source.failed)
    const byQuestion = new Map<string, ResearchSource[]>()
    for (const source of unread)
      byQuestion.set(source.question, [...(byQuestion.get(source.question) ?? []), source])
    const picked: ResearchSource[] = []
    while (picked.length < this.plan.readsPerRound && [...byQuestion.values()].some((list) => list.length)) {
      for (const list of byQuestion.values()) {
        const next = list.shift()
        if (next && picked.length < this.plan.readsPerRound) picked.push(next)
      }
    }
    return picked
  }

  private async readStep(): Promise<void> {
    await this.enter('reading')
    const picked = this.pickReads()
    const documents: string[] = []
    const queue = [...picked]
    const worker = async () => {
      for (let source = queue.shift(); source; source = queue.shift()) {
        const text = await this.readSource(source)
        this.checkStop()
        if (text === null) {
          source.failed = true
          continue
        }
        source.read = true
        documents.push(fenced(source, text.slice(0, SOURCE_CHARS)))
        this.progress.soon(this.json())
      }
    }
    await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker))
    this.checkStop()
    if (documents.length) {
      // Sources the model has not read cannot be cited.
      const known = new Set(this.state.sources.filter((source) => source.read).map((source) => source.n))
      const text = await this.call(extractPrompt(this.request, documents), 1200, 'extract')
      this.state.findings.push(...parseFindings(text, known))
    }
    this.state.next = this.run.round < this.run.rounds ? 'reflecting' : 'writing'
    await this.save()
  }

  /**
   * The source's text: its own (knowledge, abstracts) or the page's (HTML, text or PDF), fetched
   * under the guard; its snippet, with a note, when the page cannot be read; null when nothing is.
   */
  private async readSource(source: ResearchSource): Promise<string | null> {
    if (source.text) return source.text
    if (!source.url) return null
    try {
      const text = await readPageText(source.url, {
        allowedHosts: this.ctx.config.fetchAllowedHosts,
        timeoutMs: RESEARCH_TIMING.pageTimeoutMs,
        signal: this.signal,
        // Twice what the model is given: a cut-off note at the end never reaches it.
        maxChars: SOURCE_CHARS * 2,
      })
      return text || null
    } catch (error) {
      this.checkStop()
      if (error instanceof FetchRefused) {
        if (error.cause) this.ctx.log.debug('research: a page could not be read', { url: source.url, error })
        this.note([{ code: 'page_unreadable', host: hostOf(source.url), detail: error.message }])
        return source.snippet || null
      }
      throw error
    }
  }

  private async reflectStep(): Promise<void> {
    await this.enter('reflecting')
    const text = await this.call(
      reflectPrompt(this.request, this.state.findings, this.state.asked, this.plan.breadth),
      400,
      'reflect',
    )
    const asked = new Set(this.state.asked.map((query) => query.toLowerCase()))
    const questions = parseLines(text, this.plan.breadth).filter((query) => !asked.has(query.toLowerCase()))
    if (!questions.length) {
      this.state.next = 'writing'
    } else {
      this.run = { ...this.run, round: this.run.round + 1 }
      this.state.questions = questions
      this.state.asked.push(...questions)
      this.state.next = 'searching'
    }
    await this.save()
  }

  private async writeStep(): Promise<void> {
    this.state.next = 'writing'
    await this.enter('writing')
    const stopped = this.state.stopReason ? stopReasonOf(this.state.stopReason) : undefined
    if (stopped) this.note([{ code: 'stopped_early', reason: stopped }])
    const sources = this.state.sources.filter((source) => source.read)
    let body: string
    if (this.state.stopReason?.startsWith('your budget')) {
      // No model call can be paid for: the findings are the report.
      body = findingsReport(this.run.topic, this.texts.budgetRanOut, this.state.findings, this.texts)
    } else {
      try {
        body = await this.call(
          reportPrompt(this.request, this.state.findings, sources, this.run.notes, this.texts.writeIn),
          this.plan.reportTokens,
          'report',
          true,
        )
      } catch (error) {
        if (error instanceof Stop) throw error
        if (error instanceof Ceiling) {
          // The report's own call hit the ceiling: its reason is set now, not before the call.
          const reason = stopReasonOf(this.state.stopReason ?? '')
          body = findingsReport(
            this.run.topic,
            fillReport(this.texts.stoppedEarly, {
              stop: reason ? this.texts.stop[reason] : (this.state.stopReason ?? ''),
            }),
            this.state.findings,
            this.texts,
          )
        } else {
          return this.fail(error instanceof ProviderError ? error.failure : RESEARCH_FAILED)
        }
      }
    }
    const content = assembleReport(body, this.state.sources, this.contentNotes(), this.texts)
    await this.finish('completed', content)
  }

  /** Marks the run and its message failed, keeping the findings as the message's text. */
  async fail(failure: Failure): Promise<void> {
    const content = this.state.findings.length
      ? assembleReport(
          findingsReport(this.run.topic, this.texts.notWritten, this.state.findings, this.texts),
          this.state.sources,
          this.contentNotes(),
          this.texts,
        )
      : ''
    await this.finish('failed', content, failure)
  }

  private async finish(
    status: 'completed' | 'failed',
    content: string,
    failure: Failure | null = null,
  ): Promise<void> {
    const error = failure ? failureText(failure) : null
    const notes = this.messageNotes(failure ? [{ code: 'failed', ...failure }] : [])
    if (failure) this.state.failure = failure
    else delete this.state.failure
    const now = this.ctx.now()
    const { chatId, messageId } = this.run
    // The run's outcome and its message together: a reader never sees one without the other.
    const message = await this.ctx.db.transaction(async (tx) => {
      await this.save({ status, error, finishedAt: now, leaseId: null, leaseUntil: null }, tx)
      return messagesFor(tx, this.actor).storeOutcome(
        messageId,
        { content, status: status === 'completed' ? 'complete' : 'failed', error, notes },
        { whileStreaming: true },
      )
    })
    if (status === 'completed' && message) {
      this.ctx.realtime.toChat(chatId, 'message:completed', { chatId, message: toMessageJson(message) })
    } else if (status === 'failed') {
      this.ctx.realtime.toChat(chatId, 'message:failed', {
        chatId,
        messageId,
        error: MODEL_FAILED,
        reason: error,
        failure,
      })
    }
    this.progress.now(this.json())
  }

  /**
   * One model call through the reply engine: refused (Ceiling) when it would pass the depth's dollar
   * ceiling or the user's budget; its usage is recorded and charged to the user, and counted on the
   * run. `stream`: the text streams into the run's message (the report), live in every tab.
   */
  private async call(turns: ChatTurn[], maxTokens: number, task: string, stream = false): Promise<string> {
    this.checkStop()
    const model = this.model!
    const prices = {
      inputMicrosPerMillion: model.inputPriceMicrosPerMillion,
      outputMicrosPerMillion: model.outputPriceMicrosPerMillion,
    }
    const estimate = costMicros(
      { promptTokens: estimatePromptTokens(turns), completionTokens: maxTokens },
      prices,
      'up',
    )
    if (this.run.costMicros + estimate > this.plan.maxCostMicros) {
      this.stopGathering('cost_limit')
      throw new Ceiling()
    }
    let reservation: Reservation
    try {
      reservation = await reserveBudget(this.ctx, this.actor, estimate)
    } catch (error) {
      if (error instanceof AppError) {
        this.stopGathering('budget')
        throw new Ceiling()
      }
      throw error
    }
    const { chatId, messageId } = this.run
    const request = { model, messages: turns, chatId }
    const outcome = await streamModel(this.ctx, {
      ...request,
      provider: this.provider!,
      settings: {
        temperature: 0.3,
        maxTokens,
        topP: 1,
        frequencyPenalty: 0,
        presencePenalty: 0,
        responseFormat: 'text',
      },
      signal: this.signal,
      // The report: framed deltas, and saved as it grows so a reload shows it (partial-saves.ts).
      into: stream ? { chatId, messageId, content: '', seq: 0 } : undefined,
    })
    const usage = usageOf(request, messageId, outcome)
    try {
      await settleReply(this.ctx, this.actor, { usage, reservation })
    } catch (error) {
      this.ctx.log.error('research usage not recorded', { runId: this.run.id, error })
    }
    if (usage) {
      this.run = {
        ...this.run,
        tokens: this.run.tokens + usage.promptTokens + usage.completionTokens,
        costMicros: this.run.costMicros + usage.costMicros,
      }
    }
    this.checkStop()
    if (outcome.status === 'failed') {
      if (outcome.cause)
        this.ctx.log.warn('research model call failed', { runId: this.run.id, task, error: outcome.cause })
      // A provider's own failure (or the time-out) keeps its reason; anything else is the spec's words.
      const known = outcome.cause === undefined || outcome.cause instanceof ProviderError
      throw new ProviderError(known && outcome.failure ? outcome.failure : RESEARCH_FAILED)
    }
    return outcome.text
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
