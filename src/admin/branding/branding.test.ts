import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { desc, like } from 'drizzle-orm'
import { io, type Socket } from 'socket.io-client'
import { auditLog } from '../../../db/schema'
import { MAX_STREAMS_PER_IP } from '../../branding/events'
import type { Brand } from '../../branding/model'
import { type ListeningApp, startApp, startInstances, type TestUser } from '../../test/harness'
import type { AdminBrandingJson } from './model'

const ENV = {
  BRAND_COMPANY_NAME: 'Acme Corp',
  BRAND_PRODUCT_NAME: 'Acme Assist',
  BRAND_TAGLINE: 'Answers for Acme',
  BRAND_LOGO_URL: 'https://cdn.example.com/logo.png',
  BRAND_PRIMARY_COLOR: '#112233',
}
const DEFAULTS: Brand = {
  companyName: 'Acme Corp',
  productName: 'Acme Assist',
  tagline: 'Answers for Acme',
  logoUrl: 'https://cdn.example.com/logo.png',
  loginBackgroundUrl: null,
  primaryColor: '#112233',
  secondaryColor: '#ec4899',
}
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3,
])
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1])

let t: ListeningApp
let admin: TestUser
let user: TestUser
const sockets: Socket[] = []

beforeAll(async () => {
  t = (await startApp(ENV, { listen: true })) as ListeningApp
  admin = await t.createUser({ role: 'admin', email: 'brand-admin@example.com' })
  user = await t.createUser()
}, 60_000)
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await t.close()
})
const RESET = {
  companyName: null,
  productName: null,
  tagline: null,
  primaryColor: null,
  secondaryColor: null,
}
beforeEach(async () => {
  expect((await branding(admin).patch(RESET)).status).toBe(200)
  for (const image of ['logo', 'login-background']) {
    expect(
      (await t.request(`/api/admin/branding/${image}`, { method: 'DELETE', headers: admin.headers })).status,
    ).toBe(200)
  }
})

const branding = (who: TestUser) => t.as(who).api.admin.branding
const publicBrand = async (app = t) =>
  ((await (await app.request('/api/branding')).json()) as { data: Brand }).data
const lastAudit = async (prefix: string) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, `${prefix}%`))
      .orderBy(desc(auditLog.createdAt))
  )[0]

function upload(
  image: 'logo' | 'login-background',
  body: BodyInit | null,
  who = admin,
  name = 'picture.png',
) {
  const form = new FormData()
  if (body !== null) form.set('file', new Blob([body as BlobPart]), name)
  return fetch(`${t.url}/api/admin/branding/${image}`, { method: 'PUT', headers: who.headers, body: form })
}
async function json(res: Response) {
  return (await res.json()) as {
    success: boolean
    data: Omit<AdminBrandingJson, 'effective'> & { effective: Record<keyof Brand, string> }
    error?: string
    code?: string
  }
}

/** A reader of GET /api/branding/events: each server-sent event, parsed. */
async function listen(app: { url?: string; request: ListeningApp['request'] }) {
  const abort = new AbortController()
  const res = await app.request('/api/branding/events', { signal: abort.signal })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toStartWith('text/event-stream')
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const comments: string[] = []
  async function next(timeoutMs = 5000): Promise<{ event: string; data: Brand }> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const lines = block.split('\n')
        const event = lines.find((line) => line.startsWith('event: '))?.slice(7)
        const data = lines.find((line) => line.startsWith('data: '))?.slice(6)
        if (event && data) return { event, data: JSON.parse(data) }
        comments.push(block)
        continue
      }
      const left = deadline - Date.now()
      if (left <= 0) throw new Error('no event in time')
      const chunk = await Promise.race([
        reader.read(),
        Bun.sleep(left).then(() => ({ done: true, value: undefined, timedOut: true })),
      ])
      if ('timedOut' in chunk) throw new Error('no event in time')
      if (chunk.done) throw new Error('the stream ended')
      buffer += decoder.decode(chunk.value, { stream: true })
    }
  }
  return { next, comments, close: () => abort.abort() }
}

async function connectSocket(url: string, token: string) {
  const socket = io(url, { transports: ['websocket'], reconnection: false, auth: { token } })
  sockets.push(socket)
  await new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(null))
    socket.on('connect_error', reject)
  })
  return socket
}

describe('who may', () => {
  test('without a session: 401; a user who is not an administrator: 403 (on every route)', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/admin/branding'],
      ['PATCH', '/api/admin/branding'],
      ['PUT', '/api/admin/branding/logo'],
      ['DELETE', '/api/admin/branding/logo'],
      ['PUT', '/api/admin/branding/login-background'],
      ['DELETE', '/api/admin/branding/login-background'],
    ]
    for (const [method, path] of routes) {
      const body = method === 'PATCH' ? JSON.stringify({ productName: 'X' }) : undefined
      const headers = { 'content-type': 'application/json' }
      expect((await t.request(path, { method, body, headers })).status).toBe(401)
      expect((await t.request(path, { method, body, headers: { ...headers, ...user.headers } })).status).toBe(
        403,
      )
    }
    expect((await publicBrand()).productName).toBe('Acme Assist')
  })
})

describe('GET /api/admin/branding', () => {
  test('each item: the value now, its BRAND_* default, and whether an administrator set it', async () => {
    const { data, error } = await branding(admin).get()
    expect(error).toBeNull()
    expect(data!.data).toEqual({
      effective: DEFAULTS,
      defaults: DEFAULTS,
      setByAdmin: {
        companyName: false,
        productName: false,
        tagline: false,
        logoUrl: false,
        loginBackgroundUrl: false,
        primaryColor: false,
        secondaryColor: false,
      },
    })
  })
})

describe('PATCH /api/admin/branding', () => {
  test('sets names, tagline and colours (trimmed, colours in lower-case #rrggbb); the public brand follows', async () => {
    const { data, error } = await branding(admin).patch({
      companyName: '  Globex  ',
      productName: 'Globex Chat',
      tagline: 'Ask anything',
      primaryColor: '#ABC',
      secondaryColor: '#0F0F0F',
    })
    expect(error).toBeNull()
    const expected = {
      ...DEFAULTS,
      companyName: 'Globex',
      productName: 'Globex Chat',
      tagline: 'Ask anything',
      primaryColor: '#aabbcc',
      secondaryColor: '#0f0f0f',
    }
    expect(data!.data.effective).toEqual(expected)
    expect(data!.data.defaults).toEqual(DEFAULTS)
    expect(data!.data.setByAdmin).toMatchObject({ companyName: true, primaryColor: true, logoUrl: false })
    const res = await t.request('/api/branding')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(((await res.json()) as { data: Brand }).data).toEqual(expected)
  })

  test('a field left out stays; null returns it to the default', async () => {
    await branding(admin).patch({ productName: 'One', primaryColor: '#123456' })
    await branding(admin).patch({ tagline: 'Two' })
    expect(await publicBrand()).toMatchObject({ productName: 'One', primaryColor: '#123456', tagline: 'Two' })
    const { data } = await branding(admin).patch({ productName: null, primaryColor: null })
    expect(data!.data.effective).toEqual({ ...DEFAULTS, tagline: 'Two' })
    expect(data!.data.setByAdmin).toMatchObject({ productName: false, primaryColor: false, tagline: true })
    expect(await publicBrand()).toEqual({ ...DEFAULTS, tagline: 'Two' })
  })

  test('refuses what is not a colour, with a clear message', async () => {
    for (const bad of ['red', '#12345', '#ggg', 'a855f7', '#a855f7ff', 'rgb(1,2,3)', '', '#']) {
      const res = await branding(admin).patch({ primaryColor: bad })
      expect(res.status).toBe(400)
      expect(res.error!.value).toMatchObject({
        code: 'bad_request:brand_color',
        error: expect.stringContaining('primaryColor must be a colour such as #a855f7 or #a5f'),
      })
    }
    const wrongType = await t.request('/api/admin/branding', {
      method: 'PATCH',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ secondaryColor: 12 }),
    })
    expect(wrongType.status).toBe(400)
    expect((await json(wrongType)).error).toContain('secondaryColor must be a colour')
    expect(await publicBrand()).toEqual(DEFAULTS)
  })

  test('refuses empty, too long and multi-line names, and unknown fields', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ companyName: '   ' }, 'bad_request:brand_text_empty', 'companyName must not be empty'],
      [{ productName: '' }, 'bad_request:brand_text_empty', 'productName must not be empty'],
      [
        { productName: 'x'.repeat(61) },
        'bad_request:brand_text_long',
        'productName must be at most 60 characters',
      ],
      [
        { companyName: 'x'.repeat(101) },
        'bad_request:brand_text_long',
        'companyName must be at most 100 characters',
      ],
      [{ tagline: 'x'.repeat(201) }, 'bad_request:brand_text_long', 'tagline must be at most 200 characters'],
      [{ tagline: 'one\ntwo' }, 'bad_request:brand_text_control', 'tagline must be one line'],
      [{ logoUrl: 'https://evil.example/x.png' }, 'bad_request:branding', 'logoUrl cannot be set here'],
      [{ role: 'admin' }, 'bad_request:branding', 'Unknown branding field: role'],
    ]
    for (const [body, code, message] of cases) {
      const res = await t.request('/api/admin/branding', {
        method: 'PATCH',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(res.status).toBe(400)
      const answer = await json(res)
      expect(answer.code).toBe(code)
      expect(answer.error).toContain(message)
    }
    // 60 characters, some outside the BMP, fit.
    const { error } = await branding(admin).patch({ productName: `${'é'.repeat(58)}🙂🙂` })
    expect(error).toBeNull()
    expect(await publicBrand()).toEqual({ ...DEFAULTS, productName: `${'é'.repeat(58)}🙂🙂` })
  })

  test('audited as branding.update with each changed value old → new; a change to nothing is not', async () => {
    await branding(admin).patch({ productName: 'Audited', primaryColor: '#ABCDEF' })
    const entry = await lastAudit('branding.update')
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: 'brand-admin@example.com',
      targetType: 'organisation',
      targetId: null,
      details: {
        changes: { productName: { from: null, to: 'Audited' }, primaryColor: { from: null, to: '#abcdef' } },
      },
    })
    const count = async () =>
      (await t.ctx.db.select().from(auditLog).where(like(auditLog.action, 'branding.%'))).length
    const before = await count()
    const events = t.events.length
    await branding(admin).patch({ productName: 'Audited', primaryColor: '#abcdef' })
    expect(await count()).toBe(before)
    expect(t.events.length).toBe(events)
  })
})

describe('images', () => {
  test('a PNG logo is stored and served at a versioned URL, cached forever with its version', async () => {
    const res = await upload('logo', PNG)
    expect(res.status).toBe(200)
    const { data } = await json(res)
    expect(data.effective.logoUrl).toMatch(/^\/api\/branding\/logo\?v=[a-z2-7]{24}$/)
    expect(data.setByAdmin.logoUrl).toBe(true)
    expect((await publicBrand()).logoUrl).toBe(data.effective.logoUrl)

    const image = await t.request(data.effective.logoUrl)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(image.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG)
    const etag = image.headers.get('etag')!
    const again = await t.request('/api/branding/logo', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    const unversioned = await t.request('/api/branding/logo?v=old')
    expect(unversioned.headers.get('cache-control')).toBe('no-cache')

    // A new upload gets a new version; the previous file is deleted.
    const firstKey = `branding/logo-${data.effective.logoUrl.split('v=')[1]}.png`
    const second = await json(await upload('logo', JPEG, admin, 'x.png'))
    expect(second.data.effective.logoUrl).not.toBe(data.effective.logoUrl)
    expect(await t.ctx.storage.get(firstKey)).toBeNull()
    const served = await t.request(second.data.effective.logoUrl)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect((await t.request(data.effective.logoUrl)).headers.get('cache-control')).toBe('no-cache')
  })

  test('the login background likewise; removing an image returns to the BRAND_* URL and stops serving it', async () => {
    const { data } = await json(await upload('login-background', JPEG))
    expect(data.effective.loginBackgroundUrl).toMatch(/^\/api\/branding\/login-background\?v=/)
    expect((await t.request(data.effective.loginBackgroundUrl)).status).toBe(200)
    const removed = await json(
      await t.request('/api/admin/branding/login-background', { method: 'DELETE', headers: admin.headers }),
    )
    expect(removed.data.effective.loginBackgroundUrl).toBeNull()
    expect(removed.data.setByAdmin.loginBackgroundUrl).toBe(false)
    const gone = await t.request(data.effective.loginBackgroundUrl)
    expect(gone.status).toBe(404)
    expect(await json(gone)).toMatchObject({ code: 'not_found:brand_image' })
    expect(
      await t.ctx.storage.get(
        `branding/login-background-${data.effective.loginBackgroundUrl.split('v=')[1]}.jpg`,
      ),
    ).toBeNull()

    await upload('logo', PNG)
    await t.request('/api/admin/branding/logo', { method: 'DELETE', headers: admin.headers })
    expect((await publicBrand()).logoUrl).toBe(DEFAULTS.logoUrl)
    expect((await t.request('/api/branding/logo')).status).toBe(404)
  })

  test('checked like avatars: not an image (by its bytes) 415, over 5 MB 413, no file 400, with the avatar’s messages', async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    for (const [body, name] of [
      [svg, 'logo.png'],
      [new TextEncoder().encode('hello'), 'logo.jpg'],
    ] as const) {
      const res = await upload('logo', body, admin, name)
      expect(res.status).toBe(415)
      expect(await json(res)).toMatchObject({
        code: 'unsupported_media_type:brand_image',
        error: 'Please select an image file',
      })
    }
    const big = new Uint8Array(5_242_881)
    big.set(PNG)
    const tooBig = await upload('login-background', big)
    expect(tooBig.status).toBe(413)
    expect(await json(tooBig)).toMatchObject({
      code: 'payload_too_large:brand_image',
      error: 'Image must be smaller than 5MB',
    })
    const none = await upload('logo', null)
    expect(none.status).toBe(400)
    expect(await json(none)).toMatchObject({ error: 'Please select an image file' })
    expect(await publicBrand()).toEqual(DEFAULTS)
  })

  test('audited: branding.logo_upload (type, size) and branding.logo_remove; removing nothing is a no-op', async () => {
    await upload('logo', PNG)
    expect(await lastAudit('branding.logo_upload')).toMatchObject({
      actorId: admin.id,
      details: { type: 'image/png', size: PNG.byteLength },
    })
    await t.request('/api/admin/branding/logo', { method: 'DELETE', headers: admin.headers })
    const removed = await lastAudit('branding.logo_remove')
    expect(removed?.actorId).toBe(admin.id)
    const res = await t.request('/api/admin/branding/logo', { method: 'DELETE', headers: admin.headers })
    expect(res.status).toBe(200)
    expect((await lastAudit('branding.logo_remove'))?.id).toBe(removed!.id)
    await upload('login-background', JPEG)
    expect(await lastAudit('branding.login_background_upload')).toMatchObject({
      details: { type: 'image/jpeg' },
    })
  })
})

describe('live', () => {
  test('a change reaches a signed-in socket and a signed-out listener without a reload', async () => {
    const socket = await connectSocket(t.url, user.token)
    const onSocket = new Promise<Brand>((resolve) => socket.on('branding:updated', resolve))
    const stream = await listen(t)
    try {
      // The stream opens with the brand as it is now.
      expect(await stream.next()).toEqual({ event: 'branding:updated', data: DEFAULTS })
      await branding(admin).patch({ productName: 'Live Name', primaryColor: '#F00' })
      const expected = { ...DEFAULTS, productName: 'Live Name', primaryColor: '#ff0000' }
      expect(await onSocket).toEqual(expected)
      expect(await stream.next()).toEqual({ event: 'branding:updated', data: expected })
      expect(t.events.at(-1)).toEqual({ room: 'everyone', event: 'branding:updated', payload: expected })

      const { data } = await json(await upload('logo', PNG))
      expect((await stream.next()).data.logoUrl).toBe(data.effective.logoUrl)
      await branding(admin).patch({ productName: null, primaryColor: null })
      expect((await stream.next()).data).toEqual({ ...DEFAULTS, logoUrl: data.effective.logoUrl })
    } finally {
      stream.close()
    }
  })

  test('the public stream carries nothing but the brand: other events and what a client sends are ignored', async () => {
    const stream = await listen(t)
    try {
      await stream.next()
      // Events for users and chats never reach it, nor would a non-public event sent to everyone.
      t.ctx.realtime.toUser(user.id, 'profile:updated', {} as never)
      t.ctx.realtime.toEveryone('chat:deleted' as never, { chatId: 'x' } as never)
      await branding(admin).patch({ tagline: 'Only this' })
      const next = await stream.next()
      expect(next).toEqual({ event: 'branding:updated', data: { ...DEFAULTS, tagline: 'Only this' } })
    } finally {
      stream.close()
    }
    // Receive-only: a body or another method is no way in, and a garbage request does not hurt it.
    expect((await t.request('/api/branding/events', { method: 'POST', body: '\u0000\u0001{{' })).status).toBe(
      404,
    )
    const garbage = await t.request('/api/branding/events?x=%ff%fe', {
      headers: { 'last-event-id': '\u00ff'.repeat(100) },
    })
    expect(garbage.status).toBeLessThan(500)
    await garbage.body?.cancel()
    expect((await t.request('/api/health')).status).toBe(200)
  })

  test(`at most ${MAX_STREAMS_PER_IP} open streams from one address; closing one frees its place`, async () => {
    const streams = []
    try {
      for (let i = 0; i < MAX_STREAMS_PER_IP; i += 1) streams.push(await listen(t))
      const refused = await t.request('/api/branding/events')
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('30')
      streams.pop()!.close()
      await Bun.sleep(50)
      streams.push(await listen(t))
    } finally {
      for (const stream of streams) stream.close()
    }
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances on one Postgres', () => {
  test('a change made on instance A reaches a signed-out listener and a socket on instance B', async () => {
    const cluster = await startInstances(2, ENV)
    const [first, second] = cluster.instances as [ListeningApp, ListeningApp]
    const stream = await listen(second)
    try {
      const boss = await cluster.createUser({ role: 'admin' })
      const member = await cluster.createUser()
      const socket = await connectSocket(second.url, member.token)
      const onSocket = new Promise<Brand>((resolve) => socket.on('branding:updated', resolve))
      expect((await stream.next()).data).toEqual(DEFAULTS)
      const { error } = await first
        .as(boss)
        .api.admin.branding.patch({ productName: 'Clustered', secondaryColor: '#00FF00' })
      expect(error).toBeNull()
      const expected = { ...DEFAULTS, productName: 'Clustered', secondaryColor: '#00ff00' }
      expect(await stream.next()).toEqual({ event: 'branding:updated', data: expected })
      expect(await onSocket).toEqual(expected)
      // And B's public endpoint answers the new brand at once (no per-instance copy).
      expect(await publicBrand(second)).toEqual(expected)
    } finally {
      stream.close()
      await cluster.close()
    }
  }, 60_000)
})
