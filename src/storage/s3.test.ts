import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Storage } from '../context'
import { type FakeS3, startFakeS3 } from '../test/fakes/s3-server'
import { reusingStream } from '../test/reusing-stream'
import { createStorage } from './index'
import { createS3Storage } from './s3'

let s3: FakeS3
let storage: Storage
const settings = () => ({
  bucket: s3.bucket,
  endpoint: s3.url,
  region: 'us-east-1',
  accessKeyId: 'test-key',
  secretAccessKey: 'test-secret',
})

beforeAll(() => {
  s3 = startFakeS3({ pageSize: 2 })
  storage = createS3Storage(settings())
})
afterAll(() => s3.stop())

const bytes = (...values: number[]) => new Uint8Array(values)

describe('S3 storage driver', () => {
  test('put stores bytes under the key with the content type and reports the size', async () => {
    const { size } = await storage.put('users/u1/a.png', bytes(1, 2, 3), 'image/png')
    expect(size).toBe(3)
    expect(s3.objects.get('users/u1/a.png')).toEqual({ body: bytes(1, 2, 3), type: 'image/png' })
  })

  test('get returns the stored bytes, and null for a missing key', async () => {
    await storage.put('users/u1/b.txt', new Blob(['hello']), 'text/plain')
    const blob = await storage.get('users/u1/b.txt')
    expect(await blob!.text()).toBe('hello')
    expect(await storage.get('users/u1/missing')).toBeNull()
  })

  test('put uploads a stream larger than one part as a multipart upload', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(7)
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const { size } = await storage.put('users/u2/big.bin', stream, 'application/octet-stream')
    expect(size).toBe(6 * 1024 * 1024)
    expect(s3.requests.some((r) => r.startsWith('POST /parley-test/users/u2/big.bin?uploads'))).toBe(true)
    const stored = s3.objects.get('users/u2/big.bin')!.body
    expect(stored.length).toBe(6 * 1024 * 1024)
    expect(stored.every((b) => b === 7)).toBe(true)
  })

  test('a stream whose chunks are valid only until the next is read is stored exactly (decision 190)', async () => {
    const data = new Uint8Array(6 * 1024 * 1024 + 3).map((_, index) => (index * 13) & 0xff)
    const { size } = await storage.put(
      'users/u2/reused.bin',
      reusingStream(data, 64 * 1024),
      'application/octet-stream',
    )
    expect(size).toBe(data.byteLength)
    expect(s3.objects.get('users/u2/reused.bin')!.body).toEqual(data)
  })

  test('delete removes the object, and deleting a missing key is not an error', async () => {
    await storage.put('users/u3/x', bytes(1), 'application/octet-stream')
    await storage.delete('users/u3/x')
    expect(s3.objects.has('users/u3/x')).toBe(false)
    await storage.delete('users/u3/x')
  })

  test('deletePrefix lists page by page and deletes only the keys inside that folder', async () => {
    for (const name of ['1', '2', '3', '4', '5'])
      await storage.put(`users/u4/${name}`, bytes(1), 'text/plain')
    await storage.put('users/u4x/keep', bytes(1), 'text/plain')
    await storage.deletePrefix('users/u4')
    expect([...s3.objects.keys()].filter((k) => k.startsWith('users/u4'))).toEqual(['users/u4x/keep'])
    // Five keys with two per page takes three list calls.
    expect(s3.requests.filter((r) => r.includes('list-type=2')).length).toBeGreaterThanOrEqual(3)
  })

  test('a server error is thrown, not mistaken for a missing file', async () => {
    await storage.put('users/u5/a', bytes(1), 'text/plain')
    s3.failing = true
    try {
      await expect(storage.get('users/u5/a')).rejects.toThrow()
      await expect(storage.put('users/u5/b', bytes(1), 'text/plain')).rejects.toThrow()
    } finally {
      s3.failing = false
    }
  })

  test('list reads every page and keeps to the folder', async () => {
    for (const key of ['users/l1/a', 'users/l1/b', 'users/l1/c/d', 'users/l12/e'])
      await storage.put(key, bytes(1), 'text/plain')
    expect(await storage.list('users/l1')).toEqual(['users/l1/a', 'users/l1/b', 'users/l1/c/d'])
    const all = await storage.list('')
    expect(all).toContain('users/l12/e')
    expect(all).toEqual([...s3.objects.keys()].sort())
  })

  test('wrong credentials are refused by the server and surface as an error', async () => {
    const wrong = createS3Storage({ ...settings(), accessKeyId: 'someone-else' })
    await expect(wrong.put('users/u6/a', bytes(1), 'text/plain')).rejects.toThrow()
    expect(s3.objects.has('users/u6/a')).toBe(false)
  })

  test('keys that could escape their folder are refused before any request', async () => {
    const before = s3.requests.length
    for (const key of ['../x', 'users/../../x', '/abs', 'users//x', 'a\\b']) {
      await expect(storage.put(key, bytes(1), 'text/plain')).rejects.toThrow('invalid storage key')
    }
    expect(s3.requests.length).toBe(before)
  })
})

describe('createStorage', () => {
  test('uses the bucket when S3 is configured', async () => {
    const chosen = createStorage({ s3: settings(), dataDir: '/nonexistent' })
    await chosen.put('users/u7/a', bytes(9), 'text/plain')
    expect(s3.objects.get('users/u7/a')?.body).toEqual(bytes(9))
  })

  test('uses DATA_DIR/files otherwise', async () => {
    const dataDir = `/tmp/parley-storage-${crypto.randomUUID()}`
    const chosen = createStorage({ s3: undefined, dataDir })
    await chosen.put('users/u8/a', bytes(9), 'text/plain')
    expect(await Bun.file(`${dataDir}/files/users/u8/a`).bytes()).toEqual(bytes(9))
    await chosen.deletePrefix('users/u8')
  })
})
