import { describe, expect, test } from 'bun:test'
import type { Model } from '../../db/schema'
import { type ChatProvider, ProviderError, type ProviderEvent } from '../ai/types'
import type { AppContext } from '../context'
import { DeltaFrames, type StreamTarget } from '../messages/delta-frames'
import { type StreamModelCall, streamModel, usageOf } from './stream-model'

type Delta = { chatId: string; messageId: string; delta: string; seq: number }

const model = {
  id: 'fake-model',
  inputPriceMicrosPerMillion: 1_000_000,
  outputPriceMicrosPerMillion: 2_000_000,
} as Model

/** The engine's context with its frames and saves, recording what reaches the tabs and the saves. */
function engine(requestTimeoutMs = 60_000) {
  const delivered: Delta[] = []
  const saved = new Map<string, string>()
  const partialSaves = {
    note: (id: string, text: string) => saved.set(id, text),
    forget: (id: string) => saved.delete(id),
  }
  const deltaFrames = new DeltaFrames({
    log: { warn: () => {} },
    saves: partialSaves,
    deliver: (_chatId, delta) => delivered.push(delta),
  })
  const ctx = { config: { ai: { requestTimeoutMs } }, deltaFrames, partialSaves } as unknown as Pick<
    AppContext,
    'config' | 'deltaFrames' | 'partialSaves'
  >
  return { ctx, delivered, saved }
}

/** A provider answering with these events, one per `everyMs`; `ending` ends the stream its way. */
function provider(
  events: ProviderEvent[],
  options: { everyMs?: number; ending?: 'hang' | Error } = {},
): ChatProvider {
  return {
    async *stream({ signal }) {
      for (const event of events) {
        if (options.everyMs) await Bun.sleep(options.everyMs)
        signal.throwIfAborted()
        yield event
      }
      if (options.ending === 'hang') {
        await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
      } else if (options.ending) {
        throw options.ending
      }
    },
  }
}

const tokens = (...texts: string[]): ProviderEvent[] => texts.map((text) => ({ type: 'delta', text }))

function call(chatProvider: ChatProvider, extra: Partial<StreamModelCall> = {}): StreamModelCall {
  return {
    provider: chatProvider,
    model,
    messages: [{ role: 'user', content: 'Hello there' }],
    settings: {
      temperature: 1,
      maxTokens: 100,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
      responseFormat: 'text',
    },
    chatId: 'chat-1',
    signal: new AbortController().signal,
    ...extra,
  }
}

const target = (): StreamTarget => ({ chatId: 'chat-1', messageId: 'message-1', content: '', seq: 0 })

describe('streamModel: the one model call', () => {
  test('streams into the message in frames: every word arrives once, in order, in fewer deltas than tokens', async () => {
    const { ctx, delivered, saved } = engine()
    const into = target()
    const words = Array.from({ length: 40 }, (_, i) => `w${i} `)
    const outcome = await streamModel(
      ctx,
      call(provider([...tokens(...words), { type: 'usage', promptTokens: 7, completionTokens: 40 }]), {
        into,
      }),
    )
    expect(outcome).toMatchObject({ status: 'complete', failure: null, text: words.join('') })
    expect(outcome.reported).toEqual({ promptTokens: 7, completionTokens: 40 })
    // Tokens that arrive together leave together (one delta per frame), with consecutive seqs.
    expect(delivered.length).toBeLessThan(words.length)
    expect(delivered.map((delta) => delta.delta).join('')).toBe(words.join(''))
    expect(delivered.map((delta) => delta.seq)).toEqual(delivered.map((_, index) => index + 1))
    expect(into).toMatchObject({ content: words.join(''), seq: delivered.length })
    // The final text is the caller's to store: no partial save is left pending.
    expect(saved.has('message-1')).toBe(false)
  })

  test("the caller's stop ends it as 'stopped', keeping the text so far, sent to the tabs", async () => {
    const { ctx, delivered } = engine()
    const stop = new AbortController()
    const into = target()
    const chatProvider = provider(tokens('one ', 'two ', 'three '), { everyMs: 5, ending: 'hang' })
    const running = streamModel(ctx, call(chatProvider, { signal: stop.signal, into }))
    // Stop once every word is in (the provider then hangs): waiting on the text, not on a clock that
    // a loaded machine outruns.
    for (let waited = 0; into.content !== 'one two three ' && waited < 5000; waited += 5) await Bun.sleep(5)
    stop.abort()
    const outcome = await running
    expect(outcome).toMatchObject({ status: 'stopped', failure: null, text: 'one two three ' })
    expect(delivered.map((delta) => delta.delta).join('')).toBe('one two three ')
  })

  test('a provider that stops answering fails at the time-out, with its seconds, the text so far kept', async () => {
    const { ctx } = engine(600)
    const outcome = await streamModel(ctx, call(provider(tokens('partial '), { ending: 'hang' })))
    expect(outcome).toMatchObject({
      status: 'failed',
      failure: { reason: 'provider_timeout', seconds: 1 },
      text: 'partial ',
    })
  })

  test("a provider's own failure keeps its reason; any other error is 'provider_failed' with its cause", async () => {
    const { ctx } = engine()
    const refused = new ProviderError({ reason: 'provider_status', status: 429, detail: 'slow down' })
    expect(await streamModel(ctx, call(provider(tokens('a'), { ending: refused })))).toMatchObject({
      status: 'failed',
      failure: { reason: 'provider_status', status: 429, detail: 'slow down' },
      text: 'a',
    })
    const broken = new TypeError('boom')
    const outcome = await streamModel(ctx, call(provider([], { ending: broken })))
    expect(outcome).toMatchObject({ status: 'failed', failure: { reason: 'provider_failed' }, text: '' })
    expect(outcome.cause).toBe(broken)
  })

  test('without a message to stream into, the text is only collected: nothing reaches the tabs', async () => {
    const { ctx, delivered, saved } = engine()
    const outcome = await streamModel(ctx, call(provider(tokens('quiet ', 'plan'))))
    expect(outcome.text).toBe('quiet plan')
    expect(delivered).toEqual([])
    expect(saved.size).toBe(0)
  })
})

describe('usageOf: what a call used', () => {
  const request = { model, messages: [{ role: 'user' as const, content: 'Hello there' }], chatId: 'chat-1' }

  test("the provider's count, priced by the model", () => {
    expect(
      usageOf(request, 'message-1', { text: 'Hi', reported: { promptTokens: 1_000, completionTokens: 500 } }),
    ).toEqual({
      chatId: 'chat-1',
      messageId: 'message-1',
      modelId: 'fake-model',
      promptTokens: 1_000,
      completionTokens: 500,
      // $1 and $2 per million tokens.
      costMicros: 2_000,
      estimated: false,
    })
  })

  test('estimated (and flagged) when the provider said nothing; free answers cost nothing; nothing used is nothing', () => {
    const estimated = usageOf(request, 'message-1', { text: 'A short answer' })
    expect(estimated).toMatchObject({ estimated: true })
    expect(estimated!.promptTokens).toBeGreaterThan(0)
    expect(estimated!.completionTokens).toBeGreaterThan(0)
    expect(usageOf({ ...request, free: true }, 'message-1', { text: 'A short answer' })).toMatchObject({
      costMicros: 0,
    })
    expect(usageOf({ ...request, messages: [] }, 'message-1', { text: '' })).toBeUndefined()
  })
})
