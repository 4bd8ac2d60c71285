import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { buildPdf } from '../test/docs'
import { type FakeS3, startFakeS3 } from '../test/fakes/s3-server'
import { startApp, type TestApp } from '../test/harness'
import { TINY_PNG } from '../test/images'
import { sweepStaleUploads } from './service'

type User = Awaited<ReturnType<TestApp['createUser']>>

let s3: FakeS3
let t: TestApp
let user: User
beforeAll(async () => {
  s3 = startFakeS3()
  t = await startApp({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.url,
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
    UPLOAD_MAX_FILE_BYTES: String(8 * 1024 * 1024),
  })
  user = await t.createUser()
}, 60_000)
afterAll(async () => {
  await t?.close()
  await s3?.stop()
})

function upload(bytes: Uint8Array, name: string, type: string) {
  const form = new FormData()
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }))
  return t.request('/api/uploads', { method: 'POST', headers: user.headers, body: form })
}

describe('uploads on S3 storage', () => {
  test('a multi-megabyte PDF streams to the bucket (multipart upload), its text is read and it is served back', async () => {
    const bytes = buildPdf({ pages: [['Bucket test'], ['Page two']] })
    const padded = new Uint8Array(6 * 1024 * 1024)
    padded.set(bytes)
    // A valid PDF followed by padding: pdf.js reads it, and the body is big enough for a multipart upload.
    const res = await upload(padded, 'big.pdf', 'application/pdf')
    expect(res.status).toBe(201)
    const { data } = await res.json()
    const key = `users/${user.id}/uploads/${data.id}`
    expect(s3.objects.get(key)?.body.length).toBe(padded.length)
    expect(s3.requests.some((line) => line.startsWith('POST') && line.includes('uploads'))).toBe(true)
    const [row] = await t.database.query<{ extracted_text: string }>(
      'select extracted_text from attachments where id = $1',
      [data.id],
    )
    expect(row!.extracted_text).toContain('Bucket test')
    const served = await t.request(`/api/files/${data.id}`, { headers: user.headers })
    expect(served.headers.get('content-type')).toBe('application/pdf')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(padded)
  })

  test('a refused file leaves no object in the bucket; a removed upload deletes its object', async () => {
    const before = [...s3.objects.keys()]
    const refused = await upload(TINY_PNG, 'fake.pdf', 'application/pdf')
    expect(refused.status).toBe(415)
    expect([...s3.objects.keys()]).toEqual(before)

    const ok = await upload(TINY_PNG, 'pic.png', 'image/png')
    const { data } = await ok.json()
    expect(s3.objects.has(`users/${user.id}/uploads/${data.id}`)).toBe(true)
    const removed = await t.request(`/api/uploads/${data.id}`, { method: 'DELETE', headers: user.headers })
    expect(removed.status).toBe(200)
    expect([...s3.objects.keys()]).toEqual(before)
  })

  test('a bucket outage fails the upload with a 500; its row stays un-sent so the sweep clears it later', async () => {
    s3.failing = true
    try {
      const res = await upload(TINY_PNG, 'down.png', 'image/png')
      expect(res.status).toBe(500)
      expect(await res.json()).toMatchObject({ success: false, error: 'An unexpected error occurred' })
    } finally {
      s3.failing = false
    }
    const leftOver = () =>
      t.database.query<{ message_id: string | null }>(
        `select message_id from attachments where filename = 'down.png'`,
      )
    expect(await leftOver()).toEqual([{ message_id: null }])
    const dayLater = { ...t.ctx, now: () => new Date(Date.now() + 25 * 60 * 60 * 1000) }
    expect(await sweepStaleUploads(dayLater)).toBeGreaterThanOrEqual(1)
    expect(await leftOver()).toEqual([])
  })
})
