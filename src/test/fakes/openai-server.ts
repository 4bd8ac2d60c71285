/**
 * A fake OpenAI-compatible provider for tests and benchmarks: a real HTTP server on 127.0.0.1
 * speaking the chat completions protocol (`GET /v1/models`, `POST /v1/chat/completions` streamed
 * as server-sent `chat.completion.chunk` events or answered whole), scriptable per test, and
 * failing the way real providers do: JSON error bodies with 401/429/500, a request that never
 * answers, a stream whose connection drops before `[DONE]`. It also speaks the images API
 * (`POST /v1/images/generations`, answered with a `url` it serves itself or with `b64_json`) and
 * the transcription API (`POST /v1/audio/transcriptions`, multipart, answered `{text}`).
 * `POST /v1/embeddings` answers deterministic vectors made from the text (./embeddings.ts), or
 * fails as scripted.
 */

import { TINY_PNG } from '../images'
import { fakeEmbedding } from './embeddings'

export interface FakeImageScript {
  /** Answer with a URL this server serves, or the bytes inline; default: what the request asks (url). */
  format?: 'url' | 'b64_json'
  /** The image's bytes (a real PNG by default). */
  image: Uint8Array
  /** The answer's URL answers 404 (an expired or unreachable provider URL). */
  brokenUrl?: boolean
  /** Answer with this HTTP error and an OpenAI-style JSON error body instead. */
  fail?: { status: number; message?: string; type?: string; code?: string }
  /** Accept the request and never answer (until the client gives up). */
  hang?: boolean
}

export interface FakeTranscriptionScript {
  text: string
  fail?: { status: number; message?: string; type?: string; code?: string }
  hang?: boolean
}

/** What the fake saw of a multipart transcription request. */
export interface RecordedUpload {
  model: string | null
  filename: string | null
  type: string | null
  size: number
}

export interface FakeOpenAiScript {
  /** The answer's text. Split into word-sized chunks unless `chunks` is given. */
  reply: string
  chunks?: string[]
  /** Pause before each chunk. */
  chunkDelayMs: number
  /** Answer with this HTTP error and an OpenAI-style JSON error body instead. */
  fail?: { status: number; message?: string; type?: string }
  /** Accept the request and never answer (until the client gives up). */
  hang?: boolean
  /** Drop the connection after this many content chunks, without finish_reason or `[DONE]`. */
  cutAfterChunks?: number
  /** Usage reported in the final chunk when the client asks for it; false: report none. */
  usage: { prompt_tokens: number; completion_tokens: number } | false
  /** Wait for this before the first content chunk: a test looks at a reply that has no words yet. */
  beforeFirstChunk?: Promise<void>
  /** Wait for this before ending the stream (after the last chunk): a test decides when a reply ends. */
  beforeFinish?: Promise<void>
  /** Prefix each chunk's text with `⟦<epoch ms>⟧`, the emit time (benchmarks measure latency). */
  stampChunks?: boolean
  /**
   * After the text, call these tools (several: parallel calls), streamed as OpenAI does: a first
   * `tool_calls` delta with the index, id and name, then the arguments in pieces, ending with
   * `finish_reason: "tool_calls"`. `arguments` is sent as given (malformed JSON too).
   */
  toolCalls?: { id?: string; name: string; arguments: string }[]
}

export interface FakeEmbeddingsScript {
  /** Answer with this HTTP error and an OpenAI-style JSON error body. */
  fail?: { status: number; message?: string }
  /** Accept the request and never answer. */
  hang?: boolean
  /** Answer vectors of this length instead of the requested (or 1536) dimensions. */
  dimensions?: number
  /** Answer after this many milliseconds (a slow provider: indexing progress can be watched). */
  delayMs?: number
  /** Answer once this settles: a test decides when the request ends (and looks in meanwhile). */
  beforeAnswer?: Promise<void>
}

export interface RecordedRequest {
  method: string
  path: string
  headers: Record<string, string>
  body: Record<string, unknown> | null
}

export interface FakeOpenAi {
  /** Base URL to use as OPENAI_BASE_URL (ends in /v1). */
  url: string
  requests: RecordedRequest[]
  /** Chat completion requests only. */
  completions(): RecordedRequest[]
  /** Changes the behaviour of every later request. */
  setScript(script: Partial<FakeOpenAiScript>): void
  /** Changes the models `GET /v1/models` lists (ids, or entries with the provider's extra fields). */
  setModels(ids: FakeModelEntry[]): void
  /** Uses this behaviour for the next request only (queued in order, before the default). */
  queueScript(script: Partial<FakeOpenAiScript>): void
  /**
   * Picks each chat request's behaviour from its body (after the queue, before the default):
   * deep research answers its plan, extract, reflect and report calls this way. Undefined: default.
   */
  setResponder(
    responder: ((body: Record<string, unknown>) => Partial<FakeOpenAiScript> | undefined) | undefined,
  ): void
  /** Embedding requests only. */
  embeddingRequests(): RecordedRequest[]
  /** Changes the behaviour of every later embeddings request. */
  setEmbeddings(script: FakeEmbeddingsScript): void
  /** Uses this behaviour for the next embeddings request only. */
  queueEmbeddings(script: FakeEmbeddingsScript): void
  /** Requests currently held open by `hang` or a slow stream. */
  openRequests(): number
  /** Changes how `POST /v1/images/generations` answers from now on. */
  setImageScript(script: Partial<FakeImageScript>): void
  /** Changes how `POST /v1/audio/transcriptions` answers from now on. */
  setTranscriptionScript(script: Partial<FakeTranscriptionScript>): void
  /** Makes every image URL handed out so far answer 403, as a provider's expired link does. */
  expireImageUrls(): void
  /** The transcription requests' multipart fields, in order. */
  uploads: RecordedUpload[]
  close(): Promise<void>
}

const DEFAULT_SCRIPT: FakeOpenAiScript = {
  reply: 'Hello from the fake model.',
  chunkDelayMs: 0,
  usage: { prompt_tokens: 12, completion_tokens: 6 },
}

/**
 * A model `GET /v1/models` lists: its id, or its id with the extra fields some providers add
 * (OpenRouter's `architecture.input_modalities`, a `capabilities` list, a `description`...).
 */
export type FakeModelEntry = string | ({ id: string } & Record<string, unknown>)

export function startFakeOpenAi(options: { models?: FakeModelEntry[]; apiKey?: string } = {}): FakeOpenAi {
  let models = options.models ?? ['fake-model', 'fake-model-large']
  const idOf = (entry: FakeModelEntry) => (typeof entry === 'string' ? entry : entry.id)
  const requests: RecordedRequest[] = []
  const queue: Partial<FakeOpenAiScript>[] = []
  let defaults: FakeOpenAiScript = { ...DEFAULT_SCRIPT }
  let responder: ((body: Record<string, unknown>) => Partial<FakeOpenAiScript> | undefined) | undefined
  let open = 0
  let embeddingDefaults: FakeEmbeddingsScript = {}
  const embeddingQueue: FakeEmbeddingsScript[] = []
  const encoder = new TextEncoder()
  let imageScript: FakeImageScript = { image: TINY_PNG }
  let transcriptionScript: FakeTranscriptionScript = { text: 'Hello from the fake transcriber.' }
  const uploads: RecordedUpload[] = []
  const images = new Map<string, Uint8Array>()
  const hold = async (request: Request) => {
    open += 1
    await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve()))
    open -= 1
    return new Response(null, { status: 499 })
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(request): Promise<Response> {
      const url = new URL(request.url)
      const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data') ?? false
      let form: FormData | null = null
      if (multipart) form = await request.formData().catch(() => null)
      const body = request.method === 'POST' && !multipart ? await request.json().catch(() => null) : null
      const recorded: RecordedRequest = {
        method: request.method,
        path: url.pathname,
        headers: Object.fromEntries(request.headers),
        body,
      }
      requests.push(recorded)

      if (options.apiKey && request.headers.get('authorization') !== `Bearer ${options.apiKey}`) {
        return errorResponse(401, 'Incorrect API key provided.', 'invalid_request_error')
      }
      if (request.method === 'GET' && url.pathname === '/v1/models') {
        return Response.json({
          object: 'list',
          data: models.map((entry) => ({
            object: 'model',
            created: 1_700_000_000,
            owned_by: 'fake',
            ...(typeof entry === 'string' ? { id: entry } : entry),
          })),
        })
      }
      if (request.method === 'GET' && url.pathname.startsWith('/files/')) {
        const bytes = images.get(url.pathname.slice('/files/'.length))
        return bytes
          ? new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
              headers: { 'content-type': 'image/png' },
            })
          : new Response('<Error><Code>AuthenticationFailed</Code></Error>', { status: 403 })
      }
      if (request.method === 'POST' && url.pathname === '/v1/images/generations') {
        const script = imageScript
        if (script.fail) {
          return errorResponse(
            script.fail.status,
            script.fail.message ?? 'The fake provider failed',
            script.fail.type,
            script.fail.code,
          )
        }
        if (script.hang) return hold(request)
        const format = script.format ?? (body?.response_format === 'b64_json' ? 'b64_json' : 'url')
        const revised_prompt = typeof body?.prompt === 'string' ? body.prompt : ''
        if (format === 'b64_json') {
          return Response.json({
            created: Math.floor(Date.now() / 1000),
            data: [{ b64_json: Buffer.from(script.image).toString('base64'), revised_prompt }],
          })
        }
        const id = `${crypto.randomUUID()}.png`
        if (!script.brokenUrl) images.set(id, script.image)
        const origin: string = url.origin
        return Response.json({
          created: Math.floor(Date.now() / 1000),
          data: [{ url: `${origin}/files/${id}?se=2026-01-01&sig=fake`, revised_prompt }],
        })
      }
      if (request.method === 'POST' && url.pathname === '/v1/audio/transcriptions') {
        const file = form?.get('file')
        uploads.push({
          model: typeof form?.get('model') === 'string' ? (form.get('model') as string) : null,
          filename: file instanceof File ? file.name : null,
          type: file instanceof File ? file.type : null,
          size: file instanceof File ? file.size : 0,
        })
        const script = transcriptionScript
        if (!(file instanceof File)) {
          return errorResponse(400, "Missing required parameter: 'file'.", 'invalid_request_error')
        }
        if (script.fail) {
          return errorResponse(
            script.fail.status,
            script.fail.message ?? 'The fake provider failed',
            script.fail.type,
            script.fail.code,
          )
        }
        if (script.hang) return hold(request)
        return Response.json({ text: script.text })
      }
      if (request.method === 'POST' && url.pathname === '/v1/embeddings') {
        const script = embeddingQueue.shift() ?? embeddingDefaults
        if (script.fail)
          return errorResponse(script.fail.status, script.fail.message ?? 'The fake provider failed')
        if (script.hang) {
          open += 1
          await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve()))
          open -= 1
          return new Response(null, { status: 499 })
        }
        if (script.delayMs) await Bun.sleep(script.delayMs)
        await script.beforeAnswer
        const input = body?.input
        const texts = Array.isArray(input) ? input : [input]
        if (texts.some((text) => typeof text !== 'string' || text === '')) {
          return errorResponse(400, "'$.input' is invalid.", 'invalid_request_error')
        }
        const dimensions =
          script.dimensions ?? (typeof body?.dimensions === 'number' ? body.dimensions : 1536)
        return Response.json({
          object: 'list',
          model: body?.model,
          data: (texts as string[]).map((text, index) => ({
            object: 'embedding',
            index,
            embedding: fakeEmbedding(text, dimensions),
          })),
          usage: { prompt_tokens: texts.length, total_tokens: texts.length },
        })
      }
      if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
        return errorResponse(404, `Unknown path ${url.pathname}`, 'invalid_request_error')
      }

      const script: FakeOpenAiScript = { ...defaults, ...(queue.shift() ?? responder?.(body ?? {})) }
      if (script.fail) {
        return errorResponse(
          script.fail.status,
          script.fail.message ?? 'The fake provider failed',
          script.fail.type,
        )
      }
      if (script.hang) return hold(request)

      const model = typeof body?.model === 'string' ? body.model : idOf(models[0]!)
      const id = `chatcmpl-${crypto.randomUUID()}`
      const created = Math.floor(Date.now() / 1000)
      const pieces = script.chunks ?? splitWords(script.reply)
      if (body?.stream !== true) {
        return Response.json({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            script.toolCalls?.length
              ? {
                  index: 0,
                  message: {
                    role: 'assistant',
                    content: pieces.join('') || null,
                    tool_calls: script.toolCalls.map((call, n) => ({
                      id: call.id ?? `call_${n}`,
                      type: 'function',
                      function: { name: call.name, arguments: call.arguments },
                    })),
                  },
                  finish_reason: 'tool_calls',
                }
              : { index: 0, message: { role: 'assistant', content: pieces.join('') }, finish_reason: 'stop' },
          ],
          ...(script.usage ? { usage: withTotal(script.usage) } : {}),
        })
      }

      const wantsUsage =
        (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true
      const chunk = (delta: Record<string, unknown>, finish: string | null, usage?: unknown) =>
        encoder.encode(
          `data: ${JSON.stringify({
            id,
            object: 'chat.completion.chunk',
            created,
            model,
            choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }],
            ...(usage ? { usage } : {}),
          })}\n\n`,
        )
      // The tool calls' deltas after the text, as OpenAI streams them (the arguments in two pieces).
      const toolDeltas = (script.toolCalls ?? []).flatMap((call, n) => {
        const half = Math.ceil(call.arguments.length / 2)
        return [
          {
            index: n,
            id: call.id ?? `call_${n}`,
            type: 'function',
            function: { name: call.name, arguments: '' },
          },
          { index: n, function: { arguments: call.arguments.slice(0, half) } },
          { index: n, function: { arguments: call.arguments.slice(half) } },
        ]
      })
      let toolIndex = 0
      let index = 0
      open += 1
      let closed = false
      const finish = () => {
        if (!closed) open -= 1
        closed = true
      }
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(chunk({ role: 'assistant', content: '' }, null))
        },
        async pull(controller) {
          if (script.cutAfterChunks !== undefined && index >= script.cutAfterChunks) {
            // Let the chunks already written reach the client before the connection drops.
            await Bun.sleep(Math.max(script.chunkDelayMs, 20))
            finish()
            // error() without a reason resets the connection: the client sees the socket drop.
            controller.error()
            return
          }
          if (index < pieces.length) {
            if (index === 0) await script.beforeFirstChunk
            if (script.chunkDelayMs > 0) await Bun.sleep(script.chunkDelayMs)
            const text = script.stampChunks ? `⟦${epochMs()}⟧${pieces[index]}` : pieces[index]
            index += 1
            controller.enqueue(chunk({ content: text }, null))
            return
          }
          if (toolIndex < toolDeltas.length) {
            controller.enqueue(chunk({ tool_calls: [toolDeltas[toolIndex]] }, null))
            toolIndex += 1
            return
          }
          if (script.beforeFinish) await script.beforeFinish
          controller.enqueue(chunk({}, toolDeltas.length ? 'tool_calls' : 'stop'))
          if (wantsUsage && script.usage) controller.enqueue(chunk({}, null, withTotal(script.usage)))
          controller.enqueue(encoder.encode('data: [DONE]\n\n'))
          finish()
          controller.close()
        },
        cancel() {
          finish()
        },
      })
      return new Response(stream, {
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
      })
    },
  })

  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    requests,
    completions: () => requests.filter((request) => request.path === '/v1/chat/completions'),
    setScript(script) {
      defaults = { ...DEFAULT_SCRIPT, ...script }
    },
    queueScript(script) {
      queue.push(script)
    },
    setResponder(next) {
      responder = next
    },
    setModels(ids) {
      models = [...ids]
    },
    embeddingRequests: () => requests.filter((request) => request.path === '/v1/embeddings'),
    setEmbeddings(script) {
      embeddingDefaults = { ...script }
    },
    queueEmbeddings(script) {
      embeddingQueue.push(script)
    },
    openRequests: () => open,
    setImageScript(script) {
      imageScript = { image: TINY_PNG, ...script }
    },
    setTranscriptionScript(script) {
      transcriptionScript = { text: 'Hello from the fake transcriber.', ...script }
    },
    uploads,
    expireImageUrls() {
      images.clear()
    },
    async close() {
      await server.stop(true)
    },
  }
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export function epochMs(): number {
  return performance.timeOrigin + performance.now()
}

/** 'Hello big world' → ['Hello', ' big', ' world']: chunks as a tokenizer would cut them. */
export function splitWords(text: string): string[] {
  return text.match(/\s*\S+/g) ?? (text ? [text] : [])
}

function withTotal(usage: { prompt_tokens: number; completion_tokens: number }) {
  return { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens }
}

function errorResponse(status: number, message: string, type = 'server_error', code?: string): Response {
  return Response.json({ error: { message, type, param: null, code: code ?? null } }, { status })
}
