import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { searchWeb } from '../ai/web-search'
import { createWorkflowProvider } from '../ai/workflow-provider'
import { WORKFLOW_CONNECTION_REPLY, WORKFLOW_ERROR_REPLY } from '../ai/workflow-response'
import { BodyTooLargeError, readCapped } from './read-capped'

/**
 * Real HTTP servers on 127.0.0.1 that misbehave the way an outside service can: an answer without
 * end, one far larger than asked for, and one that never comes.
 */
let server: ReturnType<typeof Bun.serve>
let base: string
/** How many bytes the endless answers managed to send before the client hung up. */
let endlessSent = 0
/** The misbehaviour of the next answer (SearXNG's path is always /search, so it cannot be in the URL). */
let mode: 'ok' | 'endless' | 'oversized' | 'trickle' | 'silent' = 'ok'
function misbehave(next: typeof mode) {
  mode = next
  return base
}

beforeEach(() => {
  mode = 'ok'
})

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(request) {
      const { pathname } = new URL(request.url)
      if (mode === 'endless') {
        const chunk = new TextEncoder().encode(`${'{"results":['.repeat(1)}${' '.repeat(64 * 1024 - 12)}`)
        let first = true
        return new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              controller.enqueue(first ? chunk : chunk.subarray(12))
              first = false
              endlessSent += chunk.byteLength
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        )
      }
      if (mode === 'oversized') {
        return new Response(JSON.stringify({ output: 'x'.repeat(3 * 1024 * 1024), results: [] }), {
          headers: { 'content-type': 'application/json' },
        })
      }
      if (mode === 'trickle') {
        // Headers at once, then one byte now and then: a body that never finishes.
        return new Response(
          new ReadableStream<Uint8Array>({
            async pull(controller) {
              await Bun.sleep(50)
              controller.enqueue(new TextEncoder().encode(' '))
            },
          }),
        )
      }
      if (mode === 'silent') {
        await new Promise<never>(() => {})
      }
      if (pathname.startsWith('/search')) {
        return Response.json({ results: [{ title: 'T', url: 'https://example.com', content: 'c' }] })
      }
      return Response.json([{ output: 'Hello' }])
    },
  })
  base = `http://127.0.0.1:${server.port}`
})
afterAll(() => server.stop(true))

const quiet = { warn() {} }
const call = (signal = new AbortController().signal) => ({
  messages: [{ role: 'user' as const, content: 'hi' }],
  chatId: 'chat',
  signal,
})

async function replyOf(provider: ReturnType<typeof createWorkflowProvider>) {
  let text = ''
  // The provider's own type is wider than the test needs; only the text matters here.
  for await (const event of provider.stream(call() as never)) if (event.type === 'delta') text += event.text
  return text
}

describe('readCapped', () => {
  test('returns the whole body under the cap', async () => {
    const bytes = await readCapped(new Response('hello'), 5)
    expect(new TextDecoder().decode(bytes)).toBe('hello')
  })

  test('stops an endless body at the cap and hangs up', async () => {
    endlessSent = 0
    const response = await fetch(misbehave('endless'))
    await expect(readCapped(response, 256 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError)
    await Bun.sleep(50)
    const sentAfterCancel = endlessSent
    await Bun.sleep(100)
    // The connection was closed: the server is not still pushing megabytes into a socket.
    expect(endlessSent - sentAfterCancel).toBeLessThan(4 * 1024 * 1024)
  })

  // Chunks of their own, as a socket's are: freed once joined, or once the body is refused, rather
  // than left to a collection (decision 190).
  const chunksOf = (sizes: number[]) => sizes.map((size, index) => new Uint8Array(size).fill(index + 1))
  const streamOf = (chunks: Uint8Array[]) =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.shift()
          if (next) controller.enqueue(next)
          else controller.close()
        },
      }),
    )

  test('the chunks read are freed once copied into the whole body', async () => {
    const chunks = chunksOf([3, 4, 5])
    const sent = [...chunks]
    const bytes = await readCapped(streamOf(chunks), 100)
    expect([...bytes]).toEqual([1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3])
    expect(sent.map((chunk) => chunk.byteLength)).toEqual([0, 0, 0])
  })

  test('the chunks read are freed when the body passes the cap', async () => {
    const chunks = chunksOf([40, 40, 40])
    const sent = [...chunks]
    await expect(readCapped(streamOf(chunks), 100)).rejects.toBeInstanceOf(BodyTooLargeError)
    expect(sent.slice(0, 2).map((chunk) => chunk.byteLength)).toEqual([0, 0])
  })
})

describe('the workflow webhook', () => {
  const limits = { timeoutMs: 500, maxBytes: 1024 * 1024 }

  test('a normal answer is the reply', async () => {
    expect(await replyOf(createWorkflowProvider({ url: misbehave('ok'), secret: null }, quiet, limits))).toBe(
      'Hello',
    )
  })

  test('an endless answer is cut off at the cap: the error reply, quickly', async () => {
    const started = performance.now()
    expect(
      await replyOf(createWorkflowProvider({ url: misbehave('endless'), secret: null }, quiet, limits)),
    ).toBe(WORKFLOW_ERROR_REPLY)
    expect(performance.now() - started).toBeLessThan(2000)
  })

  test('an answer larger than the cap is the error reply, not 3 MB of text', async () => {
    expect(
      await replyOf(createWorkflowProvider({ url: misbehave('oversized'), secret: null }, quiet, limits)),
    ).toBe(WORKFLOW_ERROR_REPLY)
  })

  test('a webhook that never answers ends at the time limit with the connection reply', async () => {
    const started = performance.now()
    expect(
      await replyOf(createWorkflowProvider({ url: misbehave('silent'), secret: null }, quiet, limits)),
    ).toBe(WORKFLOW_CONNECTION_REPLY)
    const elapsed = performance.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(450)
    expect(elapsed).toBeLessThan(3000)
  })

  test('a body that trickles forever ends at the same time limit', async () => {
    const started = performance.now()
    expect(
      await replyOf(createWorkflowProvider({ url: misbehave('trickle'), secret: null }, quiet, limits)),
    ).toBe(WORKFLOW_CONNECTION_REPLY)
    expect(performance.now() - started).toBeLessThan(3000)
  })
})

describe('the web-search backend', () => {
  const limits = { timeoutMs: 500, maxBytes: 1024 * 1024 }

  test('a normal answer gives the results', async () => {
    expect(await searchWeb(base, 'q', undefined, limits)).toEqual([
      { title: 'T', url: 'https://example.com', content: 'c' },
    ])
  })

  test('an endless answer is refused at the cap', async () => {
    await expect(searchWeb(misbehave('endless'), 'q', undefined, limits)).rejects.toBeInstanceOf(
      BodyTooLargeError,
    )
  })

  test('an oversized answer is refused at the cap', async () => {
    await expect(searchWeb(misbehave('oversized'), 'q', undefined, limits)).rejects.toBeInstanceOf(
      BodyTooLargeError,
    )
  })

  test('a backend that never answers fails at the time limit', async () => {
    const started = performance.now()
    await expect(searchWeb(misbehave('silent'), 'q', undefined, limits)).rejects.toThrow()
    expect(performance.now() - started).toBeLessThan(3000)
  })
})
