import { randomBytes } from 'node:crypto'
import { failureText } from '../ai/failures'
import { buildPrompt, estimatePromptTokens } from '../ai/prompt'
import { type ChatTurn, turnText } from '../ai/types'
import { type KeyHolder, requireScope } from '../api-keys/authenticate'
import { costMicros } from '../budget/money'
import { type Reservation, reserveBudget, settleReply, type UsageInput } from '../budget/service'
import type { AppContext } from '../context'
import { buildRagContext } from '../knowledge/search'
import { type ModelOutcome, streamModel, usageOf } from '../replies/stream-model'
import { type ChatRequest, readChatRequest } from './chat-request'
import {
  type Calls,
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

interface Prepared {
  request: ChatRequest
  target: Target
  prompt: ChatTurn[]
  reservation: Reservation
  /** The call's reservation on its key's monthly limit, released once its usage is recorded. */
  hold: KeyHold
  completion: Completion
}

/**
 * POST /v1/chat/completions through the one reply engine (docs/decisions/151): the key's scope and
 * rate, the model's access, the key's monthly limit and the person's budget (reserveBudget) are all
 * checked before the provider is called; then `streamModel`, then `settleReply`, which records the
 * usage against the person and the key. Answered as OpenAI's `chat.completion`, or as its
 * server-sent `chat.completion.chunk`s when `stream`.
 */
export async function completeChat(
  ctx: AppContext,
  holder: KeyHolder,
  body: Record<string, unknown>,
  signal: AbortSignal,
): Promise<Response> {
  requireScope(holder, 'chat')
  requireRate(ctx, holder)
  const request = readChatRequest(body)
  const target = await resolveTarget(ctx, holder.actor, request.model)
  const prompt = await promptOf(ctx, holder, request, target)
  const { model, plan } = target
  // The most this call can cost: the prompt plus a full max_tokens answer (as a chat send reserves).
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
  const hold = await reserveKeyLimit(ctx, holder, estimate)
  let reservation: Reservation
  try {
    reservation = await reserveBudget(ctx, holder.actor, estimate)
  } catch (error) {
    await hold.release()
    throw error
  }
  const completion: Completion = {
    id: `chatcmpl-${randomBytes(18).toString('base64url')}`,
    created: Math.floor(ctx.now().getTime() / 1000),
    model: request.model,
    includeUsage: request.includeUsage,
  }
  const prepared: Prepared = { request, target, prompt, reservation, hold, completion }
  return request.stream
    ? streamAnswer(ctx, holder, prepared, signal)
    : wholeAnswer(ctx, holder, prepared, signal)
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

/** One call, run and settled; with the model's calls of the client's functions, to hand back. */
interface Run extends Calls {
  outcome: ModelOutcome
  /** The shown text: the model's, cut before a stop sequence. */
  text: string
  usage: OpenAiUsage
  finishReason: FinishReason
}

/**
 * Runs the engine's call and settles it (usage against the person and the key, the reservation
 * dropped); `onText` hears the text to show as it comes.
 */
async function run(
  ctx: AppContext,
  holder: KeyHolder,
  prepared: Prepared,
  signal: AbortSignal,
  onText?: (text: string) => void,
): Promise<Run> {
  const { request, target, prompt, reservation, hold, completion } = prepared
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
    chatId: completion.id,
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
    { model: target.model, messages: prompt, chatId: completion.id, free: target.plan?.free },
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

async function wholeAnswer(ctx: AppContext, holder: KeyHolder, prepared: Prepared, signal: AbortSignal) {
  const result = await run(ctx, holder, prepared, signal)
  if (result.outcome.status === 'failed') throw failureOf(result.outcome)
  if (result.outcome.status === 'stopped')
    throw new OpenAiError(499, 'The request was cancelled', 'api_error', 'cancelled')
  if (prepared.request.saveAsChat) await saveExchange(ctx, holder, prepared, result.text)
  return Response.json(
    completionJson(prepared.completion, result.text, result.finishReason, result.usage, result),
  )
}

/**
 * The answer as OpenAI streams it. The status is decided by the first text (or the end): a
 * provider that fails before a word is a 502 as in the non-streamed answer; a failure after is an
 * error event (the SDKs throw it) with no `[DONE]`. The client going away stops the call.
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
        // The client has gone; the cancel below stops the call.
      }
    } else pending.push(event)
  }
  let first: (() => void) | undefined
  const started = new Promise<void>((resolve) => {
    first = resolve
  })
  const finished = run(ctx, holder, prepared, signal, (text) => {
    send(write.content(text))
    first?.()
  })
  await Promise.race([started, finished])
  const early = await Promise.race([finished, Promise.resolve(undefined)])
  if (early && early.text === '' && early.outcome.status === 'failed') throw failureOf(early.outcome)
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(write.role()))
      for (const event of pending) controller.enqueue(encoder.encode(event))
      pending.length = 0
      sink = controller
      void finished.then(
        async (result) => {
          if (result.outcome.status === 'failed') {
            const failure = failureOf(result.outcome)
            send(write.error({ message: failure.message, type: failure.type, code: failure.code }))
          } else if (result.outcome.status === 'complete') {
            if (prepared.request.saveAsChat)
              await saveExchange(ctx, holder, prepared, result.text).catch((error) =>
                ctx.log.warn('could not save an API exchange as a chat', { error }),
              )
            if (result.toolCalls) send(write.toolCalls(result.toolCalls))
            if (result.functionCall) send(write.functionCall(result.functionCall))
            send(write.finish(result.finishReason))
            if (prepared.request.includeUsage) send(write.usage(result.usage))
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
