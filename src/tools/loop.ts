import type { StoredToolCall } from '../../db/catalogues/tools'
import { estimatePromptTokens } from '../ai/prompt'
import type { ChatTurn, ToolCallRequest, ToolSpec } from '../ai/types'
import type { Actor } from '../auth/actor'
import { costMicros, type Micros } from '../budget/money'
import { NOTHING_RESERVED, type Reservation, recordUsage, reserveBudget } from '../budget/service'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import type { LiveReply } from '../messages/live-replies'
import { type ModelOutcome, type StreamModelCall, streamModel, usageOf } from '../replies/stream-model'
import { parseArguments } from './arguments'
import { type NamedFunction, offeredFunctions } from './naming'
import { ARGUMENTS_CHARS, fenceResult, PREVIEW_CHARS, TOOL_DATA_RULE, truncateResult } from './result-text'
import { type ToolRunRow, toolRunsFor } from './tool-runs-data'
import type { ChatTool, ToolOutput, ToolRunContext } from './types'

/**
 * The reply engine's tool loop (issue 30, docs/decisions/166): the model is offered the chat's
 * tools; when it answers with tool calls, they run (side by side), their results go back to it as
 * fenced data, and it is called again, until it answers without tools or TOOL_MAX_STEPS calls
 * were made (the last one offers no tools, so it must answer). Each model call is a step charged
 * against the person's budget like any call: the step's usage is recorded and the next step
 * reserved before it starts, so enforcement stops a loop between steps. A call's failure (an
 * unknown tool, malformed arguments, an error, TOOL_TIMEOUT_MS, a denial) is a result the model
 * reads, never the answer's failure.
 */

export interface ToolLoopJob {
  actor: Actor
  reply: LiveReply
  /** The model call, its prompt included; `into` is the reply. */
  call: StreamModelCall
  tools: ChatTool[]
  attachmentIds: string[]
  reservation: Reservation
  free?: boolean
  /** The answer's sources before any call (the knowledge its prompt was given), numbered first. */
  sources: { id: string; title: string }[]
}

/** The job as its calls run: with the answer's one numbering of sources. */
type RunningLoop = ToolLoopJob & Pick<ToolRunContext, 'cite'>

export interface ToolLoopResult {
  /** The last step's outcome (a failure or stop of any step ends the loop with it). */
  outcome: ModelOutcome
  /** The last step's prompt, for its usage. */
  prompt: ChatTurn[]
  /** The last step's reservation, for the caller to settle with the answer. */
  reservation: Reservation
  calls: StoredToolCall[]
  /** The answer's sources: those it began with, then the entries calls cited, in citation order. */
  sources: { id: string; title: string }[]
}

/** What a step with no real figure yet is expected to cost: its prompt and a full answer. */
function stepEstimate(job: ToolLoopJob, prompt: ChatTurn[]): Micros {
  const { model, settings } = job.call
  if (job.free) return 0
  return costMicros(
    { promptTokens: estimatePromptTokens(prompt), completionTokens: settings.maxTokens },
    {
      inputMicrosPerMillion: model.inputPriceMicrosPerMillion,
      outputMicrosPerMillion: model.outputPriceMicrosPerMillion,
    },
    'up',
  )
}

export async function runToolLoop(ctx: AppContext, job: ToolLoopJob): Promise<ToolLoopResult> {
  const { actor, reply } = job
  const offered = offeredFunctions(job.tools)
  const specs: ToolSpec[] = [...offered.values()].map(({ exposed, fn }) => ({
    type: 'function',
    function: { name: exposed, description: fn.description, parameters: fn.parameters },
  }))
  let prompt = withDataRule(job.call.messages)
  let reservation = job.reservation
  const calls: StoredToolCall[] = []
  const sources: ToolLoopResult['sources'] = [...job.sources]
  // Synchronous, so calls running side by side in one step never give two entries one number.
  const cite = (source: { id: string; title: string }) => {
    const known = sources.findIndex((entry) => entry.id === source.id)
    if (known >= 0) return known + 1
    return sources.push(source)
  }
  const running: RunningLoop = { ...job, cite }
  const maxSteps = ctx.config.ai.toolMaxSteps
  for (let step = 1; ; step += 1) {
    const last = step >= maxSteps
    const outcome = await streamModel(ctx, { ...job.call, messages: prompt, tools: last ? undefined : specs })
    const asked = outcome.toolCalls
    if (outcome.status !== 'complete' || !asked?.length || last) {
      return { outcome, prompt, reservation, calls, sources }
    }
    // This step is charged now; the next one is reserved (and may be refused) before it starts.
    const usage = usageOf(
      { model: job.call.model, messages: prompt, chatId: reply.chatId, free: job.free },
      reply.messageId,
      outcome,
    )
    if (usage) await recordUsage(ctx, actor, usage, reservation)
    else await reservation.release()
    try {
      reservation = await reserveBudget(ctx, actor, stepEstimate(job, prompt))
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'rate_limited:budget') throw error
      // This step is charged already: the answer's settlement records nothing more.
      const charged: ModelOutcome = {
        ...outcome,
        status: 'failed',
        failure: { reason: 'budget_exceeded' },
        reported: { promptTokens: 0, completionTokens: 0 },
      }
      return { outcome: charged, prompt, reservation: NOTHING_RESERVED, calls, sources }
    }
    const results = await runCalls(ctx, running, offered, asked, calls)
    // Text the model wrote before its calls stays in the answer; the next step's text follows it.
    if (outcome.text.trim() && ctx.deltaFrames) ctx.deltaFrames.add(reply, '\n\n')
    prompt = [
      ...prompt,
      { role: 'assistant', content: outcome.text, tool_calls: asked },
      ...asked.map((request, index) => ({
        role: 'tool' as const,
        tool_call_id: request.id,
        content: fenceResult(results[index]!.text),
      })),
    ]
    if (reply.controller.signal.aborted) {
      // Charged already, like the budget's end above.
      const stopped: ModelOutcome = {
        ...outcome,
        status: 'stopped',
        reported: { promptTokens: 0, completionTokens: 0 },
      }
      return { outcome: stopped, prompt, reservation, calls, sources }
    }
  }
}

/** The system turn gains the rule that tool results are data (a chat without one gets one). */
function withDataRule(turns: ChatTurn[]): ChatTurn[] {
  const [first, ...rest] = turns
  if (first?.role === 'system' && typeof first.content === 'string') {
    return [{ role: 'system', content: `${first.content}\n\n${TOOL_DATA_RULE}` }, ...rest]
  }
  return [{ role: 'system', content: TOOL_DATA_RULE }, ...turns]
}

/** One step's calls, side by side; each result is in the order asked. */
async function runCalls(
  ctx: AppContext,
  job: RunningLoop,
  offered: Map<string, NamedFunction>,
  asked: ToolCallRequest[],
  calls: StoredToolCall[],
): Promise<ToolOutput[]> {
  const { reply, actor } = job
  const runs = toolRunsFor(ctx.db, actor)
  const ended: ToolRunRow[] = []
  const show = (call: StoredToolCall) =>
    ctx.realtime.toChat(reply.chatId, 'message:tool', {
      chatId: reply.chatId,
      messageId: reply.messageId,
      call: { ...call },
    })
  const results = await Promise.all(
    asked.map(async (request): Promise<ToolOutput> => {
      const named = offered.get(request.function.name)
      const call: StoredToolCall = {
        id: uniqueId(request.id, calls),
        tool: named?.tool.id ?? 'unknown',
        ...(named?.tool.server ? { server: named.tool.server } : {}),
        name: named?.fn.name ?? request.function.name.slice(0, 200),
        arguments: request.function.arguments.slice(0, ARGUMENTS_CHARS),
        status: 'running',
        result_preview: null,
        duration_ms: null,
      }
      calls.push(call)
      const started = performance.now()
      const finish = (status: StoredToolCall['status'], output: ToolOutput): ToolOutput => {
        const text = truncateResult(output.text)
        call.status = status
        call.result_preview = text.slice(0, PREVIEW_CHARS)
        call.duration_ms = Math.round(performance.now() - started)
        if (output.images?.length) call.images = output.images
        show(call)
        if (named)
          ended.push({
            chatId: reply.chatId,
            messageId: reply.messageId,
            call,
            serverId: named.tool.serverId,
          })
        return { ...output, text }
      }
      if (!named) {
        return finish('failed', {
          text: `Error: there is no tool named "${request.function.name}" in this chat. Use only the tools offered.`,
          isError: true,
        })
      }
      const parsed = parseArguments(request.function.arguments, named.fn.parameters)
      if (!parsed.ok) return finish('failed', { text: `Error: ${parsed.error}`, isError: true })
      if (named.tool.needsApproval?.(named.fn)) {
        call.status = 'awaiting_approval'
        // Stored and listened for before it is shown: an Approve or Deny sent the moment the event
        // arrives (another tab, a script) finds the call waiting, not a 404 from a row not yet written.
        await runs.saveCalls(reply.messageId, calls).catch(() => {})
        const decision = waitForApproval(reply, call.id)
        show(call)
        const approved = await decision
        if (!approved) {
          return finish('denied', {
            text: reply.controller.signal.aborted
              ? 'The answer was stopped before the person decided; the tool did not run.'
              : 'The person denied this call; the tool did not run. Do not try it again unasked.',
          })
        }
        call.status = 'running'
      }
      show(call)
      const output = await runWithTimeout(ctx, job, named, parsed.value)
      return finish(output.isError ? 'failed' : 'done', output)
    }),
  )
  // One write for the step's calls and one for their audit rows, after they all ended.
  try {
    await runs.saveCalls(reply.messageId, calls)
    await runs.record(ended)
  } catch (error) {
    ctx.log.warn('could not record tool calls', { chatId: reply.chatId, error })
  }
  return results
}

/** A call id the answer does not hold yet (providers repeat ids across steps). */
function uniqueId(id: string, calls: StoredToolCall[]): string {
  const base = id.slice(0, 100) || 'call'
  let candidate = base
  for (let n = 2; calls.some((call) => call.id === candidate); n += 1) candidate = `${base}-${n}`
  return candidate
}

/** Waits for Approve or Deny (src/tools/approvals.ts); the person's Stop counts as a denial. */
function waitForApproval(reply: LiveReply, callId: string): Promise<boolean> {
  const signal = reply.controller.signal
  if (signal.aborted) return Promise.resolve(false)
  return new Promise((resolve) => {
    const decide = (approved: boolean) => {
      reply.approvals?.delete(callId)
      signal.removeEventListener('abort', onAbort)
      resolve(approved)
    }
    const onAbort = () => decide(false)
    signal.addEventListener('abort', onAbort, { once: true })
    reply.approvals ??= new Map()
    reply.approvals.set(callId, decide)
  })
}

/** Runs a call under TOOL_TIMEOUT_MS and the person's Stop; a throw or the time-out is a failed call. */
async function runWithTimeout(
  ctx: AppContext,
  job: RunningLoop,
  named: NamedFunction,
  args: Record<string, unknown>,
): Promise<ToolOutput> {
  const timeoutMs = ctx.config.ai.toolTimeoutMs
  // Cleared when the call ends (not AbortSignal.timeout, which holds its signal for the whole time: decision 131).
  const timer = new AbortController()
  const id = setTimeout(() => timer.abort(new DOMException('The tool timed out', 'TimeoutError')), timeoutMs)
  const signal = AbortSignal.any([job.reply.controller.signal, timer.signal])
  const aborted = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
  aborted.catch(() => {})
  try {
    return await Promise.race([
      named.tool.run(named.fn.name, args, {
        ctx,
        actor: job.actor,
        chatId: job.reply.chatId,
        messageId: job.reply.messageId,
        attachmentIds: job.attachmentIds,
        language: job.call.language,
        signal,
        cite: job.cite,
      }),
      aborted,
    ])
  } catch (error) {
    if (timer.signal.aborted) {
      const seconds = timeoutMs / 1000
      return {
        text: `Error: the tool did not answer within ${seconds} second${seconds === 1 ? '' : 's'}.`,
        isError: true,
      }
    }
    if (job.reply.controller.signal.aborted) return { text: 'Error: the answer was stopped.', isError: true }
    ctx.log.warn('a tool call failed', { tool: named.tool.id, name: named.fn.name, error })
    const message = error instanceof Error ? error.message : String(error)
    return { text: `Error: ${message || 'the tool failed.'}`, isError: true }
  } finally {
    clearTimeout(id)
  }
}
