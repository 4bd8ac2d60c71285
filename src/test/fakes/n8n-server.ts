/**
 * A fake n8n-style workflow webhook: a real HTTP server on 127.0.0.1 that records each POST
 * `{chatInput, timestamp, sessionId}` and answers with whatever the test scripted (any status and
 * raw body, after a delay, or never).
 */

export interface FakeWebhookScript {
  status: number
  /** Raw response body; objects are sent as JSON. */
  body: string | object
  delayMs?: number
  hang?: boolean
}

export interface FakeWebhook {
  /** The URL to use as N8N_WEBHOOK_URL. */
  url: string
  requests: Record<string, unknown>[]
  setScript(script: Partial<FakeWebhookScript>): void
  close(): Promise<void>
}

export function startFakeWebhook(): FakeWebhook {
  const requests: Record<string, unknown>[] = []
  let script: FakeWebhookScript = { status: 200, body: [{ output: 'Hello from the workflow.' }] }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(request) {
      if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 })
      requests.push((await request.json().catch(() => ({}))) as Record<string, unknown>)
      const current = script
      if (current.hang) {
        await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve()))
        return new Response(null, { status: 499 })
      }
      if (current.delayMs) await Bun.sleep(current.delayMs)
      const isText = typeof current.body === 'string'
      return new Response(isText ? (current.body as string) : JSON.stringify(current.body), {
        status: current.status,
        headers: { 'content-type': isText ? 'text/plain' : 'application/json' },
      })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/webhook/chat`,
    requests,
    setScript(next) {
      script = { status: 200, body: '', ...next }
    },
    async close() {
      await server.stop(true)
    },
  }
}
