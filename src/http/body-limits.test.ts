import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readlinkSync } from 'node:fs'
import { connect } from 'node:net'
import { type ListeningApp, startApp, type TestUser } from '../test/harness'
import { waitFor } from '../test/wait'
import { inlineChatBodyLimit, JSON_BODY_LIMIT } from './limits'

/*
 * Body limits over real sockets (issue 26 point 15; decisions 060, 101 and 142): a raw HTTP/1.1
 * client sends a body slowly, chunk by chunk, and reads while it sends, as browsers, fetch and curl
 * do. The answer must come while the body is still being sent (the server stopped reading at the
 * limit), on every route that takes a body, and the server must go on serving.
 */

const MiB = 1024 * 1024
/** Small upload limit, so the uploads' own cap is reached quickly. */
const UPLOAD_LIMIT = MiB
/** Far more than any limit here: a body the server must not wait for. */
const BODY_BYTES = 24 * MiB

let t: ListeningApp
let admin: TestUser
let scimHeaders: Record<string, string>
let apiKeyHeaders: Record<string, string>
let port: number
beforeAll(async () => {
  t = await startApp({ UPLOAD_MAX_FILE_BYTES: String(UPLOAD_LIMIT) }, { listen: true })
  admin = await t.createUser({ role: 'admin' })
  port = Number(new URL(t.url).port)
  // SCIM's routes (src/scim) take a SCIM token, not a session, and read their body after checking it.
  const made = await t.as(admin).api.admin.scim.token.post({ label: 'body limits' })
  scimHeaders = { authorization: `Bearer ${made.data!.data.token}` }
  // The team API's routes (src/openai-api) take an API key, and read their body after checking it.
  const key = await t.as(admin).api.keys.post({ name: 'body limits', scopes: ['chat', 'embeddings'] })
  apiKeyHeaders = { authorization: `Bearer ${key.data!.data.key}` }
}, 60_000)
afterAll(() => t?.close())

interface Sent {
  /** The status code, 0 when the connection ended without an answer. */
  status: number
  code?: string
  /** Body bytes written when the answer's first bytes arrived. */
  sentAtAnswer: number
  /** The whole body had been written before the answer came. */
  finishedFirst: boolean
}

/**
 * One request over a raw socket: `prefix` first, then `total` bytes of 'A' in 64 KiB pieces with a
 * pause between them, chunked (no Content-Length) unless `declared`. Stops sending at the answer.
 */
function rawSend(options: {
  method?: string
  path: string
  headers?: Record<string, string>
  prefix?: string
  total?: number
  declared?: boolean
  pauseMs?: number
  /** Sends the whole body whatever comes back, reading the answer only after (a careless client). */
  hostile?: boolean
}): Promise<Sent> {
  const { method = 'POST', path, headers = {}, prefix = '', total = BODY_BYTES, declared = false } = options
  const hostile = options.hostile ?? false
  const pauseMs = options.pauseMs ?? 2
  const piece = Buffer.alloc(64 * 1024, 0x41)
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let sent = 0
    let finished = false
    let received = Buffer.alloc(0)
    let answered: { at: number; finishedFirst: boolean } | null = null
    let settled = false
    const settle = () => {
      if (settled) return
      settled = true
      socket.destroy()
      const text = received.toString('latin1')
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)
      const code = /"code":"([^"]+)"/.exec(text)?.[1]
      resolve({
        status,
        code,
        sentAtAnswer: answered?.at ?? sent,
        finishedFirst: answered?.finishedFirst ?? finished,
      })
    }
    socket.on('data', (data: Buffer) => {
      answered ??= { at: sent, finishedFirst: finished }
      received = Buffer.concat([received, data])
      // The whole JSON answer is short: wait for its end (or the connection's).
      if (answerComplete() && (!hostile || finished)) settle()
    })
    const answerComplete = () => /\r\n\r\n[\s\S]*\}/.test(received.toString('latin1'))
    socket.on('error', settle)
    socket.on('close', settle)
    // Nothing read until the whole body is sent: the answer waits in the socket's buffer.
    if (hostile) socket.pause()
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')
    const length = Buffer.byteLength(prefix) + total
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}` +
        (declared ? `content-length: ${length}\r\n\r\n${prefix}` : `transfer-encoding: chunked\r\n\r\n`),
    )
    if (!declared && prefix) socket.write(`${Buffer.byteLength(prefix).toString(16)}\r\n${prefix}\r\n`)
    void (async () => {
      while ((hostile || !answered) && !settled && sent < total) {
        const size = Math.min(piece.byteLength, total - sent)
        const chunk = size === piece.byteLength ? piece : piece.subarray(0, size)
        const frame = declared ? chunk : Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), chunk, CRLF])
        // A hostile client's body is all sent, not queued in this process, before it reads.
        if (!socket.write(frame) && hostile) await new Promise((drained) => socket.once('drain', drained))
        sent += size
        await Bun.sleep(pauseMs)
      }
      if ((answered && !hostile) || settled) return
      if (!declared) socket.write('0\r\n\r\n')
      finished = true
      socket.resume()
      if (answerComplete()) return settle()
      // No answer yet: give the server a moment to answer a finished body, then give up.
      setTimeout(settle, 10_000)
    })()
  })
}
const CRLF = Buffer.from('\r\n')

const json = { 'content-type': 'application/json' }
const multipart = { 'content-type': 'multipart/form-data; boundary=limits' }
/** POST /api/chat's body, up to the content of an inline file (the one part that may pass the JSON limit). */
const inlineFilePrefix = '{"sessionId":"x","message":"","attachments":[{"name":"a.txt","content":"'
const fieldPart = '--limits\r\nContent-Disposition: form-data; name="title"\r\n\r\n'
const filePart =
  '--limits\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n' +
  'Content-Type: application/octet-stream\r\n\r\n'

/** Every route that takes a body, with its parameters filled in; the uploads (`parse: 'none'`) marked. */
function bodyRoutes() {
  return t.app.routes
    .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && !route.path.includes('*'))
    .map((route) => {
      const parse = (route.hooks as { parse?: unknown }).parse
      const hooks = Array.isArray(parse) ? parse : [parse]
      const streamed = hooks.some((hook) => hook === 'none' || (hook as { fn?: unknown })?.fn === 'none')
      const path = route.path.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000')
      return { method: route.method, path, streamed }
    })
}

describe('a body over the limit is answered while it is still being sent', () => {
  test('an anonymous chunked JSON body of 24 MiB to POST /api/auth/login: 413 near the 1 MiB limit', async () => {
    const sent = await rawSend({ path: '/api/auth/login', headers: json, prefix: '{"email":"' })
    expect(sent).toMatchObject({ status: 413, code: 'payload_too_large:body', finishedFirst: false })
    // The limit plus what the sockets hold; nowhere near the whole body.
    expect(sent.sentAtAnswer).toBeLessThan(JSON_BODY_LIMIT + 8 * MiB)
  })

  test('multipart to a JSON route (the anonymous login) is 415 before it is read, chunked or declared', async () => {
    for (const declared of [false, true]) {
      // Declared: 2 MiB, under Bun's own cap (see the next test).
      const total = declared ? 2 * MiB : BODY_BYTES
      const sent = await rawSend({
        path: '/api/auth/login',
        headers: multipart,
        prefix: fieldPart,
        declared,
        total,
      })
      expect({ declared, ...sent }).toMatchObject({
        declared,
        status: 415,
        code: 'unsupported_media_type:body',
        finishedFirst: false,
      })
      // Before Parley read it: the body's first piece is all that was sent (and less than its limit).
      expect(sent.sentAtAnswer).toBeLessThan(JSON_BODY_LIMIT)
    }
  })

  test('a declared Content-Length over the limit is 413 before a byte of the body is sent', async () => {
    const sent = await rawSend({
      path: '/api/auth/login',
      headers: json,
      declared: true,
      // Over the JSON limit, under Bun's own cap (maxRequestBodySize, above the inline-chat limit),
      // past which Bun answers a bare 413 itself before Parley sees the request.
      total: 2 * MiB,
      // The answer comes at once; a pause long enough to see it before the first piece.
      pauseMs: 200,
    })
    expect(sent).toMatchObject({ status: 413, code: 'payload_too_large:body', finishedFirst: false })
    expect(sent.sentAtAnswer).toBeLessThanOrEqual(64 * 1024)
  })

  // Bun's own cap (maxRequestBodySize) used to sit just above the inline-chat limit (3.4 MiB here,
  // ≈ 35 MB by default): past it, Bun answered a bare 413 without the API's JSON before Parley saw it.
  test('a declared Content-Length past every limit gets the JSON 413 at once, signed in or not', async () => {
    const cases = [
      { path: '/api/auth/login', headers: json, prefix: '{"email":"', code: 'payload_too_large:body' },
      {
        path: '/api/chat',
        headers: { ...admin.headers, ...json },
        prefix: '{"message":"',
        code: 'payload_too_large:body',
      },
      { path: '/api/chat', headers: json, prefix: '{"message":"', code: 'payload_too_large:body' },
      {
        path: '/api/uploads',
        headers: { ...admin.headers, ...multipart },
        prefix: filePart,
        code: 'payload_too_large:file',
      },
    ]
    for (const { path, headers, prefix, code } of cases) {
      const sent = await rawSend({ path, headers, prefix, declared: true, total: 64 * MiB, pauseMs: 200 })
      expect({ path, ...sent }).toMatchObject({ path, status: 413, code, finishedFirst: false })
      expect(sent.sentAtAnswer).toBeLessThanOrEqual(64 * 1024)
    }
  })

  // The order: a JSON route's limit is the same for everyone and known from the URL, so a declared
  // length over it is refused before authentication, as a proxy in front would; an upload route's
  // limit is its own, checked right after authentication, before reading.
  test('a declared upload past Bun’s former cap: 401 at once when anonymous, the route’s 413 at once when signed in', async () => {
    for (const [headers, status] of [
      [{}, 401],
      [admin.headers, 413],
    ] as const) {
      const sent = await rawSend({
        path: '/api/uploads',
        headers: { ...headers, ...multipart },
        prefix: filePart,
        declared: true,
        total: 64 * MiB,
        pauseMs: 200,
      })
      expect(sent).toMatchObject({ status, finishedFirst: false })
      expect(sent.sentAtAnswer).toBeLessThanOrEqual(64 * 1024)
    }
  })

  test('a client that sends its whole chunked body before reading gets the JSON 413 all the same', async () => {
    // 40 MiB: past Bun's former cap, where it dropped the connection with no answer at all.
    const total = 40 * MiB
    const upload = await rawSend({
      path: '/api/uploads',
      headers: { ...admin.headers, ...multipart },
      prefix: filePart,
      total,
      hostile: true,
      pauseMs: 0,
    })
    expect(upload).toMatchObject({ status: 413, code: 'payload_too_large:file' })
    const login = await rawSend({
      path: '/api/auth/login',
      headers: json,
      prefix: '{"email":"',
      total,
      hostile: true,
      pauseMs: 0,
    })
    expect(login).toMatchObject({ status: 413, code: 'payload_too_large:body' })
  })

  test('a signed-in chunked upload over UPLOAD_MAX_FILE_BYTES is 413 near the limit', async () => {
    const sent = await rawSend({
      path: '/api/uploads',
      headers: { ...admin.headers, ...multipart },
      prefix: filePart,
    })
    expect(sent).toMatchObject({ status: 413, code: 'payload_too_large:file', finishedFirst: false })
    expect(sent.sentAtAnswer).toBeLessThan(UPLOAD_LIMIT + 8 * MiB)
  })

  // On a listening server the parser's context had no `path`, so /api/chat got the 1 MiB limit there.
  test('POST /api/chat, whose JSON carries files inline, stops at its own larger limit', async () => {
    const limit = inlineChatBodyLimit(t.ctx.config.uploads)
    const sent = await rawSend({
      path: '/api/chat',
      headers: { ...admin.headers, ...json },
      prefix: inlineFilePrefix,
    })
    expect(sent).toMatchObject({ status: 413, finishedFirst: false })
    expect(sent.sentAtAnswer).toBeGreaterThan(limit - 64 * 1024)
    expect(sent.sentAtAnswer).toBeLessThan(limit + 8 * MiB)
  })

  // Only the inline files may take /api/chat's body past the JSON limit: a 2 MiB message (under the
  // inline limit, 2.4 MiB here) used to be read whole, and parsed, before its refusal.
  test('a signed-in POST /api/chat body is refused at the JSON limit unless the excess is in inline files', async () => {
    for (const prefix of [
      '{"sessionId":"x","message":"',
      '{"sessionId":"x","attachments":[{"name":"a","type":"',
    ]) {
      const sent = await rawSend({
        path: '/api/chat',
        headers: { ...admin.headers, ...json },
        prefix,
        total: 2 * MiB,
        pauseMs: 5,
      })
      expect({ prefix, ...sent }).toMatchObject({
        prefix,
        status: 413,
        code: 'payload_too_large:body',
        finishedFirst: false,
      })
    }
  })

  test('an anonymous or signed-out body to POST /api/chat is not read past the JSON limit: 401 there', async () => {
    for (const headers of [json, { ...json, authorization: 'Bearer not-a-session' }]) {
      const sent = await rawSend({ path: '/api/chat', headers, prefix: '{"message":"' })
      expect(sent).toMatchObject({ status: 401, code: 'unauthorized', finishedFirst: false })
      expect(sent.sentAtAnswer).toBeLessThan(JSON_BODY_LIMIT + 8 * MiB)
    }
  })

  // Its engine reads a polling body whole (`request.text()`) and checks the size after: with Bun's
  // own cap out of the way, nothing else would stop it.
  test('a polling body to socket.io stops at the JSON limit too, chunked or declared', async () => {
    const handshake = await (await fetch(`${t.url}/socket.io/?EIO=4&transport=polling`)).text()
    const sid = /"sid":"([^"]+)"/.exec(handshake)?.[1]
    expect(sid).toBeString()
    for (const declared of [false, true]) {
      const sent = await rawSend({
        path: `/socket.io/?EIO=4&transport=polling&sid=${sid}`,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        declared,
        total: declared ? 64 * MiB : BODY_BYTES,
        pauseMs: declared ? 200 : 2,
      })
      expect({ declared, ...sent }).toMatchObject({
        declared,
        status: 413,
        code: 'payload_too_large:body',
        finishedFirst: false,
      })
      expect(sent.sentAtAnswer).toBeLessThan(JSON_BODY_LIMIT + 8 * MiB)
    }
  })

  test('on every route that takes a body: JSON over the limit and multipart on a JSON route are refused before the body ends', async () => {
    const routes = bodyRoutes()
    expect(routes.length).toBeGreaterThan(40)
    const late: unknown[] = []
    for (const route of routes) {
      // Signed in as an administrator, so that the body is what is refused, whatever the order of checks.
      const caller = route.path.startsWith('/scim/')
        ? scimHeaders
        : route.path.startsWith('/v1/')
          ? apiKeyHeaders
          : admin.headers
      const asJson = await rawSend({
        method: route.method,
        path: route.path,
        headers: { ...caller, ...json },
        prefix: '{"title":"',
      })
      if (asJson.finishedFirst || asJson.status !== 413) late.push({ ...route, json: asJson })
      if (route.streamed) continue
      const asForm = await rawSend({
        method: route.method,
        path: route.path,
        headers: { ...caller, ...multipart },
        prefix: fieldPart,
      })
      if (asForm.finishedFirst || asForm.status !== 415 || asForm.sentAtAnswer >= JSON_BODY_LIMIT)
        late.push({ ...route, multipart: asForm })
    }
    expect(late).toEqual([])
  }, 120_000)
})

/**
 * A signed-in POST /api/chat body with an inline file, sent over a raw socket: its first `bytes` of
 * file content at once, the rest (its end) only when `finish` is called. `answered` resolves with
 * the status (0 when the connection ended without one).
 */
function heldInlineBody(bytes: number) {
  const socket = connect(port, '127.0.0.1')
  let received = ''
  const head = Object.entries({ ...admin.headers, ...json })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`
  socket.write(`POST /api/chat HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}transfer-encoding: chunked\r\n\r\n`)
  socket.write(chunk(inlineFilePrefix))
  for (let sent = 0; sent < bytes; sent += 64 * 1024)
    socket.write(chunk('A'.repeat(Math.min(64 * 1024, bytes - sent))))
  let answeredAt = 0
  const answered = new Promise<number>((resolve) => {
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1')
      if (/\r\n\r\n[\s\S]*\}/.test(received)) {
        answeredAt ||= performance.now()
        resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0))
        socket.destroy()
      }
    })
    socket.on('close', () => resolve(0))
    socket.on('error', () => resolve(0))
  })
  return {
    answered,
    isAnswered: () => answeredAt > 0,
    finish: () => socket.write(`${chunk('"}]}')}0\r\n\r\n`),
    drop: () => socket.destroy(),
  }
}

describe('bodies with inline files arriving at once (decision 189)', () => {
  // Their files go to a temporary file each as they arrive; only reading them back to store them
  // takes a share of the server's allowance (two of the largest size at once). A body still arriving
  // holds none, so slow senders no longer make others wait (decision 155's addendum did: two
  // unfinished bodies held the whole allowance).
  test('five unfinished bodies past the JSON limit do not hold up a sixth; then all are answered', async () => {
    const past = JSON_BODY_LIMIT + 128 * 1024
    const slow = Array.from({ length: 5 }, () => heldInlineBody(past))
    await Bun.sleep(300)
    const sixth = heldInlineBody(past)
    sixth.finish()
    // Whatever /api/chat then says of it (no such chat here), it was read and answered.
    expect(await sixth.answered).toBeGreaterThan(0)
    expect(slow.map((body) => body.isAnswered())).toEqual([false, false, false, false, false])
    for (const body of slow) body.finish()
    expect((await Promise.all(slow.map((body) => body.answered))).every((status) => status > 0)).toBe(true)
  }, 30_000)

  test('a client that leaves mid-body leaves no spool file open', async () => {
    const spoolFiles = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return /parley-inline-.*\(deleted\)$/.test(readlinkSync(`/proc/self/fd/${fd}`))
        } catch {
          return false
        }
      }).length
    const before = spoolFiles()
    const left = heldInlineBody(JSON_BODY_LIMIT + 256 * 1024)
    await waitFor(() => spoolFiles() > before)
    left.drop()
    await waitFor(() => spoolFiles() === before)
  }, 30_000)
})

describe('the server goes on serving', () => {
  test('20 such bodies at once are all refused early; then health, sign-in and a chunked body under the limit work', async () => {
    const wave = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2
          ? rawSend({ path: '/api/auth/login', headers: json, prefix: '{"email":"' })
          : rawSend({ path: '/api/auth/login', headers: multipart, prefix: fieldPart }),
      ),
    )
    expect(wave.map((sent) => [sent.status, sent.finishedFirst])).toEqual(
      Array.from({ length: 20 }, (_, index) => [index % 2 ? 413 : 415, false]),
    )
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200)
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"title":'))
        controller.enqueue(new TextEncoder().encode('"after the wave"}'))
        controller.close()
      },
    })
    const created = await fetch(`${t.url}/api/chats`, {
      method: 'POST',
      headers: { ...admin.headers, ...json },
      body: chunked,
    })
    expect(created.status).toBe(201)
  })
})
