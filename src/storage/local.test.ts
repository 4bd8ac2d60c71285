import { afterAll, describe, expect, test } from 'bun:test'
import { rm } from 'node:fs/promises'
import { reusingStream } from '../test/reusing-stream'
import { createLocalStorage } from './local'

const root = `/tmp/parley-local-${crypto.randomUUID()}`
const storage = createLocalStorage(root)
afterAll(() => rm(root, { recursive: true, force: true }))

describe('local storage driver', () => {
  test('put writes bytes and a stream, and get reads them back', async () => {
    expect(await storage.put('users/a/one', new Uint8Array([1, 2]), 'application/octet-stream')).toEqual({
      size: 2,
    })
    const stream = new Blob(['streamed text']).stream()
    expect(await storage.put('users/a/two.txt', stream, 'text/plain')).toEqual({ size: 13 })
    expect(await (await storage.get('users/a/one'))!.bytes()).toEqual(new Uint8Array([1, 2]))
    expect(await (await storage.get('users/a/two.txt'))!.text()).toBe('streamed text')
  })

  test('a stream is written chunk by chunk, each taken before the next is asked for (decision 190)', async () => {
    const data = new Uint8Array(3 * 1024 * 1024 + 5).map((_, index) => (index * 7) & 0xff)
    expect(
      await storage.put('users/a/big', reusingStream(data, 64 * 1024), 'application/octet-stream'),
    ).toEqual({
      size: data.byteLength,
    })
    expect(await (await storage.get('users/a/big'))!.bytes()).toEqual(data)
  })

  test('get answers null for a missing key', async () => {
    expect(await storage.get('users/a/none')).toBeNull()
  })

  test('delete removes a file and tolerates a missing one', async () => {
    await storage.put('users/b/x', new Uint8Array([1]), 'text/plain')
    await storage.delete('users/b/x')
    expect(await storage.get('users/b/x')).toBeNull()
    await storage.delete('users/b/x')
  })

  test('deletePrefix removes one folder and leaves its neighbours', async () => {
    await storage.put('users/c/1', new Uint8Array([1]), 'text/plain')
    await storage.put('users/c/sub/2', new Uint8Array([1]), 'text/plain')
    await storage.put('users/cd/keep', new Uint8Array([1]), 'text/plain')
    await storage.deletePrefix('users/c/')
    expect(await storage.get('users/c/1')).toBeNull()
    expect(await storage.get('users/c/sub/2')).toBeNull()
    expect(await storage.get('users/cd/keep')).not.toBeNull()
    await storage.deletePrefix('users/never-existed/')
  })

  test('list names every file inside a folder, sorted, and nothing of a neighbour', async () => {
    const listed = createLocalStorage(`${root}-list`)
    await listed.put('users/l/2', new Uint8Array([1]), 'text/plain')
    await listed.put('users/l/sub/1', new Uint8Array([1]), 'text/plain')
    await listed.put('users/lm/3', new Uint8Array([1]), 'text/plain')
    expect(await listed.list('users/l/')).toEqual(['users/l/2', 'users/l/sub/1'])
    expect(await listed.list('')).toEqual(['users/l/2', 'users/l/sub/1', 'users/lm/3'])
    expect(await listed.list('users/none/')).toEqual([])
    expect(await createLocalStorage(`${root}-never-made`).list('')).toEqual([])
    expect(listed.list('../')).rejects.toThrow('invalid storage key')
    await rm(`${root}-list`, { recursive: true, force: true })
  })

  test('a key that escapes the storage root is refused', async () => {
    for (const key of ['../outside', 'users/../../outside', '/etc/passwd', 'users/./x', '']) {
      await expect(storage.put(key, new Uint8Array([1]), 'text/plain')).rejects.toThrow()
      await expect(storage.get(key)).rejects.toThrow()
    }
    expect(await Bun.file(`${root}/../outside`).exists()).toBe(false)
  })
})
