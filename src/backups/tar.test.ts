import { describe, expect, test } from 'bun:test'
import { createTarWriter, readTar, type TarEvent, tarHeader } from './tar'

async function write(members: [string, Uint8Array][]): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  const tar = createTarWriter({ write: async (bytes) => void parts.push(bytes.slice()) })
  for (const [name, body] of members) await tar.add(name, body)
  await tar.finish()
  return new Uint8Array(await new Blob(parts as BlobPart[]).arrayBuffer())
}

/** Feeds `bytes` in chunks of `size`, as a stream would. */
async function* chunks(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function read(bytes: Uint8Array, size = 4096): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  let name = ''
  const events: TarEvent[] = []
  for await (const event of readTar(chunks(bytes, size))) events.push(event)
  for (const event of events) {
    if (event.type === 'member') {
      name = event.name
      out[name] = ''
    } else if (event.type === 'data') out[name] += new TextDecoder().decode(event.bytes)
  }
  return out
}

describe('tar', () => {
  const long = `files/users/${'a'.repeat(60)}/${'b'.repeat(70)}`
  const members: [string, Uint8Array][] = [
    ['empty', new Uint8Array(0)],
    ['one-block', new TextEncoder().encode('x'.repeat(512))],
    [long, new TextEncoder().encode('long name, split into prefix and name')],
    ['odd', new TextEncoder().encode('y'.repeat(1000))],
  ]

  test('what is written reads back, member by member, whatever the chunk sizes', async () => {
    const bytes = await write(members)
    expect(bytes.length % 512).toBe(0)
    const expected = Object.fromEntries(members.map(([name, body]) => [name, new TextDecoder().decode(body)]))
    for (const size of [1, 7, 512, 100_000]) expect(await read(bytes, size)).toEqual(expected)
  })

  test('the system tar reads it', async () => {
    const bytes = await write(members)
    const proc = Bun.spawn(['tar', '-tf', '-'], { stdin: bytes, stdout: 'pipe' })
    expect((await new Response(proc.stdout).text()).trim().split('\n')).toEqual(members.map(([name]) => name))
    expect(await proc.exited).toBe(0)
  })

  test('an archive cut short, or a header altered, is refused', async () => {
    const bytes = await write(members)
    expect(read(bytes.subarray(0, 1500))).rejects.toThrow('truncated')
    expect(read(bytes.subarray(0, bytes.length - 1024))).rejects.toThrow('truncated')
    const altered = bytes.slice()
    altered[0] = 'z'.charCodeAt(0)
    expect(read(altered)).rejects.toThrow('checksum')
  })

  test('a name that cannot fit ustar is refused when writing', () => {
    expect(() => tarHeader('x'.repeat(120), 0)).toThrow('too long')
  })
})
