import { verifyWorkflowSignature } from '../../ai/workflow-signature'

/**
 * A fake n8n-style workflow webhook: a real HTTP server on 127.0.0.1 that records each POST
 * (`requests`: the parsed body; `calls`: the raw body, headers, path and whether the signature
 * verified under `secret`) and answers with whatever the test scripted: any status and raw body,
 * after a delay, never (`hang`), a body of many megabytes (`bigBytes`), or n8n's streamed answer
 * (`stream`: one `{"type":"item","content":...}` line per piece between begin and end, each after
 * `chunkDelayMs`).
 */

export interface FakeWebhookScript {
  status: number
  /** Raw response body; objects are sent as JSON. */
  body: string | object
  delayMs?: number
  hang?: boolean
  /** Answer with this many bytes of text (a garbage flood). */
  bigBytes?: number
  /** n8n's streaming: these pieces as NDJSON chunks. */
  stream?: string[]
  /** The streamed answer's content type (n8n sends application/json; some proxies ndjson). */
  streamContentType?: string
  chunkDelayMs?: number
  /** Ends the stream with `{"type":"error"}` instead of end. */
  streamError?: boolean
}

export interface FakeWebhookCall {
  path: string
  rawBody: string
  headers: Record<string, string>
  /** The x-parley-signature checked against `secret` (false when unsigned or no secret was set). */
  signatureValid: boolean
}

export interface FakeWebhook {
  /** The URL to use as N8N_WEBHOOK_URL (other paths on the same server answer the same way). */
  url: string
  /** The server's base, for per-agent URLs: `${base}/webhook/calendar`. */
  base: string
  requests: Record<string, unknown>[]
  calls: FakeWebhookCall[]
  /** The shared secret the fake verifies signatures with. */
  secret: string | null
  setScript(script: Partial<FakeWebhookScript>): void
  openRequests(): number
  close(): Promise<void>
}

export function startFakeWebhook(options: { secret?: string } = {}): FakeWebhook {
  const requests: Record<string, unknown>[] = []
  const calls: FakeWebhookCall[] = []
  let open = 0
  let script: FakeWebhookScript = { status: 200, body: [{ output: 'Hello from the workflow.' }] }
  const fake: FakeWebhook = {
    url: '',
    base: '',
    requests,
    calls,
    secret: options.secret ?? null,
    setScript(next) {
      script = { status: 200, body: '', ...next }
    },
    openRequests: () => open,
    async close() {
      await server.stop(true)
    },
  }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(request) {
      if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 })
      const rawBody = await request.text()
      let parsed: Record<string, unknown> = {}
      try {
        parsed = JSON.parse(rawBody) as Record<string, unknown>
      } catch {}
      requests.push(parsed)
      const headers = Object.fromEntries(request.headers.entries())
      calls.push({
        path: new URL(request.url).pathname,
        rawBody,
        headers,
        signatureValid: fake.secret
          ? verifyWorkflowSignature(
              fake.secret,
              request.headers.get('x-parley-timestamp'),
              rawBody,
              request.headers.get('x-parley-signature'),
            )
          : false,
      })
      const current = script
      if (current.hang) {
        open += 1
        await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve()))
        open -= 1
        return new Response(null, { status: 499 })
      }
      if (current.delayMs) await Bun.sleep(current.delayMs)
      if (current.bigBytes) return new Response(bigBody(current.bigBytes), { status: current.status })
      if (current.stream) return streamed(current)
      const isText = typeof current.body === 'string'
      return new Response(isText ? (current.body as string) : JSON.stringify(current.body), {
        status: current.status,
        headers: { 'content-type': isText ? 'text/plain' : 'application/json' },
      })
    },
  })
  fake.base = `http://127.0.0.1:${server.port}`
  fake.url = `${fake.base}/webhook/chat`
  return fake
}

function streamed(script: FakeWebhookScript): Response {
  const encoder = new TextEncoder()
  const lines = [
    { type: 'begin', metadata: { nodeName: 'AI Agent' } },
    ...script.stream!.map((content) => ({ type: 'item', content, metadata: { nodeName: 'AI Agent' } })),
    script.streamError
      ? { type: 'error', content: 'boom' }
      : { type: 'end', metadata: { nodeName: 'AI Agent' } },
  ]
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const line of lines) {
        controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`))
        if (script.chunkDelayMs) await Bun.sleep(script.chunkDelayMs)
      }
      controller.close()
    },
  })
  return new Response(body, {
    status: script.status,
    headers: { 'content-type': script.streamContentType ?? 'application/json; charset=utf-8' },
  })
}

/** `bytes` of text in 64 KiB pieces, never all in memory at once. */
function bigBody(bytes: number): ReadableStream<Uint8Array> {
  const piece = new TextEncoder().encode('garbage '.repeat(8192))
  let sent = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close()
      controller.enqueue(piece)
      sent += piece.byteLength
    },
  })
}
