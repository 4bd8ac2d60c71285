import { describe, expect, test } from 'bun:test'
import { AppError } from '../http/errors'
import { SVG_WITH_SCRIPT, TINY_GIF, TINY_JPEG, TINY_PNG, TINY_WEBP } from '../test/images'
import { detectImageType, imageMimeFromKey } from './image-type'
import { MULTIPART_OVERHEAD_BYTES, readLimitedForm } from './read-upload'
import { contentDisposition, safeContentType, sendStoredFile } from './send-stored-file'

describe('sendStoredFile', () => {
  test('sends a safe image inline with nosniff, a sandbox CSP and its length', async () => {
    const res = sendStoredFile(new Blob([TINY_PNG]), {
      filename: 'me.png',
      contentType: 'image/png',
      inline: true,
    })
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="me.png"; filename*=UTF-8''me.png`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toBe('sandbox')
    expect(res.headers.get('content-length')).toBe(String(TINY_PNG.length))
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(TINY_PNG)
  })

  test.each([
    'image/svg+xml',
    'text/html',
    'text/html; charset=utf-8',
    'application/xhtml+xml',
    'text/xml',
    'application/xml',
    'application/javascript',
    'text/javascript',
    'TEXT/HTML',
    'application/rss+xml',
    'application/xml-dtd',
  ])('never serves %s as a renderable type', (type) => {
    const res = sendStoredFile(new Blob(['<x/>']), { filename: 'x', contentType: type, inline: true })
    expect(res.headers.get('content-type')).toBe('application/octet-stream')
    expect(res.headers.get('content-disposition')).toStartWith('attachment;')
  })

  test('a type that is not known to be safe is downloaded even when inline was asked', () => {
    const res = sendStoredFile(new Blob(['x']), {
      filename: 'a.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      inline: true,
    })
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
    expect(res.headers.get('content-disposition')).toStartWith('attachment;')
  })

  test('inline false is a download even for an image', () => {
    const res = sendStoredFile(new Blob([TINY_PNG]), {
      filename: 'a.png',
      contentType: 'image/png',
      inline: false,
    })
    expect(res.headers.get('content-disposition')).toStartWith('attachment;')
  })

  test('a custom Cache-Control is used', () => {
    const res = sendStoredFile(new Blob(['x']), {
      filename: 'a',
      contentType: 'text/plain',
      inline: true,
      cacheControl: 'public, max-age=60',
    })
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
  })
})

describe('safeContentType', () => {
  test('keeps the essence in lower case and a text charset, drops other parameters', () => {
    expect(safeContentType('Image/PNG; foo=bar')).toBe('image/png')
    expect(safeContentType('text/plain; charset=UTF-8')).toBe('text/plain; charset=utf-8')
  })

  test('a malformed or header-injecting type becomes octet-stream', () => {
    for (const bad of ['', 'png', 'image/png\r\nSet-Cookie: a=b', 'image/ png', '../x']) {
      expect(safeContentType(bad)).toBe('application/octet-stream')
    }
  })
})

describe('contentDisposition', () => {
  test('keeps a UTF-8 name exactly in filename* and gives an ASCII fallback', () => {
    expect(contentDisposition('résumé été.pdf', false)).toBe(
      `attachment; filename="r_sum_ _t_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%C3%A9t%C3%A9.pdf`,
    )
  })

  test('strips quotes, control characters and path separators, so the header cannot be broken', () => {
    const header = contentDisposition('a"b\r\nSet-Cookie: x=1\u0000/..\\c.txt', true)
    expect(header).toBe(
      `inline; filename="abSet-Cookie: x=1_.._c.txt"; filename*=UTF-8''a%22bSet-Cookie%3A%20x%3D1_.._c.txt`,
    )
    expect(header).not.toMatch(/[\r\n]/)
    expect(header).not.toContain('\u0000')
  })

  test("encodes RFC 5987's reserved characters and survives lone surrogates", () => {
    expect(contentDisposition("it's (1)*.txt", false)).toContain(`filename*=UTF-8''it%27s%20%281%29%2A.txt`)
    expect(() => contentDisposition('bad\uD800name', false)).not.toThrow()
  })

  test('an empty or all-unsafe name falls back to "download"', () => {
    expect(contentDisposition('', false)).toBe(`attachment; filename="download"; filename*=UTF-8''download`)
    expect(contentDisposition('"""', false)).toStartWith('attachment; filename="download";')
  })
})

describe('detectImageType', () => {
  test('recognises PNG, JPEG, GIF and WebP from their bytes', () => {
    expect(detectImageType(TINY_PNG)).toEqual({ mime: 'image/png', ext: 'png' })
    expect(detectImageType(TINY_JPEG)).toEqual({ mime: 'image/jpeg', ext: 'jpg' })
    expect(detectImageType(TINY_GIF)).toEqual({ mime: 'image/gif', ext: 'gif' })
    expect(detectImageType(TINY_WEBP)).toEqual({ mime: 'image/webp', ext: 'webp' })
  })

  test('refuses SVG, text, an empty file and a truncated signature', () => {
    expect(detectImageType(SVG_WITH_SCRIPT)).toBeNull()
    expect(detectImageType(new TextEncoder().encode('just text, named .png'))).toBeNull()
    expect(detectImageType(new Uint8Array())).toBeNull()
    expect(detectImageType(TINY_PNG.slice(0, 4))).toBeNull()
    expect(detectImageType(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull()
  })

  test('maps a stored key back to its type', () => {
    expect(imageMimeFromKey('users/u/avatar-abc.webp')).toBe('image/webp')
    expect(imageMimeFromKey('users/u/avatar-abc.svg')).toBeNull()
  })
})

describe('readLimitedForm', () => {
  const tooLarge = () => new AppError('payload_too_large', 'too large')
  const formRequest = (form: FormData) => new Request('http://localhost/u', { method: 'PUT', body: form })

  test('reads a multipart body within the limit', async () => {
    const form = new FormData()
    form.append('file', new File([TINY_PNG], 'a.png', { type: 'image/png' }))
    const parsed = await readLimitedForm(formRequest(form), 1000, tooLarge)
    const file = parsed.get('file') as File
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(TINY_PNG)
    expect(file.name).toBe('a.png')
  })

  test('refuses by Content-Length before reading the body', async () => {
    let pulls = 0
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls += 1
          controller.enqueue(new Uint8Array(1024))
        },
      },
      { highWaterMark: 0 },
    )
    const request = new Request('http://localhost/u', {
      method: 'PUT',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(50 * 1024 * 1024),
      },
      body,
    })
    await expect(readLimitedForm(request, 1024, tooLarge)).rejects.toThrow('too large')
    expect(pulls).toBeLessThanOrEqual(1)
  })

  test('cuts off a body without Content-Length as soon as it passes the limit', async () => {
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16 * 1024
        controller.enqueue(new Uint8Array(16 * 1024))
      },
    })
    const request = new Request('http://localhost/u', {
      method: 'PUT',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body,
    })
    await expect(readLimitedForm(request, 1024, tooLarge)).rejects.toThrow('too large')
    expect(sent).toBeLessThan(1024 + MULTIPART_OVERHEAD_BYTES + 3 * 16 * 1024)
  })

  test('refuses a body that is not multipart, and a malformed one, with a 400', async () => {
    const json = new Request('http://localhost/u', {
      method: 'PUT',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    await expect(readLimitedForm(json, 1000, tooLarge)).rejects.toMatchObject({ status: 400 })
    const broken = new Request('http://localhost/u', {
      method: 'PUT',
      body: 'not multipart at all',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    })
    await expect(readLimitedForm(broken, 1000, tooLarge)).rejects.toMatchObject({ status: 400 })
  })
})
