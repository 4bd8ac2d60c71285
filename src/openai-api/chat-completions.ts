import { randomBytes } from 'node:crypto'
import { failureText } from '../ai/failures'
import { buildPrompt, estimatePromptTokens } from '../ai/prompt'
import { type ChatTurn, turnText } from '../ai/types'
import { type KeyHolder, requireScope } from '../api-keys/authenticate'
import { costMicros } from '../budget/money'
import { type Reservation, reserveBudget, settleReply, type UsageInput } from '../budget/service'
import type { AppContext } from '../context'
import type { InlineSpool } from '../http/inline-spool'
import { buildRagContext } from '../knowledge/search'
import { type ModelOutcome, streamModel, usageOf } from '../replies/stream-model'
import { type ChatRequest, readChatRequest } from './chat-request'
import {
  type Calls,
  type Choice,
  type Completion,
  chunkWriter,
  completionJson,
  DONE,
  type FinishReason,
  type OpenAiUsage,
} from './chunks'
import { OpenAiError, providerFailed } from './errors'
import { firstFunctionCall } from './legacy-functions'
import { type KeyHold, requireRate, reserveKeyLimit } from './limits'
import { saveExchange } from './save-chat'
import { StopSequences } from './stop-sequences'
import { resolveTarget, type Target } from './targets'

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
}

/** One choice's worst case, held until that choice's usage is recorded. */
interface Held {
  reservation: Reservation
  /** Its reservation on the key's monthly limit, released once its usage is recorded. */
  hold: KeyHold
}

interface Prepared {
  request: ChatRequest
  target: Target
  prompt: ChatTurn[]
  /** One per choice (`n`): each choice is its own provider call, reserved and settled on its own. */
  held: Held[]
  completion: Completion
}

/**
 * POST /v1/chat/completions through the one reply engine (docs/decisions/151): the key's scope and
 * rate, the model's access, the key's monthly limit and the person's budget (reserveBudget) are all
 * checked before the provider is called; then `streamModel`, then `settleReply`, which records the
 * usage against the person and the key. Answered as OpenAI's `chat.completion`, or as its
 * server-sent `chat.completion.chunk`s when `stream`. With `n` > 1, each choice is its own run of
 * the engine, all at once, each reserved, settled and recorded on its own.
 */
export async function completeChat(
  ctx: AppContext,
  holder: KeyHolder,
  body: Record<string, unknown>,
  signal: AbortSignal,
  inlineImages?: InlineSpool,
): Promise<Response> {
  requireScope(holder, 'chat')
  requireRate(ctx, holder)
  const request = readChatRequest(body)
  const target = await resolveTarget(ctx, holder.actor, request.model)
  // The images, read back only now that the model is known (the body held stand-ins; decision 189).
  await inlineImages?.restoreMarked(request.messages)
  const prompt = await promptOf(ctx, holder, request, target)
  const { model, plan } = target
  // The most one choice can cost: the prompt plus a full max_tokens answer (as a chat send reserves).
  const estimate = plan?.free
    ? 0
    : costMicros(
        { promptTokens: estimatePromptTokens(prompt), completionTokens: request.settings.maxTokens },
        {
          inputMicrosPerMillion: model.inputPriceMicrosPerMillion,
          outputMicrosPerMillion: model.outputPriceMicrosPerMillion,
        },
        'up',
      )
  const holds = await reserveEach(request.n, () => reserveKeyLimit(ctx, holder, estimate))
  let reservations: Reservation[]
  try {
    reservations = await reserveEach(request.n, () => reserveBudget(ctx, holder.actor, estimate))
  } catch (error) {
    await Promise.all(holds.map((hold) => hold.release()))
    throw error
  }
  const held = holds.map((hold, index) => ({ hold, reservation: reservations[index]! }))
  const completion: Completion = {
    id: `chatcmpl-${randomBytes(18).toString('base64url')}`,
    created: Math.floor(ctx.now().getTime() / 1000),
    model: request.model,
    includeUsage: request.includeUsage,
  }
  const prepared: Prepared = { request, target, prompt, held, completion }
  return request.stream
    ? streamAnswer(ctx, holder, prepared, signal)
    : wholeAnswer(ctx, holder, prepared, signal)
}

/**
 * `n` reservations of one choice's worst case, taken one after another as `n` calls arriving
 * together would take them: each limit admits a call while anything is left under it, counting the
 * calls in flight, so the request is admitted only if its last choice would be. When one is
 * refused, the ones taken are released and the refusal thrown: nothing is left reserved.
 */
async function reserveEach<T extends { release(): Promise<void> }>(
  n: number,
  reserve: () => Promise<T>,
): Promise<T[]> {
  const taken: T[] = []
  try {
    while (taken.length < n) taken.push(await reserve())
  } catch (error) {
    await Promise.all(taken.map((reservation) => reservation.release()))
    throw error
  }
  return taken
}

/** The request's messages, after an agent's instruction and knowledge (as a chat's reply gets them). */
async function promptOf(ctx: AppContext, holder: KeyHolder, request: ChatRequest, target: Target) {
  const plan = target.plan
  if (!plan || (!plan.instruction && !plan.knowledge)) return request.messages
  const question = request.messages.findLast((turn) => turn.role === 'user')
  const knowledge =
    plan.knowledge && question ? await buildRagContext(ctx, holder.actor, turnText(question)) : undefined
  const system = buildPrompt({
    systemPrompt: plan.instruction,
    responseFormat: 'text',
    history: [],
    knowledgeContext: knowledge?.text,
  })
  return [...system, ...request.messages]
}

/**
 * One choice's call, run and settled; its shown text (the model's, cut before a stop sequence) and
 * the model's calls of the client's functions, to hand back.
 */
interface Run extends Choice {
  outcome: ModelOutcome
  usage: OpenAiUsage
}

/**
 * Runs the engine's call for one choice and settles it (usage against the person and the key, the
 * choice's reservations dropped); `onText` hears the text to show as it comes.
 */
async function run(
  ctx: AppContext,
  holder: KeyHolder,
  prepared: Prepared,
  index: number,
  signal: AbortSignal,
  onText?: (text: string) => void,
): Promise<Run> {
  const { request, target, prompt, completion } = prepared
  const { reservation, hold } = prepared.held[index]!
  // The workflow provider's session: each choice its own, so an agent's memory hears no sibling.
  const session = index === 0 ? completion.id : `${completion.id}-${index}`
  const stops = new StopSequences(request.stop)
  // A stop sequence ends the call as the client's own stop would.
  const ended = new AbortController()
  const stop = AbortSignal.any([signal, ended.signal])
  let text = ''
  const show = (piece: string) => {
    if (!piece) return
    text += piece
    onText?.(piece)
  }
  const outcome = await streamModel(ctx, {
    provider: target.provider,
    model: target.model,
    messages: prompt,
    settings: request.settings,
    chatId: session,
    agentId: target.plan?.agentId,
    workflow: target.plan?.workflow,
    tools: request.tools,
    toolChoice: request.toolChoice,
    signal: stop,
    onText: (piece) => {
      show(stops.push(piece))
      if (stops.stopped) ended.abort()
    },
  })
  if (!stops.stopped) show(stops.end())
  const used = usageOf(
    { model: target.model, messages: prompt, chatId: session, free: target.plan?.free },
    completion.id,
    outcome,
  )
  const usage: UsageInput | undefined = used && {
    ...used,
    chatId: null,
    messageId: null,
    apiKeyId: holder.keyId,
  }
  try {
    await settleReply(ctx, holder.actor, { usage, reservation })
  } catch (error) {
    ctx.log.error('could not record an API call’s usage', { keyId: holder.keyId, error })
  }
  // After the usage row: the call counts on the key as its reservation or as its cost, never neither.
  await hold.release()
  const tokens = {
    prompt_tokens: used?.promptTokens ?? 0,
    completion_tokens: used?.completionTokens ?? 0,
    total_tokens: (used?.promptTokens ?? 0) + (used?.completionTokens ?? 0),
  }
  const toolCalls = !stops.stopped && outcome.toolCalls?.length ? outcome.toolCalls : undefined
  const calls: Calls | undefined =
    toolCalls && (request.legacyFunctions ? { functionCall: firstFunctionCall(toolCalls) } : { toolCalls })
  const finishReason: FinishReason = calls?.functionCall
    ? 'function_call'
    : toolCalls
      ? 'tool_calls'
      : !stops.stopped && outcome.reported && outcome.reported.completionTokens >= request.settings.maxTokens
        ? 'length'
        : 'stop'
  // A stop sequence is a complete answer, not a stopped one.
  const status =
    stops.stopped && outcome.status === 'stopped' && !signal.aborted ? 'complete' : outcome.status
  return {
    outcome: { ...outcome, status },
    text,
    usage: tokens,
    finishReason,
    ...calls,
  }
}

const failureOf = (outcome: ModelOutcome) =>
  providerFailed(outcome.failure ? failureText(outcome.failure) : 'the provider failed', outcome.cause)

/**
 * The request's `n` choices, each its own run of the engine, all at once; `onText` hears each
 * choice's text. OpenAI fails the whole request when a choice fails: here the first failure stops
 * the other choices (each still records what it used and drops its reservations).
 */
function runChoices(
  ctx: AppContext,
  holder: KeyHolder,
  prepared: Prepared,
  signal: AbortSignal,
  onText?: (index: number, text: string) => void,
): Promise<Run>[] {
  const failed = new AbortController()
  const stop = AbortSignal.any([signal, failed.signal])
  return prepared.held.map(async (_held, index) => {
    const result = await run(ctx, holder, prepared, index, stop, onText && ((text) => onText(index, text)))
    if (result.outcome.status === 'failed') failed.abort()
    return result
  })
}

/**
 * The answer's usage as OpenAI reports `n` choices: the prompt once, the completions summed. (Each
 * choice is its own provider call, so the usage recorded counts the prompt once per choice.)
 */
function usageOfChoices(runs: Run[]): OpenAiUsage {
  const prompt = Math.max(...runs.map((result) => result.usage.prompt_tokens))
  const completion = runs.reduce((sum, result) => sum + result.usage.completion_tokens, 0)
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion }
}

async function wholeAnswer(ctx: AppContext, holder: KeyHolder, prepared: Prepared, signal: AbortSignal) {
  const runs = await Promise.all(runChoices(ctx, holder, prepared, signal))
  const failed = runs.find((result) => result.outcome.status === 'failed')
  if (failed) throw failureOf(failed.outcome)
  if (runs.some((result) => result.outcome.status === 'stopped'))
    throw new OpenAiError(499, 'The request was cancelled', 'api_error', 'cancelled')
  // The saved chat is one line of turns: of `n` choices, the first is its answer.
  if (prepared.request.saveAsChat) await saveExchange(ctx, holder, prepared, runs[0]!.text)
  return Response.json(completionJson(prepared.completion, runs, usageOfChoices(runs)))
}

/**
 * The answer as OpenAI streams it. The status is decided by the first text of any choice (or the
 * end of one): a provider that fails before a word is a 502 as in the non-streamed answer; a failure
 * after is an error event (the SDKs throw it) with no `[DONE]`. Each choice's chunks carry its
 * index and end with its own finish chunk; the usage chunk and `[DONE]` follow the last. The client
 * going away stops the calls.
 */
async function streamAnswer(
  ctx: AppContext,
  holder: KeyHolder,
  prepared: Prepared,
  parentSignal: AbortSignal,
) {
  const write = chunkWriter(prepared.completion)
  const encoder = new TextEncoder()
  const gone = new AbortController()
  const signal = AbortSignal.any([parentSignal, gone.signal])
  let sink: ReadableStreamDefaultController<Uint8Array> | undefined
  const pending: string[] = []
  const send = (event: string) => {
    if (sink) {
      try {
        sink.enqueue(encoder.encode(event))
      } catch {
        // The client has gone; the cancel below stops the calls.
      }
    } else pending.push(event)
  }
  let spoke = false
  let first: (() => void) | undefined
  const started = new Promise<void>((resolve) => {
    first = resolve
  })
  const ended: Run[] = []
  const runs = runChoices(ctx, holder, prepared, signal, (index, text) => {
    spoke = true
    send(write.content(index, text))
    first?.()
  }).map((finished) =>
    finished.then((result) => {
      ended.push(result)
      return result
    }),
  )
  await Promise.race([started, ...runs])
  const early = ended.find((result) => result.outcome.status === 'failed')
  if (early && !spoke) {
    // The other choices were stopped: once they have settled, nothing is left reserved.
    await Promise.all(runs)
    throw failureOf(early.outcome)
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const index of prepared.held.keys()) controller.enqueue(encoder.encode(write.role(index)))
      for (const event of pending) controller.enqueue(encoder.encode(event))
      pending.length = 0
      sink = controller
      let failed = false
      for (const [index, finished] of runs.entries())
        void finished.then(
          (result) => {
            if (failed) return
            if (result.outcome.status === 'failed') {
              failed = true
              const failure = failureOf(result.outcome)
              send(write.error({ message: failure.message, type: failure.type, code: failure.code }))
            } else if (result.outcome.status === 'complete') {
              if (result.toolCalls) send(write.toolCalls(index, result.toolCalls))
              if (result.functionCall) send(write.functionCall(index, result.functionCall))
              send(write.finish(index, result.finishReason))
            }
          },
          // Heard by the whole stream's handler below.
          () => {},
        )
      void Promise.all(runs).then(
        async (results) => {
          if (results.every((result) => result.outcome.status === 'complete')) {
            // The saved chat is one line of turns: of `n` choices, the first is its answer.
            if (prepared.request.saveAsChat)
              await saveExchange(ctx, holder, prepared, results[0]!.text).catch((error) =>
                ctx.log.warn('could not save an API exchange as a chat', { error }),
              )
            if (prepared.request.includeUsage) send(write.usage(usageOfChoices(results)))
            send(DONE)
          }
          try {
            controller.close()
          } catch {
            // Already cancelled by the client.
          }
        },
        (error) => {
          ctx.log.error('an API stream failed', { error })
          try {
            controller.error(error)
          } catch {}
        },
      )
    },
    cancel() {
      gone.abort()
    },
  })
  return new Response(body, { headers: SSE_HEADERS })
}
