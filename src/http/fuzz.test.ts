// Raw requests on purpose: this suite sends malformed input the typed client cannot express.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { SESSION_COOKIE } from '../auth/session'
import { type ListeningApp, startApp } from '../test/harness'

/**
 * Malformed input against every route of the composed app and the socket.io handshake, over a real
 * port so that Bun's own HTTP server, not just app.handle, takes the garbage. The routes come from
 * `app.routes`, so a new route is fuzzed without touching this file. Deterministic (seeded PRNG; the
 * interleaving of concurrent requests is not), loopback only, bounded in count and time.
 *
 * The one assertion: no answer is a 5xx (or missing), and the server still answers /api/health.
 */

const HTTP_REQUESTS = 10_000
const RAW_REQUESTS = 400
const SOCKET_ATTEMPTS = 200
const CONCURRENCY = 8
const SEED = 0x5eed_2026

let server: ListeningApp
let port: number

beforeAll(async () => {
  server = await startApp({}, { listen: true })
  port = server.app.server!.port!
})

afterAll(() => server?.close())

/** mulberry32: small, fast and the same sequence for the same seed. */
function prng(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  }
}
type Random = ReturnType<typeof prng>

/** A real account with a session; a fresh one now and then, since the fuzz logs out and deletes accounts. */
async function createAccount(n: number) {
  const user = await server.createUser({ email: `fuzz${n}@example.com`, fullName: `Fuzz ${n}` })
  const chatId = (await server.as(user).api.chats.post({ title: 'fuzz' })).data!.data.id
  return { id: user.id, token: user.token, chatId }
}

const GARBAGE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '%00',
  '%',
  '%E0%A4%A',
  '%ZZ',
  '..%2F..%2Fetc%2Fpasswd',
  '../../etc/passwd',
  '\ud800',
  '😀'.repeat(10),
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-00000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '__proto__',
  'constructor',
  'admin',
  'calendar',
]

/** Percent-encoded path segments and query values, including deliberately broken ones. */
const RAW_SEGMENTS = [
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%',
  '%%',
  '%ZZ',
  '%C0%AF',
  '%FF%FE',
  '..',
  '%2e%2e',
  '%2F',
  '%20',
  'x'.repeat(3000),
  '-1',
  '0',
  'NaN',
  'null',
  '00000000-0000-0000-0000-000000000000',
  '12345678-1234-1234-1234-123456789012',
  '%F0%9F%98%80',
  'a.png',
  'avatar.webp',
  '%5Cwindows',
]

const FIELD_NAMES = [
  'title',
  'content',
  'email',
  'password',
  'fullName',
  'full_name',
  'token',
  'modelId',
  'agentId',
  'attachmentIds',
  'message',
  'files',
  'chatId',
  'system_prompt',
  'temperature',
  'max_tokens',
  'top_p',
  'response_format',
  'web_search_enabled',
  'enabled',
  'visible',
  'config',
  'redirectUrl',
  'clientId',
  'clientSecret',
  'cursor',
  'limit',
  'avatar_url',
  '__proto__',
  'constructor',
]

function randomValue(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 8 : 11)) {
    case 0:
      return r.pick(GARBAGE_STRINGS)
    case 1:
      return r.pick([0, -1, 1, 1.5, 2 ** 53 + 1, -(2 ** 63), 1e300, Number.MAX_SAFE_INTEGER, 128001, 0.0001])
    case 2:
      return r.chance(0.5)
    case 3:
      return null
    case 4:
      return 'x'.repeat(r.pick([0, 1, 199, 200, 201, 10_001, 20_001, 100_000]))
    case 5:
      return String.fromCharCode(...Array.from({ length: r.int(40) }, () => r.int(0x10000)))
    case 6:
      return crypto.randomUUID()
    case 7:
      return r.pick(['text', 'json', 'markdown', 'demo', 'gpt-4o', 'user@example.com', 'secret123'])
    case 8:
      return Array.from({ length: r.int(5) }, () => randomValue(r, depth + 1))
    case 9:
      return randomObject(r, depth + 1)
    default:
      return { content: randomValue(r, depth + 1) }
  }
}

function randomObject(r: Random, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  for (let i = r.int(5); i >= 0; i--) object[r.pick(FIELD_NAMES)] = randomValue(r, depth)
  return object
}

type Body = { body?: BodyInit; contentType?: string | null }

function randomBody(r: Random): Body {
  const json = 'application/json'
  switch (r.int(16)) {
    case 0:
      return {}
    case 1:
      return { body: '', contentType: json }
    case 2:
      return {
        body: r.pick([
          '{',
          '{"a":',
          '[',
          'nul',
          '{"a":1,}',
          "{'a':1}",
          '\u0000',
          'undefined',
          '{"a":"\\x00"}',
        ]),
        contentType: json,
      }
    case 3:
      return { body: r.pick(['null', '[]', '[1,2]', '"x"', '42', 'true', '1e999', '-0']), contentType: json }
    case 4:
      return {
        body: JSON.stringify(randomObject(r)),
        contentType: r.pick([
          json,
          'text/plain',
          null,
          'application/xml',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'APPLICATION/JSON',
          'application/vnd.api+json',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          '*/*',
          ';;;',
        ]),
      }
    case 5:
      return {
        body: crypto.getRandomValues(new Uint8Array(r.int(4096))),
        contentType: r.pick([json, null, 'application/octet-stream', 'image/png']),
      }
    case 6:
      // NUL in a value or a key, escaped as JSON does it.
      return {
        body: JSON.stringify({ [r.pick(FIELD_NAMES)]: `a\u0000${r.pick(GARBAGE_STRINGS)}`, 'k\u0000': 1 }),
        contentType: json,
      }
    case 7:
      return { body: `{"a":${'['.repeat(r.pick([100, 5000, 100_000]))}`, contentType: json }
    case 8:
      // Over the JSON limit, sometimes with a Content-Length and sometimes chunked (see send()).
      return {
        body: JSON.stringify({ content: 'x'.repeat(r.pick([1024 * 1024, 1100 * 1024])) }),
        contentType: json,
      }
    case 9: {
      const form = new FormData()
      form.set(
        r.pick(['file', 'title', 'content', 'avatar']),
        r.chance(0.5)
          ? new Blob([crypto.getRandomValues(new Uint8Array(r.int(2048)))], {
              type: r.pick(['image/png', 'text/plain', 'application/pdf', '']),
            })
          : r.pick(GARBAGE_STRINGS),
      )
      return { body: form }
    }
    case 10:
      return {
        body: `--x\r\nContent-Disposition: form-data; name="file"; filename="${r.pick(GARBAGE_STRINGS)}"\r\nContent-Type: ${r.pick(['image/png', 'text/plain', ''])}\r\n\r\n${r.pick(GARBAGE_STRINGS)}\r\n${r.chance(0.5) ? '--x--\r\n' : ''}`,
        contentType: r.pick([
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'multipart/form-data; boundary=',
        ]),
      }
    case 11:
      return {
        body: JSON.stringify({
          content: r.pick(GARBAGE_STRINGS),
          title: r.pick(GARBAGE_STRINGS),
          email: r.pick(GARBAGE_STRINGS),
          password: r.pick(GARBAGE_STRINGS),
          fullName: r.pick(GARBAGE_STRINGS),
        }),
        contentType: json,
      }
    case 12:
      return {
        body: `{"messages":[{"role":"user","content":${JSON.stringify(r.pick(GARBAGE_STRINGS))}}],"files":[{"name":${JSON.stringify(r.pick(GARBAGE_STRINGS))},"content":${JSON.stringify(r.pick(['data:image/png;base64,AAAA', 'data:', 'data:;base64,%%%', 'x']))}}]}`,
        contentType: json,
      }
    case 13:
      return { body: 'a=1&b=%00&c=%E0%A4%A', contentType: 'application/x-www-form-urlencoded' }
    default:
      return { body: JSON.stringify(randomObject(r)), contentType: json }
  }
}

function randomPath(r: Random, pattern: string, chatId: string): string {
  if (pattern === '/*') {
    return `/${Array.from({ length: r.int(4) + 1 }, () => r.pick(RAW_SEGMENTS)).join('/')}`
  }
  return pattern.replace(/:(\w+)/g, () => {
    switch (r.int(5)) {
      case 0:
        return chatId
      case 1:
        return crypto.randomUUID()
      default:
        return r.pick(RAW_SEGMENTS)
    }
  })
}

function randomQuery(r: Random): string {
  if (r.chance(0.5)) return ''
  const keys = ['cursor', 'limit', 'q', 'token', 'download', 'tags', 'EIO', 'transport', 'sid', 'x']
  const values = [
    ...RAW_SEGMENTS,
    'MTIzLmFiYw',
    Buffer.from(`8640000000000000.${crypto.randomUUID()}`).toString('base64url'),
    Buffer.from(`NaN.${crypto.randomUUID()}`).toString('base64url'),
    '1',
    '201',
    '-5',
    '1.5',
    'true',
  ]
  return `?${Array.from({ length: r.int(4) + 1 }, () => `${r.pick(keys)}=${r.pick(values)}`).join('&')}${r.chance(0.1) ? '&%=%' : ''}`
}

function randomAuth(r: Random, token: string): Record<string, string> {
  switch (r.int(10)) {
    case 0:
    case 1:
    case 2:
      return {}
    case 3:
      return {
        authorization: r.pick([
          'Bearer',
          'Bearer ',
          'Bearer x',
          `Bearer ${token}x`,
          'Basic Zm9vOmJhcg==',
          'bearer',
          `Bearer ${'x'.repeat(8000)}`,
          'Bearer %00',
          'Bearer \t',
          `Token ${token}`,
        ]),
      }
    case 4:
      return {
        cookie: r.pick([
          `${SESSION_COOKIE}=%00`,
          `${SESSION_COOKIE}=%E0%A4%A`,
          `${SESSION_COOKIE}=`,
          `${SESSION_COOKIE}`,
          `=;=;`,
          `${SESSION_COOKIE}=${'x'.repeat(5000)}`,
          `${SESSION_COOKIE}="unterminated`,
          `${SESSION_COOKIE}=a; ${SESSION_COOKIE}=b`,
          'a=b; c',
          `${SESSION_COOKIE}=${token}%00`,
        ]),
      }
    case 5:
      // A real session cookie: cross-site from a foreign origin, or same-site.
      return {
        cookie: `${SESSION_COOKIE}=${token}`,
        origin: r.pick([server.url, 'http://evil.example', 'null', '%00']),
      }
    default:
      return { authorization: `Bearer ${token}` }
  }
}

/**
 * The catch-all answers 503 when public/build is missing (tests do not build the client): a fact
 * about the deployment, the same for every input, so not a failure of input handling.
 */
const UNBUILT = 'The web client has not been built'
const isUnbuiltClient = (status: number, text: string) => status === 503 && text.startsWith(UNBUILT)
/**
 * The same 503 where no body comes (HEAD): told by its Retry-After of 30 s, which no other 503 of
 * Parley's has (the database's says 1 s, the inline-files allowance's 5 s).
 */
const unbuiltWithoutBody = (res: Response) => res.status === 503 && res.headers.get('retry-after') === '30'
/** In a raw answer: the text, or for HEAD the header. */
const unbuiltInRaw = (answer: string) => answer.includes(UNBUILT) || /\r\nretry-after: 30\r\n/i.test(answer)

interface Failure {
  method: string
  path: string
  detail: string
}

async function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  payload: Body,
  chunked: boolean,
): Promise<{ status: number; text: string }> {
  const finalHeaders: Record<string, string> = { ...headers }
  if (payload.contentType) finalHeaders['content-type'] = payload.contentType
  let body: BodyInit | undefined = method === 'GET' || method === 'HEAD' ? undefined : payload.body
  if (body !== undefined && chunked && (typeof body === 'string' || body instanceof Uint8Array)) {
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body
    // A stream body has no Content-Length: Bun sends it chunked.
    body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 16 * 1024)
          controller.enqueue(bytes.subarray(offset, offset + 16 * 1024))
        controller.close()
      },
    })
  }
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: finalHeaders,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(20_000),
  })
  // An event stream (GET /api/branding/events) stays open: its first chunk is its answer.
  if (method !== 'HEAD' && res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = res.body!.getReader()
    const { value } = await reader.read()
    await reader.cancel()
    return { status: res.status, text: new TextDecoder().decode(value) }
  }
  const text = method !== 'HEAD' ? await res.text() : unbuiltWithoutBody(res) ? UNBUILT : ''
  return { status: res.status, text }
}

/** Raw bytes on a TCP socket: what fetch refuses to send (broken request lines, headers, framing). */
function sendRaw(payload: string | Uint8Array): Promise<string> {
  return new Promise((resolve) => {
    let answer = ''
    const done = () => resolve(answer)
    Bun.connect({
      hostname: '127.0.0.1',
      port: port,
      socket: {
        open(socket) {
          socket.write(payload)
          socket.flush()
          setTimeout(() => socket.end(), 300)
        },
        data(_socket, data) {
          answer += data.toString('latin1')
        },
        close: done,
        error: done,
        connectError: done,
      },
    }).catch(done)
  })
}

function rawRequest(r: Random, token: string, chatId: string, routes: string[]): string | Uint8Array {
  const path = randomPath(r, r.pick(routes), chatId)
  switch (r.int(10)) {
    case 0:
      return crypto.getRandomValues(new Uint8Array(r.int(2048) + 1))
    case 1:
      return `GET ${path}\u0000 ${INVALID_LINE}\r\nHost: x\r\n\r\n`
    case 2:
      return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`
    case 3:
      return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nAuthorization: Bearer ${token}\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`
    case 4:
      return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`
    case 5:
      return `GET ${path} HTTP/1.1\r\nHost: x\r\n${'X-A: b\r\n'.repeat(r.pick([10, 200]))}Cookie: ${SESSION_COOKIE}=\u00ff\u00fe\r\n\r\n`
    case 6:
      return `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${r.pick(['', 'x', '%00', 'dGhlIHNhbXBsZSBub25jZQ=='])}\r\nSec-WebSocket-Version: ${r.pick(['13', '99', ''])}\r\n\r\n${r.chance(0.5) ? '\u0081\u00ff\u0000garbage' : ''}`
    case 7:
      return `${r.pick(['FOO', 'G ET', 'GET GET', 'TRACE', 'CONNECT'])} ${path} HTTP/1.1\r\nHost: x\r\n\r\n`
    case 8:
      return `GET ${path} ${INVALID_LINE.replace('1.1', '9.9')}\r\nHost: x\r\n\r\n`
    default:
      return `PATCH ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${(1024 * 1024 + 10).toString(16)}\r\n${' '.repeat(1024 * 1024 + 10)}\r\n0\r\n\r\n`
  }
}

/**
 * Bun's HTTP parser answers a request line it cannot read as HTTP/1.x (random bytes, a NUL in the
 * target, version 9.9) with 505 itself, before any of our code runs (the app never answers 505);
 * that answer is expected for those payloads.
 */
const INVALID_LINE = 'HTTP/1.1'
const hasInvalidRequestLine = (payload: string | Uint8Array) =>
  typeof payload !== 'string' ||
  (payload.startsWith('GET ') &&
    (payload.includes('\u0000 HTTP/1.1\r\n') || payload.includes(' HTTP/9.9\r\n')))

/** Statuses on the status line of raw answers (there can be several on a kept-alive socket). */
const statusesIn = (answer: string) => [...answer.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]))

async function socketAttempt(r: Random, token: string): Promise<string | null> {
  const query = r.pick([
    'EIO=4&transport=polling',
    'EIO=3&transport=polling',
    'EIO=99&transport=polling',
    'EIO=4&transport=nope',
    'EIO=4&transport=polling&sid=%00',
    `EIO=4&transport=polling&sid=${'x'.repeat(300)}`,
    'EIO=4&transport=polling&sid=%E0%A4%A',
    'transport=polling',
    '',
  ])
  const kind = r.int(4)
  if (kind === 3) {
    // A real websocket upgrade that then sends garbage frames; the server may close it, never crash.
    return new Promise((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, {
        headers: r.chance(0.5) ? { authorization: `Bearer ${token}` } : { cookie: `${SESSION_COOKIE}=%00` },
      } as never)
      const finish = () => {
        clearTimeout(timer)
        resolve(null)
      }
      const timer = setTimeout(() => {
        ws.close()
        finish()
      }, 500)
      ws.onopen = () => {
        for (let i = 0; i < 5; i++)
          ws.send(
            r.chance(0.5)
              ? crypto.getRandomValues(new Uint8Array(r.int(512) + 1))
              : r.pick([
                  '40',
                  '42["x"]',
                  '4{',
                  '2probe',
                  '\u0000',
                  '40{"token":1}',
                  '42[',
                  'x'.repeat(10_000),
                ]),
          )
      }
      ws.onclose = finish
      ws.onerror = finish
    })
  }
  const headers: Record<string, string> = r.chance(0.5) ? { authorization: `Bearer ${token}` } : {}
  const res =
    kind === 0
      ? await send('GET', `/socket.io/?${query}`, headers, {}, false)
      : await send('POST', `/socket.io/?${query}`, headers, randomBody(r), kind === 2)
  return res.status >= 500 && !isUnbuiltClient(res.status, res.text)
    ? `${res.status} ${res.text.slice(0, 200)}`
    : null
}

test(
  'no malformed request to any route or to the socket.io handshake gets a 5xx or stops the server',
  async () => {
    const r = prng(SEED)
    const routes = server.app.routes.map((route) => ({ method: route.method, path: route.path }))
    // Every route appears: the generated requests walk the route list in turn before choosing at random.
    expect(routes.length).toBeGreaterThan(30)
    const patterns = [...new Set(routes.map((route) => route.path))]
    const failures: Failure[] = []
    let account = await createAccount(0)
    let accounts = 1
    let sent = 0
    const statusCounts: Record<string, number> = {}
    const started = performance.now()

    const jobs = Array.from({ length: HTTP_REQUESTS }, (_, index) => {
      const route = index < routes.length * 4 ? routes[index % routes.length]! : r.pick(routes)
      const method =
        route.method === 'ALL' || r.chance(0.05)
          ? r.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'])
          : route.method
      const payload = randomBody(r)
      const pathSeed = r.int(2 ** 31)
      return { route, method, payload, pathSeed, authSeed: r.int(2 ** 31), chunked: r.chance(0.3) }
    })

    let next = 0
    async function worker() {
      while (next < jobs.length) {
        const job = jobs[next++]!
        // The fuzz logs out, changes passwords and deletes accounts: a fresh account every 250 requests.
        if (sent > 0 && sent % 250 === 0) account = await createAccount(accounts++)
        const local = prng(job.pathSeed)
        const path = randomPath(local, job.route.path, account.chatId) + randomQuery(local)
        const headers = randomAuth(prng(job.authSeed), account.token)
        sent++
        try {
          const { status, text } = await send(job.method, path, headers, job.payload, job.chunked)
          const bucket = isUnbuiltClient(status, text)
            ? '503 client not built'
            : `${Math.floor(status / 100)}xx`
          statusCounts[bucket] = (statusCounts[bucket] ?? 0) + 1
          if (status >= 500 && !isUnbuiltClient(status, text))
            failures.push({
              method: job.method,
              path: path.slice(0, 200),
              detail: `${status} ${text.slice(0, 300)} body=${String(job.payload.body).slice(0, 120)} type=${job.payload.contentType} chunked=${job.chunked} headers=${JSON.stringify(headers).slice(0, 200)}`,
            })
        } catch (error) {
          failures.push({ method: job.method, path: path.slice(0, 200), detail: `no answer: ${error}` })
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))

    const rawPatterns = patterns.concat(['/socket.io/'])
    for (let i = 0; i < RAW_REQUESTS; i += CONCURRENCY) {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          const payload = rawRequest(r, account.token, account.chatId, rawPatterns)
          sent++
          const answer = await sendRaw(payload)
          const statuses = statusesIn(answer)
          const allowed = [
            ...(hasInvalidRequestLine(payload) ? [505] : []),
            ...(unbuiltInRaw(answer) ? [503] : []),
          ]
          if (statuses.some((status) => status >= 500 && !allowed.includes(status)))
            failures.push({ method: 'RAW', path: String(payload).slice(0, 120), detail: statuses.join(',') })
        }),
      )
    }

    for (let i = 0; i < SOCKET_ATTEMPTS; i += CONCURRENCY) {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          sent++
          const failure = await socketAttempt(r, account.token)
          if (failure) failures.push({ method: 'SOCKET', path: '/socket.io/', detail: failure })
        }),
      )
    }

    const seconds = (performance.now() - started) / 1000
    console.log(
      `fuzz: ${sent} requests (${HTTP_REQUESTS} HTTP over ${routes.length} routes, ${RAW_REQUESTS} raw TCP, ${SOCKET_ATTEMPTS} socket.io) in ${seconds.toFixed(1)} s; HTTP statuses ${JSON.stringify(statusCounts)}; ${failures.length} failures`,
    )
    const byKind = new Map<string, Failure>()
    for (const failure of failures) byKind.set(`${failure.method} ${failure.detail.slice(0, 60)}`, failure)
    for (const failure of [...byKind.values()].slice(0, 40)) console.log(failure)

    const health = await fetch(`${server.url}/api/health`)
    expect(health.status).toBe(200)
    expect(failures).toEqual([])
    expect(sent).toBeGreaterThanOrEqual(10_000)
  },
  { timeout: 180_000 },
)
