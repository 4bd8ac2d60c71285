import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type FakeS3, startFakeS3 } from '../test/fakes/s3-server'
import { findUser, startApp, type TestApp } from '../test/harness'
import { SVG_WITH_SCRIPT, TINY_GIF, TINY_JPEG, TINY_PNG, TINY_WEBP } from '../test/images'

type User = Awaited<ReturnType<TestApp['createUser']>>

let t: TestApp
beforeAll(async () => {
  t = await startApp()
}, 60_000)
afterAll(() => t?.close())

function upload(app: TestApp, user: User | null, bytes: Uint8Array<ArrayBuffer>, name: string, type: string) {
  const form = new FormData()
  form.append('file', new File([bytes], name, { type }))
  return app.request('/api/profile/avatar', { method: 'PUT', headers: user?.headers ?? {}, body: form })
}

const removeAvatar = (app: TestApp, user: User) =>
  app.request('/api/profile/avatar', { method: 'DELETE', headers: user.headers })

/** A PNG signature followed by padding: an image by its bytes, of any size. */
const pngOfSize = (size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(TINY_PNG.subarray(0, 8))
  return bytes
}

const keyOf = (url: string) => url.replace(/^\/api\/avatars\//, 'users/')

describe('PUT /api/profile/avatar', () => {
  test.each([
    ['PNG', TINY_PNG, 'png', 'image/png'],
    ['JPEG', TINY_JPEG, 'jpg', 'image/jpeg'],
    ['GIF', TINY_GIF, 'gif', 'image/gif'],
    ['WebP', TINY_WEBP, 'webp', 'image/webp'],
  ] as const)(
    'accepts a %s image, stores it and serves it with the right headers',
    async (_, bytes, ext, mime) => {
      const user = await t.createUser()
      const res = await upload(t, user, bytes, `me.${ext}`, mime)
      expect(res.status).toBe(200)
      const { success, data } = await res.json()
      expect(success).toBe(true)
      expect(data.id).toBe(user.id)
      expect(data.avatar_url).toMatch(new RegExp(`^/api/avatars/${user.id}/avatar-[a-z2-7]+\\.${ext}$`))
      const row = await findUser(t.database, user.id)
      expect(row!.avatarKey).toBe(keyOf(data.avatar_url))
      expect(row!.avatarUrl).toBe(data.avatar_url)

      const served = await t.request(data.avatar_url)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(mime)
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes)
    },
  )

  test('trusts the bytes, not the name or declared type', async () => {
    const user = await t.createUser()
    const res = await upload(t, user, TINY_JPEG, 'notes.txt', 'text/plain')
    expect(res.status).toBe(200)
    const { data } = await res.json()
    expect(data.avatar_url).toEndWith('.jpg')
    expect((await t.request(data.avatar_url)).headers.get('content-type')).toBe('image/jpeg')
  })

  test("refuses a text file named .png with 415 'Please select an image file'", async () => {
    const user = await t.createUser()
    const res = await upload(t, user, new TextEncoder().encode('hello, I am text'), 'photo.png', 'image/png')
    expect(res.status).toBe(415)
    expect(await res.json()).toMatchObject({ success: false, error: 'Please select an image file' })
    expect((await findUser(t.database, user.id))!.avatarKey).toBeNull()
  })

  test('refuses an SVG, which can carry script', async () => {
    const user = await t.createUser()
    const res = await upload(t, user, SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml')
    expect(res.status).toBe(415)
    expect(await res.json()).toMatchObject({ success: false, error: 'Please select an image file' })
  })

  test("refuses 5242881 bytes with 413 'Image must be smaller than 5MB'", async () => {
    const user = await t.createUser()
    const res = await upload(t, user, pngOfSize(5_242_881), 'big.png', 'image/png')
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ success: false, error: 'Image must be smaller than 5MB' })
    expect((await findUser(t.database, user.id))!.avatarKey).toBeNull()
  })

  test('accepts exactly 5242880 bytes', async () => {
    const user = await t.createUser()
    const res = await upload(t, user, pngOfSize(5_242_880), 'limit.png', 'image/png')
    expect(res.status).toBe(200)
    const served = await t.request((await res.json()).data.avatar_url)
    expect(served.headers.get('content-length')).toBe('5242880')
  })

  test('refuses an oversized upload by its Content-Length without reading the body', async () => {
    const user = await t.createUser()
    let pulls = 0
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls += 1
          controller.enqueue(new Uint8Array(64 * 1024))
        },
      },
      { highWaterMark: 0 },
    )
    const res = await t.request('/api/profile/avatar', {
      method: 'PUT',
      headers: {
        ...user.headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(20 * 1024 * 1024),
      },
      body,
    })
    expect(res.status).toBe(413)
    expect((await res.json()).error).toBe('Image must be smaller than 5MB')
    expect(pulls).toBeLessThanOrEqual(1)
  })

  test('answers 401 without a session', async () => {
    const res = await upload(t, null, TINY_PNG, 'a.png', 'image/png')
    expect(res.status).toBe(401)
  })

  test("answers 400 'Please select an image file' when the form has no file", async () => {
    const user = await t.createUser()
    const form = new FormData()
    form.append('file', 'just a string')
    const res = await t.request('/api/profile/avatar', { method: 'PUT', headers: user.headers, body: form })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ success: false, error: 'Please select an image file' })
  })

  test('answers 400 to a body that is not multipart', async () => {
    const user = await t.createUser()
    const res = await t.request('/api/profile/avatar', {
      method: 'PUT',
      headers: { ...user.headers, 'content-type': 'image/png' },
      body: TINY_PNG,
    })
    expect(res.status).toBe(400)
  })

  test('a new avatar replaces the old one: the old file is deleted and its URL is gone', async () => {
    const user = await t.createUser()
    const first = (await (await upload(t, user, TINY_PNG, 'a.png', 'image/png')).json()).data.avatar_url
    const second = (await (await upload(t, user, TINY_GIF, 'b.gif', 'image/gif')).json()).data.avatar_url
    expect(second).not.toBe(first)
    expect(await t.ctx.storage.get(keyOf(first))).toBeNull()
    expect((await t.request(first)).status).toBe(404)
    expect((await t.request(second)).status).toBe(200)
    expect((await findUser(t.database, user.id))!.avatarKey).toBe(keyOf(second))
  })

  test('announces profile:updated with the new avatar_url', async () => {
    const user = await t.createUser()
    const { data } = await (await upload(t, user, TINY_WEBP, 'a.webp', 'image/webp')).json()
    const events = t.events.filter((e) => e.room === `user:${user.id}`)
    expect(events).toEqual([{ room: `user:${user.id}`, event: 'profile:updated', payload: data }])
  })
})

describe('DELETE /api/profile/avatar', () => {
  test('deletes the file, clears both columns and announces the change', async () => {
    const user = await t.createUser()
    const url = (await (await upload(t, user, TINY_PNG, 'a.png', 'image/png')).json()).data.avatar_url
    const res = await removeAvatar(t, user)
    expect(res.status).toBe(200)
    const { data } = await res.json()
    expect(data.avatar_url).toBeNull()
    const row = await findUser(t.database, user.id)
    expect(row!.avatarKey).toBeNull()
    expect(row!.avatarUrl).toBeNull()
    expect(await t.ctx.storage.get(keyOf(url))).toBeNull()
    expect((await t.request(url)).status).toBe(404)
    expect(t.events.filter((e) => e.room === `user:${user.id}`).at(-1)).toEqual({
      room: `user:${user.id}`,
      event: 'profile:updated',
      payload: data,
    })
  })

  test('without an avatar it succeeds and announces nothing', async () => {
    const user = await t.createUser()
    const res = await removeAvatar(t, user)
    expect(res.status).toBe(200)
    expect((await res.json()).data.avatar_url).toBeNull()
    expect(t.events.some((e) => e.room === `user:${user.id}`)).toBe(false)
  })

  test("another user's session removes only its own avatar", async () => {
    const alice = await t.createUser()
    const bob = await t.createUser()
    const url = (await (await upload(t, alice, TINY_PNG, 'a.png', 'image/png')).json()).data.avatar_url
    expect((await removeAvatar(t, bob)).status).toBe(200)
    expect((await findUser(t.database, alice.id))!.avatarUrl).toBe(url)
    expect((await t.request(url)).status).toBe(200)
  })
})

describe('GET /api/avatars/:userId/:file', () => {
  test('answers 404 for unknown users, guessed names and malformed ids', async () => {
    const user = await t.createUser()
    const url = (await (await upload(t, user, TINY_PNG, 'a.png', 'image/png')).json()).data.avatar_url
    const file = url.split('/').at(-1)
    const other = await t.createUser()
    for (const path of [
      `/api/avatars/${crypto.randomUUID()}/${file}`,
      `/api/avatars/${other.id}/${file}`,
      `/api/avatars/${user.id}/avatar-aaaaaaaaaaaaaaaaaaaaaaaa.png`,
      `/api/avatars/not-a-uuid/${file}`,
      `/api/avatars/${user.id}/..%2F..%2Fsecret`,
    ]) {
      const res = await t.request(path)
      expect(res.status).toBe(404)
      expect((await res.json()).success).toBe(false)
    }
  })

  test('needs no session', async () => {
    const user = await t.createUser()
    const url = (await (await upload(t, user, TINY_PNG, 'a.png', 'image/png')).json()).data.avatar_url
    expect((await t.request(url, { headers: {} })).status).toBe(200)
  })
})

describe('avatars on S3 storage', () => {
  let s3: FakeS3
  let app: TestApp
  beforeAll(async () => {
    s3 = startFakeS3()
    app = await startApp({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    })
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await s3?.stop()
  })

  test('upload, serve and replace go through the bucket', async () => {
    const user = await app.createUser()
    const first = (await (await upload(app, user, TINY_PNG, 'a.png', 'image/png')).json()).data.avatar_url
    expect(s3.objects.get(keyOf(first))?.type).toBe('image/png')
    const served = await app.request(first)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_PNG)
    const second = (await (await upload(app, user, TINY_JPEG, 'b.jpg', 'image/jpeg')).json()).data.avatar_url
    expect(s3.objects.has(keyOf(first))).toBe(false)
    expect(s3.objects.has(keyOf(second))).toBe(true)
  })

  test("a storage outage answers 500 'Failed to upload avatar' and keeps the current avatar", async () => {
    const user = await app.createUser()
    const url = (await (await upload(app, user, TINY_PNG, 'a.png', 'image/png')).json()).data.avatar_url
    s3.failing = true
    try {
      const res = await upload(app, user, TINY_GIF, 'b.gif', 'image/gif')
      expect(res.status).toBe(500)
      expect(await res.json()).toMatchObject({ success: false, error: 'Failed to upload avatar' })
    } finally {
      s3.failing = false
    }
    expect((await findUser(app.database, user.id))!.avatarUrl).toBe(url)
  })

  test("a storage outage answers 500 'Failed to remove avatar' and a retry finishes the job", async () => {
    const user = await app.createUser()
    const url = (await (await upload(app, user, TINY_PNG, 'a.png', 'image/png')).json()).data.avatar_url
    s3.failing = true
    try {
      const res = await removeAvatar(app, user)
      expect(res.status).toBe(500)
      expect(await res.json()).toMatchObject({ success: false, error: 'Failed to remove avatar' })
    } finally {
      s3.failing = false
    }
    expect((await findUser(app.database, user.id))!.avatarUrl).toBe(url)
    expect((await removeAvatar(app, user)).status).toBe(200)
    expect(s3.objects.has(keyOf(url))).toBe(false)
  })
})
