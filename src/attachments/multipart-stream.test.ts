import { describe, expect, test } from 'bun:test'
import { AppError } from '../http/errors'
import { openFilePart, parseDisposition } from './multipart-stream'

const tooLarge = () => new AppError('payload_too_large:file', 'too large')
const options = { maxFileBytes: 1024 * 1024, maxBodyBytes: 1024 * 1024 + 65536, tooLarge }

/**
 * The same body the browser's FormData would send, delivered in chunks of `chunkSize` bytes (each a
 * buffer of its own, as a socket's are; kept in `sent` to see which were freed).
 */
async function formRequest(form: FormData, chunkSize: number, withLength = true, sent: Uint8Array[] = []) {
  const encoded = new Request('http://localhost/u', { method: 'POST', body: form })
  // Bun derives this header from the body, and forgets it once the body is read.
  const type = encoded.headers.get('content-type')!
  const bytes = new Uint8Array(await encoded.arrayBuffer())
  let at = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      const chunk = bytes.slice(at, at + chunkSize)
      sent.push(chunk)
      controller.enqueue(chunk)
      at += chunkSize
    },
  })
  const headers: Record<string, string> = { 'content-type': type }
  if (withLength) headers['content-length'] = String(bytes.length)
  return new Request('http://localhost/u', { method: 'POST', headers, body, duplex: 'half' } as RequestInit)
}

/** Reads as Storage.put does: each chunk copied before the next is asked for (decision 190). */
async function readAll(stream: ReadableStream<Uint8Array>) {
  const copies: Uint8Array[] = []
  for await (const chunk of stream) copies.push(chunk.slice())
  return new Uint8Array(Buffer.concat(copies))
}

/** Bytes that contain CR, LF and dashes, so a sloppy boundary search would cut them short. */
function trickyBytes(size: number) {
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i++) bytes[i] = [13, 10, 45, 45, 65, (i * 31) & 0xff][i % 6]!
  return bytes
}

describe('openFilePart', () => {
  test.each([1, 7, 70, 4096])(
    'streams the file field exactly, whatever the chunk size (%i bytes)',
    async (chunk) => {
      const data = trickyBytes(20_000)
      const form = new FormData()
      form.append('note', 'a field before the file')
      form.append('file', new File([data], 'report.pdf', { type: 'application/pdf' }))
      form.append('after', 'ignored')
      const part = await openFilePart(await formRequest(form, chunk), 'file', options)
      expect(part.filename).toBe('report.pdf')
      expect(part.contentType).toBe('application/pdf')
      expect(await readAll(part.body)).toEqual(data)
    },
  )

  test('each request chunk is freed once the parser is done with it and the reader has read on', async () => {
    const data = trickyBytes(200_000)
    const form = new FormData()
    form.append('file', new File([data], 'big.bin'))
    const sent: Uint8Array[] = []
    const part = await openFilePart(await formRequest(form, 4096, true, sent), 'file', options)
    expect(await readAll(part.body)).toEqual(data)
    const freed = sent.filter((chunk) => chunk.byteLength === 0).length
    // All but the last few: the one that held the end, and those whose views the reader got last.
    expect(freed).toBeGreaterThan(sent.length - 4)
  })

  test('an empty file is an empty stream', async () => {
    const form = new FormData()
    form.append('file', new File([], 'empty.txt', { type: 'text/plain' }))
    const part = await openFilePart(await formRequest(form, 64), 'file', options)
    expect((await readAll(part.body)).length).toBe(0)
  })

  test('a declared Content-Length over the limit is refused before the body is read', async () => {
    let pulls = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1
        controller.enqueue(new Uint8Array(1024))
      },
    })
    const request = new Request('http://localhost/u', {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(50 * 1024 * 1024),
      },
      body,
      duplex: 'half',
    } as RequestInit)
    await expect(openFilePart(request, 'file', options)).rejects.toThrow('too large')
    expect(pulls).toBeLessThanOrEqual(1)
  })

  test('without Content-Length the file errors as soon as it passes the limit', async () => {
    const form = new FormData()
    form.append('file', new File([new Uint8Array(3 * 1024 * 1024)], 'big.bin'))
    const part = await openFilePart(await formRequest(form, 64 * 1024, false), 'file', options)
    await expect(readAll(part.body)).rejects.toThrow('too large')
  })

  test('a body that stops in the middle of the file is a 400, not a short file', async () => {
    const form = new FormData()
    form.append('file', new File([trickyBytes(5000)], 'cut.bin'))
    const full = await formRequest(form, 1 << 20)
    const type = full.headers.get('content-type')!
    const bytes = new Uint8Array(await full.arrayBuffer()).subarray(0, 3000)
    const request = new Request('http://localhost/u', {
      method: 'POST',
      headers: { 'content-type': type },
      body: bytes,
    })
    const part = await openFilePart(request, 'file', options)
    await expect(readAll(part.body)).rejects.toMatchObject({ status: 400, message: 'Malformed upload' })
  })

  test('a form without the file field, a non-multipart body and a missing boundary are 400s', async () => {
    const form = new FormData()
    form.append('other', new File(['x'], 'x.txt'))
    form.append('file', 'a plain field, not a file')
    await expect(openFilePart(await formRequest(form, 100), 'file', options)).rejects.toMatchObject({
      status: 400,
      message: 'No file was uploaded',
    })
    const json = new Request('http://localhost/u', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    await expect(openFilePart(json, 'file', options)).rejects.toMatchObject({ status: 400 })
    const noBoundary = new Request('http://localhost/u', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'multipart/form-data' },
    })
    await expect(openFilePart(noBoundary, 'file', options)).rejects.toMatchObject({ status: 400 })
    const garbage = new Request('http://localhost/u', {
      method: 'POST',
      body: 'no boundary anywhere in here',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    })
    await expect(openFilePart(garbage, 'file', options)).rejects.toMatchObject({ status: 400 })
  })
})

describe('parseDisposition', () => {
  test('reads the name and a UTF-8 filename, undoing the HTML encoding of quotes and line breaks', () => {
    expect(parseDisposition('form-data; name="file"; filename="résumé %22final%22.pdf"')).toEqual({
      name: 'file',
      filename: 'résumé "final".pdf',
    })
  })
  test('filename* (RFC 5987) wins over filename', () => {
    expect(
      parseDisposition(`form-data; name="file"; filename="x.txt"; filename*=UTF-8''%E2%82%AC%20rates.txt`),
    ).toEqual({
      name: 'file',
      filename: '€ rates.txt',
    })
  })
  test('a field without filename has none', () => {
    expect(parseDisposition('form-data; name="note"')).toEqual({ name: 'note' })
  })
})
