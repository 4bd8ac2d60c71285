/**
 * `bun run bench:api-keys`: 50 concurrent streamed `/v1/chat/completions` through Parley's team API
 * (issue 31), each with its own key, read as the OpenAI SDKs read them, side by side with the same
 * readers on the fake provider directly (the floor). Three processes, as bench:stream:
 *
 *   provider  the fake OpenAI server; stamps every chunk with its emit time
 *   server    Parley (`startServer`, embedded PGlite in a temp DATA_DIR) with users and API keys
 *   clients   this process: SSE readers
 *
 * Per token: latency from the provider writing a chunk to the client reading it (p50/p95); the
 * difference between the modes is what Parley adds (goal: p95 ≤ 5 ms). The key check (hash, cached
 * lookup, access) is timed inside the server, cached and uncached (goal: p95 ≤ 1 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SseParser } from '../src/ai/sse'
import { epochMs, startFakeOpenAi } from '../src/test/fakes/openai-server'
import { fmt, loadAverage, percentile, spawnRole } from './lib/processes'

const STREAMS = Number(process.env.BENCH_STREAMS ?? 50)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const TOKENS = Number(process.env.BENCH_TOKENS ?? 30)
const CHUNK_DELAY_MS = 20
const KEY_CHECKS = 2_000
const REPLY = Array.from({ length: TOKENS }, (_, i) => `tok${i}`).join(' ')
const STAMP = /⟦([\d.]+)⟧/g

async function runProvider() {
  const fake = startFakeOpenAi({ models: ['fake-model'] })
  fake.setScript({ reply: REPLY, chunkDelayMs: CHUNK_DELAY_MS, stampChunks: true })
  console.log(`READY ${JSON.stringify({ url: fake.url })}`)
  await new Promise(() => {})
}

async function runServer(providerUrl: string, users: number) {
  const { loadConfig } = await import('../src/config')
  const { startServer } = await import('../src/server')
  const { createKey } = await import('../src/api-keys/service')
  const { authenticateKey, forgetKey } = await import('../src/api-keys/authenticate')
  const { hashToken } = await import('../src/auth/session')
  const { users: usersTable } = await import('../db/schema')
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-'))
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      OPENAI_BASE_URL: providerUrl,
      OPENAI_MODELS: 'fake-model',
      LOG_LEVEL: 'error',
      // Every stream here has its own key; the per-key limit is not what is measured.
      API_KEY_RATE_LIMIT: '0',
    }),
    appSecret: 'bench-secret-bench-secret-bench-secret-00',
  }
  const server = await startServer(config)
  const ctx = server.ctx
  const keys: string[] = []
  for (let index = 0; index < users; index += 1) {
    const [user] = await ctx.db
      .insert(usersTable)
      .values({ email: `bench${index}@example.com`, emailConfirmedAt: new Date() })
      .returning()
    const actor = {
      userId: user!.id,
      realUserId: user!.id,
      sessionId: '',
      role: 'user' as const,
      impersonation: null,
    }
    keys.push((await createKey(ctx, actor, { name: 'bench', scopes: ['chat'] })).key)
  }
  console.log(`READY ${JSON.stringify({ url: server.url, keys })}`)
  process.on('SIGTERM', async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
  // KEYCHECK: times authenticateKey in this process, cached (the usual path) and uncached (a lookup).
  for await (const line of console) {
    if (line !== 'KEYCHECK') continue
    const request = new Request(`${server.url}/v1/models`, {
      headers: { authorization: `Bearer ${keys[0]}` },
    })
    const timed = async (forget: boolean) => {
      const times: number[] = []
      for (let i = 0; i < KEY_CHECKS; i += 1) {
        if (forget) forgetKey(ctx, hashToken(keys[0]!))
        const start = performance.now()
        await authenticateKey(ctx, request)
        times.push(performance.now() - start)
      }
      return times
    }
    await timed(false)
    const cached = await timed(false)
    const uncached = await timed(true)
    console.log(
      `KEYCHECK ${JSON.stringify({
        cached: [percentile(cached, 50), percentile(cached, 95)],
        uncached: [percentile(uncached, 50), percentile(uncached, 95)],
      })}`,
    )
  }
  await new Promise(() => {})
}

interface Round {
  tokenLatencies: number[]
  errors: number
  wallMs: number
}

/** `streams` concurrent streamed completions from `baseUrl` (…/v1), each reader timing every token. */
async function runRound(baseUrl: string, keys: (string | null)[], streams: number): Promise<Round> {
  const tokenLatencies: number[] = []
  let errors = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: streams }, async (_, index) => {
      const key = keys[index % keys.length]
      try {
        const res = await fetch(`${baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
          body: JSON.stringify({
            model: 'fake-model',
            stream: true,
            stream_options: { include_usage: true },
            messages: [{ role: 'user', content: 'go' }],
          }),
        })
        if (res.status !== 200 || !res.body) throw new Error(`status ${res.status}`)
        const reader = res.body.getReader()
        const decoder = new TextDecoder()
        const sse = new SseParser()
        let text = ''
        const onEvent = (data: string) => {
          if (data === '[DONE]') return
          const content = JSON.parse(data).choices?.[0]?.delta?.content as string | undefined
          if (!content) return
          const now = epochMs()
          for (const stamp of content.matchAll(STAMP)) tokenLatencies.push(now - Number(stamp[1]))
          text += content.replace(STAMP, '')
        }
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          sse.push(decoder.decode(value, { stream: true }), onEvent)
        }
        if (text !== REPLY) errors += 1
      } catch {
        errors += 1
      }
    }),
  )
  return { tokenLatencies, errors, wallMs: performance.now() - started }
}

const merge = (rounds: Round[]): Round => ({
  tokenLatencies: rounds.flatMap((r) => r.tokenLatencies),
  errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  wallMs: rounds.reduce((sum, r) => sum + r.wallMs, 0),
})

async function runMain() {
  const deadline = setTimeout(() => {
    console.error('bench:api-keys took longer than 3 minutes; stopping')
    process.exit(1)
  }, 180_000)
  const provider = await spawnRole(import.meta.path, ['provider'])
  const providerUrl = provider.ready.url as string
  const server = await spawnRole(import.meta.path, ['server', providerUrl, String(STREAMS)])
  const serverUrl = server.ready.url as string
  const keys = server.ready.keys as string[]
  console.log(
    `bench:api-keys — ${STREAMS} concurrent streams × ${ROUNDS} rounds, ${TOKENS} tokens each, one chunk every ` +
      `${CHUNK_DELAY_MS} ms; Parley at ${serverUrl}, fake provider at ${providerUrl}; load ${loadAverage()}\n`,
  )
  try {
    // Warm-up: first requests compile routes and fill caches.
    await runRound(`${serverUrl}/v1`, keys, 5)
    const direct: Round[] = []
    const parley: Round[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      direct.push(await runRound(providerUrl, [null], STREAMS))
      parley.push(await runRound(`${serverUrl}/v1`, keys, STREAMS))
    }
    const d = merge(direct)
    const p = merge(parley)
    const row = (name: string, r: Round) =>
      `${name.padEnd(8)} ${String(r.tokenLatencies.length).padStart(7)} ${fmt(percentile(r.tokenLatencies, 50)).padStart(9)} ${fmt(percentile(r.tokenLatencies, 95)).padStart(7)} ${fmt(percentile(r.tokenLatencies, 99)).padStart(7)} ${String(r.errors).padStart(7)}`
    console.log('mode      tokens  token p50     p95     p99  errors')
    console.log(row('direct', d))
    console.log(row('parley', p))
    const added = (q: number) => percentile(p.tokenLatencies, q) - percentile(d.tokenLatencies, q)
    console.log(
      `\nParley adds ${fmt(added(50), 2)} / ${fmt(added(95), 2)} ms per token (p50/p95; goal p95 ≤ 5 ms) ` +
        `to ${STREAMS} concurrent streams.`,
    )
    server.send('KEYCHECK')
    const checks = JSON.parse((await server.next('KEYCHECK ')).slice('KEYCHECK '.length)) as {
      cached: [number, number]
      uncached: [number, number]
    }
    console.log(
      `Key check: ${fmt(checks.cached[0], 3)} / ${fmt(checks.cached[1], 3)} ms cached, ` +
        `${fmt(checks.uncached[0], 3)} / ${fmt(checks.uncached[1], 3)} ms with the database lookup (p50/p95; goal p95 ≤ 1 ms).`,
    )
  } finally {
    clearTimeout(deadline)
    server.kill()
    provider.kill()
  }
  await Bun.sleep(300)
  process.exit(0)
}

// Dispatched last: the helpers above must be initialised before a role runs.
const role = process.argv[2] ?? 'main'
if (role === 'provider') await runProvider()
else if (role === 'server') await runServer(process.argv[3]!, Number(process.argv[4]))
else await runMain()
