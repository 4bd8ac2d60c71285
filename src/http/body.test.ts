import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { encodeCursor } from '../chats/cursor'
import { startApp, type TestApp } from '../test/harness'
import { JSON_BODY_LIMIT } from './limits'

let t: TestApp
let headers: Record<string, string>
let chatId: string
beforeAll(async () => {
  t = await startApp()
  headers = (await t.createUser()).headers
  const res = await send('POST', '/api/chats', '{}')
  chatId = ((await res.json()) as { data: { id: string } }).data.id
})
afterAll(() => t.close())

function send(
  method: string,
  path: string,
  body?: BodyInit,
  contentType: string | null = 'application/json',
) {
  return t.request(path, {
    method,
    headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
    body,
  })
}

async function expectRefusal(res: Response, status: number, code: string) {
  const body = (await res.json()) as { success: boolean; code: string }
  expect({ status: res.status, success: body.success, code: body.code }).toEqual({
    status,
    success: false,
    code,
  })
}

/** A body with no Content-Length: `total` bytes (or without end) in 64 KiB chunks. */
function chunkedBody(total = Number.POSITIVE_INFINITY, prefix = '') {
  let sent = 0
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (prefix) controller.enqueue(new TextEncoder().encode(prefix))
    },
    pull(controller) {
      if (sent >= total) return controller.close()
      const chunk = new Uint8Array(Math.min(64 * 1024, total - sent)).fill(0x20)
      sent += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
}

describe('malformed JSON is refused, never read as "no body"', () => {
  test.each([
    ['{bad', 'POST', '/api/chats'],
    ['{"title":', 'POST', '/api/chats'],
    ['{bad', 'POST', '/api/chats/:id/stop'],
    ['{bad', 'POST', '/api/chat'],
    ['\u00ff{}', 'PATCH', '/api/chats/:id'],
  ])('%j to %s %s is 400 bad_request:body', async (body, method, path) => {
    await expectRefusal(await send(method, path.replace(':id', chatId), body), 400, 'bad_request:body')
  })

  test('bytes that are not UTF-8 are 400 bad_request:body', async () => {
    await expectRefusal(
      await send('POST', '/api/chats', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])),
      400,
      'bad_request:body',
    )
  })

  test.each(['null', '[]', '"title"', '42', 'true'])(
    '%s on a route whose body is optional is 400',
    async (body) => {
      await expectRefusal(await send('POST', '/api/chats', body), 400, 'bad_request:body')
    },
  )

  test('a body that is not JSON is 415, whatever its content type claims or when it has none', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', null]) {
      await expectRefusal(
        await send('POST', '/api/chats', '{"title":"x"}', type),
        415,
        'unsupported_media_type:body',
      )
    }
  })

  test('multipart on a JSON route is 415; the upload routes still take it', async () => {
    const form = new FormData()
    form.set('title', 'x')
    await expectRefusal(
      await t.request('/api/chats', { method: 'POST', headers, body: form }),
      415,
      'unsupported_media_type:body',
    )
  })

  test('an empty body is "no body": fine where the body is optional, 400 where it is required', async () => {
    expect((await send('POST', '/api/chats', '')).status).toBe(201)
    expect((await send('POST', `/api/chats/${chatId}/stop`, '')).status).toBe(200)
    expect((await send('PATCH', `/api/chats/${chatId}`, '')).status).toBe(400)
  })

  test('numbers too large to be finite are 400, not Infinity', async () => {
    await expectRefusal(
      await send('PATCH', `/api/chats/${chatId}/config`, '{"temperature":1e999}'),
      400,
      'bad_request:body',
    )
  })

  test('a body nested deeper than any schema is 400, not a stack overflow', async () => {
    const deep = `{"title":${'['.repeat(50_000)}${']'.repeat(50_000)}}`
    expect((await send('POST', '/api/chats', deep)).status).toBe(400)
  })
})

describe('body size', () => {
  test('a chunked body over the JSON limit is cut off while reading, 413 before authentication', async () => {
    const res = await t.request('/api/chats', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunkedBody(),
    })
    // An endless body: only a parser that stops at the limit can answer at all. 413, not 401.
    await expectRefusal(res, 413, 'payload_too_large:body')
  })

  test('a chunked body under the limit is read', async () => {
    const title = JSON.stringify({ title: 'chunked' })
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(title.slice(0, 5)))
        controller.enqueue(new TextEncoder().encode(title.slice(5)))
        controller.close()
      },
    })
    const res = await t.request('/api/chats', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: stream,
    })
    expect(res.status).toBe(201)
  })

  test('POST /api/chat takes a chunked body above the JSON limit (inline files), up to its own limit', async () => {
    const inlineFile = '{"sessionId":"x","attachments":[{"name":"a.txt","content":"'
    const chat = (body: ReadableStream<Uint8Array>) =>
      t.request('/api/chat', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      })
    // Read whole (a file's content left open: not JSON), so the refusal is about the content, not the size.
    await expectRefusal(await chat(chunkedBody(JSON_BODY_LIMIT + 1024, inlineFile)), 400, 'bad_request:body')
    await expectRefusal(
      await chat(chunkedBody(Number.POSITIVE_INFINITY, inlineFile)),
      413,
      'payload_too_large:body',
    )
    // Anywhere else, the JSON limit holds (spaces count as much as a message).
    await expectRefusal(await chat(chunkedBody(JSON_BODY_LIMIT + 1024)), 413, 'payload_too_large:body')
  })
})

describe('NUL characters', () => {
  test.each([
    ['POST', '/api/chats', '{"title":"a\\u0000b"}'],
    ['PATCH', '/api/chats/:id/config', '{"system_prompt":"\\u0000"}'],
    ['POST', '/api/chats/:id/messages', '{"content":"hi\\u0000"}'],
    ['POST', '/api/auth/login', '{"email":"a\\u0000@b.c","password":"secret123"}'],
    ['PATCH', '/api/profile', '{"full_name":"x","nested":{"a\\u0000":1}}'],
  ])('in a JSON body of %s %s are 400 bad_request:nul', async (method, path, body) => {
    await expectRefusal(await send(method, path.replace(':id', chatId), body), 400, 'bad_request:nul')
  })

  test.each(['/api/chats/a%00b/config', '/api/files/%00', '/api/avatars/%00/x.png'])(
    'in the path %s are 400 bad_request:nul',
    async (path) => {
      await expectRefusal(await t.request(path, { headers }), 400, 'bad_request:nul')
    },
  )

  test('in a query string: 400, not a Postgres error turned 500', async () => {
    await expectRefusal(await t.request('/api/chats?q=%00', { headers }), 400, 'bad_request:nul')
  })
})

describe('URLs and cursors', () => {
  test.each(['/api/chats/%E0%A4%A', '/api/chats/%E0%A4%A/config', '/api/chats?q=%E0%A4%A', '/api/chats?q=%'])(
    'malformed percent-escapes in %s are 400 bad_request:url',
    async (path) => {
      await expectRefusal(await t.request(path, { headers }), 400, 'bad_request:url')
    },
  )

  // Found by the fuzz: a fractional page size reached Postgres's LIMIT as 2.5 and answered 500.
  test.each(['1.5', '0', '201', 'NaN', '-3'])(
    'a page size of %s is 400 for chats and messages',
    async (limit) => {
      const chat = await (
        await t.request('/api/chats', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        })
      ).json()
      for (const path of ['/api/chats', `/api/chats/${chat.data.id}/messages`]) {
        const res = await t.request(`${path}?limit=${limit}`, { headers })
        expect({ path, status: res.status }).toEqual({ path, status: 400 })
      }
    },
  )

  const forged = (text: string) => Buffer.from(text).toString('base64url')
  const id = '00000000-0000-4000-8000-000000000000'
  test.each([
    ['year 275760', forged(`8640000000000000.${id}`)],
    ['past the Date range', forged(`8640000000000001.${id}`)],
    ['year 10000', forged(`253402300800000.${id}`)],
    ['NaN', forged(`NaN.${id}`)],
    ['negative', forged(`-1.${id}`)],
    ['an id that is not a UUID', forged(`1700000000000.${'-'.repeat(36)}`)],
    ['not base64', '%%%'],
  ])('a cursor with %s is 400 bad_request:cursor, for chats and messages', async (_, cursor) => {
    const query = `?cursor=${encodeURIComponent(cursor)}`
    await expectRefusal(await t.request(`/api/chats${query}`, { headers }), 400, 'bad_request:cursor')
    await expectRefusal(
      await t.request(`/api/chats/${chatId}/messages${query}`, { headers }),
      400,
      'bad_request:cursor',
    )
  })

  test('a real cursor still pages', async () => {
    const cursor = encodeCursor({ createdAt: new Date(), id })
    expect((await t.request(`/api/chats?cursor=${cursor}`, { headers })).status).toBe(200)
  })
})
