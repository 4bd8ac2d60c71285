import { describe, expect, test } from 'bun:test'
import { inflateRawSync } from 'node:zlib'
import { findEntryData, readZipDirectory } from '../extract/zip-directory'
import { TINY_PNG } from '../test/images'
import { writeZip, type ZipInput, ZipTooLarge } from './zip-writer'

/*
 * The export's ZIP writer (docs/decisions/175-account-export.md), read back with the central
 * directory reader the upload checks use and node:zlib's inflate.
 */

async function zipOf(entries: ZipInput[], limits?: { bytes?: number; entries?: number }) {
  const chunks: Uint8Array[] = []
  for await (const chunk of writeZip(entries, limits)) chunks.push(chunk)
  return new Uint8Array(Buffer.concat(chunks))
}

/** Every entry's name, method and content, as an unzip would give them. */
function unzip(bytes: Uint8Array) {
  const directory = readZipDirectory(bytes)
  expect(directory).not.toBeNull()
  expect(directory!.zip64).toBe(false)
  return directory!.entries.map((entry) => {
    const start = findEntryData(bytes, entry)
    expect(start).toBeGreaterThan(0)
    const data = bytes.subarray(start, start + entry.compressedSize)
    const content = entry.method === 0 ? data : new Uint8Array(inflateRawSync(data))
    expect(content.length).toBe(entry.uncompressedSize)
    return { name: entry.name, method: entry.method, content }
  })
}

async function* chunks(...parts: string[]) {
  for (const part of parts) yield part
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('writeZip', () => {
  test('round-trips deflated, stored and streamed entries', async () => {
    const long = 'All work and no play makes Jack a dull boy. '.repeat(500)
    const bytes = await zipOf([
      { name: 'README.txt', data: long },
      { name: 'images/dot.png', data: TINY_PNG },
      { name: 'knowledge.json', data: chunks('[\n', '{"a":1}', ',\n', '{"b":2}', '\n]\n') },
      { name: 'empty.txt', data: '' },
      { name: 'empty-stream.json', data: chunks() },
    ])
    const entries = unzip(bytes)
    expect(entries.map((entry) => [entry.name, entry.method])).toEqual([
      ['README.txt', 8],
      ['images/dot.png', 0],
      ['knowledge.json', 8],
      ['empty.txt', 0],
      ['empty-stream.json', 8],
    ])
    expect(text(entries[0]!.content)).toBe(long)
    expect(entries[0]!.content.length).toBeGreaterThan(bytes.length) // it was compressed
    expect(Buffer.from(entries[1]!.content).equals(Buffer.from(TINY_PNG))).toBe(true)
    expect(JSON.parse(text(entries[2]!.content))).toEqual([{ a: 1 }, { b: 2 }])
    expect(entries[3]!.content.length).toBe(0)
    expect(entries[4]!.content.length).toBe(0)
  })

  test('stores an entry (method 0) when asked, or when deflating would not make it smaller', async () => {
    const random = crypto.getRandomValues(new Uint8Array(4096))
    const entries = unzip(
      await zipOf([
        { name: 'notes.txt', data: 'stored as is '.repeat(50), compress: false },
        { name: 'noise.bin', data: random },
      ]),
    )
    expect(entries.map((entry) => entry.method)).toEqual([0, 0])
    expect(text(entries[0]!.content)).toBe('stored as is '.repeat(50))
    expect(Buffer.from(entries[1]!.content).equals(Buffer.from(random))).toBe(true)
  })

  test('an empty archive is the end record alone', async () => {
    const bytes = await zipOf([])
    expect(bytes.length).toBe(22)
    expect(readZipDirectory(bytes)).toEqual({ entries: [], zip64: false })
  })

  test('a UTF-8 name sets flag bit 11 in both headers; an ASCII name does not', async () => {
    const name = 'chats/2026-01-01-reise-ab12/files/Grüße 東京.txt'
    const bytes = await zipOf([
      { name, data: 'hallo' },
      { name: 'plain.txt', data: 'hi' },
    ])
    const [utf8, plain] = readZipDirectory(bytes)!.entries
    expect(utf8!.name).toBe(name)
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const localFlags = (entry: { localHeaderOffset: number }) =>
      view.getUint16(entry.localHeaderOffset + 6, true)
    expect(localFlags(utf8!) & 0x800).toBe(0x800)
    expect(localFlags(plain!) & 0x800).toBe(0)
    // The central directory's flags: the first record starts where the end record points.
    const directory = view.getUint32(bytes.length - 22 + 16, true)
    expect(view.getUint16(directory + 8, true) & 0x800).toBe(0x800)
    expect(text(unzip(bytes)[0]!.content)).toBe('hallo')
  })

  test('a streamed entry carries its CRC and sizes in a data descriptor (flag bit 3)', async () => {
    const bytes = await zipOf([{ name: 'usage.csv', data: chunks('date,model\n', '2026-01-01,m\n') }])
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    expect(view.getUint16(6, true) & 0x8).toBe(0x8)
    expect(view.getUint32(14, true)).toBe(0) // the CRC follows the data
    const entry = readZipDirectory(bytes)!.entries[0]!
    const after = findEntryData(bytes, entry) + entry.compressedSize
    expect(view.getUint32(after, true)).toBe(0x08074b50)
    expect(view.getUint32(after + 12, true)).toBe(entry.uncompressedSize)
    expect(text(unzip(bytes)[0]!.content)).toBe('date,model\n2026-01-01,m\n')
  })

  test('refuses to pass its byte or entry limit', async () => {
    const big = crypto.getRandomValues(new Uint8Array(2000))
    await expect(zipOf([{ name: 'a.bin', data: big }], { bytes: 1000 })).rejects.toBeInstanceOf(ZipTooLarge)
    await expect(
      zipOf(
        [
          {
            name: 'a.csv',
            data: (async function* () {
              for (let i = 0; i < 10; i++) yield crypto.getRandomValues(new Uint8Array(500))
            })(),
          },
        ],
        { bytes: 1000 },
      ),
    ).rejects.toBeInstanceOf(ZipTooLarge)
    await expect(
      zipOf(
        [
          { name: 'a', data: 'a' },
          { name: 'b', data: 'b' },
          { name: 'c', data: 'c' },
        ],
        { entries: 2 },
      ),
    ).rejects.toThrow('too many files')
    // Under the limits, the same archive is written.
    expect(unzip(await zipOf([{ name: 'a.bin', data: big }], { bytes: 3000 }))).toHaveLength(1)
  })
})
