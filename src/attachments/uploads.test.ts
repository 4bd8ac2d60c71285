import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { attachments, chats, messages } from '../../db/schema'
import { buildDocx, buildDocxEntries, buildFillerLines, buildPdf, buildZip } from '../test/docs'
import { startApp, type TestApp } from '../test/harness'
import { SVG_WITH_SCRIPT, TINY_JPEG, TINY_PNG } from '../test/images'
import { bindAttachments } from './service'

type User = Awaited<ReturnType<TestApp['createUser']>>

let t: TestApp
let alice: User
let bob: User
beforeAll(async () => {
  t = await startApp()
  alice = await t.createUser()
  bob = await t.createUser()
}, 60_000)
afterAll(() => t?.close())

const text = (value: string) => new TextEncoder().encode(value)

function upload(user: User | null, bytes: Uint8Array, name: string, type = '') {
  const form = new FormData()
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }))
  return t.request('/api/uploads', { method: 'POST', headers: user?.headers ?? {}, body: form })
}

async function uploadOk(user: User, bytes: Uint8Array, name: string, type = '') {
  const res = await upload(user, bytes, name, type)
  expect(res.status).toBe(201)
  const body = await res.json()
  return body.data as {
    id: string
    filename: string
    contentType: string
    size: number
    kind: string
    warning?: string
  }
}

const rowOf = async (id: string) =>
  (await t.ctx.db.select().from(attachments).where(eq(attachments.id, id)))[0]

/** Every file under DATA_DIR, relative to it: uploads must land under files/users/<id>/uploads/ and nowhere else. */
async function dataFiles(): Promise<string[]> {
  const entries = await readdir(t.ctx.config.dataDir, { recursive: true, withFileTypes: true }).catch(
    () => [],
  )
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(t.ctx.config.dataDir.length + 1))
    .sort()
}

async function createMessage(user: User) {
  const [chat] = await t.ctx.db.insert(chats).values({ userId: user.id }).returning()
  const [message] = await t.ctx.db
    .insert(messages)
    .values({ chatId: chat!.id, userId: user.id, content: 'hi', isUser: true })
    .returning()
  return message!
}

const limits = { maxFiles: 10 }

describe('POST /api/uploads', () => {
  test('a PDF is stored under a generated key, classified from its bytes, and its text extracted', async () => {
    const bytes = buildPdf({ pages: [['Quarterly revenue grew 12%'], ['Second page']] })
    const data = await uploadOk(alice, bytes, 'report.pdf', 'application/pdf')
    expect(data).toEqual({
      id: expect.any(String),
      filename: 'report.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      kind: 'pdf',
    })
    const row = await rowOf(data.id)
    expect(row!.storageKey).toBe(`users/${alice.id}/uploads/${data.id}`)
    expect(row!.messageId).toBeNull()
    expect(row!.extractedText).toContain('Quarterly revenue grew 12%')
    expect(row!.extractedText).toContain('Second page')
    expect(row!.extractionError).toBeNull()
    const stored = await t.ctx.storage.get(row!.storageKey)
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(new Uint8Array(bytes))
  })

  test('a DOCX and a Markdown file have their text extracted; the text type is kept', async () => {
    const docx = await uploadOk(
      alice,
      buildDocx([{ heading: 'Plan' }, { paragraph: 'Ship it' }]),
      'plan.docx',
    )
    expect(docx.kind).toBe('docx')
    expect((await rowOf(docx.id))!.extractedText).toBe('# Plan\n\nShip it')
    const md = await uploadOk(alice, text('# Notes\n- one'), 'notes.md', '')
    expect(md).toMatchObject({ kind: 'text', contentType: 'text/markdown' })
    expect((await rowOf(md.id))!.extractedText).toBe('# Notes\n- one')
  })

  test('an image and an other file keep their type and get no extracted text', async () => {
    const image = await uploadOk(alice, TINY_JPEG, 'photo.jpg', 'image/jpeg')
    expect(image).toMatchObject({ kind: 'image', contentType: 'image/jpeg', size: TINY_JPEG.length })
    expect((await rowOf(image.id))!.extractedText).toBeNull()
    const other = await uploadOk(alice, new Uint8Array([1, 2, 3, 0, 255]), 'data.bin', 'application/x-thing')
    expect(other).toMatchObject({ kind: 'other', contentType: 'application/x-thing', size: 5 })
  })

  test('without a session the upload is refused with 401 and nothing is stored', async () => {
    const before = await dataFiles()
    const res = await upload(null, text('hello'), 'a.txt', 'text/plain')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ success: false, error: 'No active session', code: 'unauthorized' })
    expect(await dataFiles()).toEqual(before)
  })

  test.each([
    ['../../../etc/passwd.txt', 'passwd.txt'],
    ['..\\..\\windows\\win.ini.txt', 'win.ini.txt'],
    ['evil\u0000name\u202E.txt', 'evilname.txt'],
    ['..', 'file'],
  ])('the name %j is stored as %j and never reaches the storage path', async (name, safe) => {
    const data = await uploadOk(alice, text('content'), name, 'text/plain')
    expect(data.filename).toBe(safe)
    const files = await dataFiles()
    expect(files).toContain(`files/users/${alice.id}/uploads/${data.id}`)
    for (const file of files) expect(file).toMatch(/^files\/users\/[0-9a-f-]{36}\/uploads\/[0-9a-f-]{36}$/)
  })

  test('a 300-character name is cut to 255 bytes keeping its extension', async () => {
    const data = await uploadOk(alice, text('long'), `${'a'.repeat(296)}.txt`, 'text/plain')
    expect(data.filename).toBe(`${'a'.repeat(251)}.txt`)
  })

  test('an empty file is refused with 422 and leaves nothing behind', async () => {
    const before = await dataFiles()
    const res = await upload(alice, new Uint8Array(), 'empty.txt', 'text/plain')
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ success: false, error: 'The file is empty: empty.txt' })
    expect(await dataFiles()).toEqual(before)
  })

  test('a .pdf that is really a PNG is refused with 415, no row and no file left', async () => {
    const before = await dataFiles()
    const rowsBefore = await t.ctx.db.select().from(attachments)
    const res = await upload(alice, TINY_PNG, 'invoice.pdf', 'application/pdf')
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({
      success: false,
      error: "The file's contents do not match its type: invoice.pdf",
      code: 'unsupported_media_type:file_content',
    })
    expect(await dataFiles()).toEqual(before)
    expect(await t.ctx.db.select().from(attachments)).toHaveLength(rowsBefore.length)
  })

  test('an image/png that is a JPEG, and a .txt with binary bytes, are refused with 415', async () => {
    expect((await upload(alice, TINY_JPEG, 'a.png', 'image/png')).status).toBe(415)
    expect((await upload(alice, new Uint8Array([0x41, 0, 0x42]), 'a.txt', 'text/plain')).status).toBe(415)
  })

  test('an encrypted PDF is accepted with the section 8 warning, and the fallback text is stored', async () => {
    const bytes = buildPdf({ pages: [['Top secret']], encrypted: true })
    const data = await uploadOk(alice, bytes, 'secret.pdf', 'application/pdf')
    expect(data.warning).toBe('Failed to read file: secret.pdf')
    const row = await rowOf(data.id)
    expect(row!.extractedText).toBe(
      `[PDF File: secret.pdf]\n[Unable to extract text from PDF. File size: ${bytes.length} bytes]`,
    )
    expect(row!.extractionError).toBe('Failed to read file: secret.pdf')
  })

  test('a zip-bomb DOCX is accepted with the DOCX warning and its fallback text', async () => {
    const bytes = buildZip([
      ...buildDocxEntries([{ paragraph: 'Hi' }]),
      { name: 'word/media/image1.png', data: 'x', declaredSize: 4_000_000_000 },
    ])
    const data = await uploadOk(alice, bytes, 'bomb.docx')
    expect(data.warning).toBe('Failed to read DOCX file: bomb.docx')
    expect((await rowOf(data.id))!.extractedText).toBe(
      `[DOCX File: bomb.docx]\n[Unable to extract text from DOCX. File size: ${bytes.length} bytes]`,
    )
  })

  test('a Content-Length over the limit is refused with 413 before the body is read', async () => {
    let pulls = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1
        controller.enqueue(new Uint8Array(64 * 1024))
      },
    })
    const res = await t.request('/api/uploads', {
      method: 'POST',
      headers: {
        ...alice.headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(26 * 1024 * 1024),
      },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ success: false, error: 'File is too large (max 25 MB)' })
    expect(pulls).toBeLessThanOrEqual(1)
  })

  test('a body without Content-Length is cut off once the file passes the limit, leaving nothing', async () => {
    const before = await dataFiles()
    const boundary = 'parleyboundary'
    const head = text(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    )
    let sent = 0
    const chunk = new Uint8Array(1024 * 1024).fill(7)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head)
      },
      pull(controller) {
        sent += chunk.length
        // Endless: only the server's limit stops it. A fresh chunk each time, as a socket's are: the
        // server frees a request's chunk once it is done with it (decision 190).
        controller.enqueue(chunk.slice())
      },
    })
    const res = await t.request('/api/uploads', {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ success: false, error: 'File is too large (max 25 MB)' })
    expect(sent).toBeLessThan(30 * 1024 * 1024)
    expect(await dataFiles()).toEqual(before)
  })

  test('a form without the file field is a 400', async () => {
    const form = new FormData()
    form.append('note', 'no file here')
    const res = await t.request('/api/uploads', { method: 'POST', headers: alice.headers, body: form })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ success: false, error: 'No file was uploaded' })
  })

  test('the server keeps answering while a large PDF is being extracted', async () => {
    const bytes = buildPdf({ pages: Array.from({ length: 400 }, (_, i) => buildFillerLines(i + 1, 400)) })
    let settled = false
    const pending = upload(alice, bytes, 'big.pdf', 'application/pdf').then((res) => {
      settled = true
      return res
    })
    // Wait until the upload is past storing and into extraction (its row is complete in storage).
    await Bun.sleep(200)
    const timings: number[] = []
    while (!settled && timings.length < 50) {
      const started = performance.now()
      const res = await t.request('/api/health')
      expect(res.status).toBe(200)
      timings.push(performance.now() - started)
      await Bun.sleep(20)
    }
    const res = await pending
    expect(res.status).toBe(201)
    expect(timings.length).toBeGreaterThan(3)
    // Extraction takes seconds; a blocked event loop would hold a health request that long.
    expect(Math.max(...timings)).toBeLessThan(500)
    const { data } = await res.json()
    expect((await rowOf(data.id))!.extractedText).toContain('Page 400 marker')
    console.log(
      `health during extraction of a ${(bytes.length / 1024 / 1024).toFixed(1)} MB, 400-page PDF: ` +
        `${timings.length} requests, max ${Math.max(...timings).toFixed(1)} ms`,
    )
  }, 60_000)
})

describe('DELETE /api/uploads/:id', () => {
  test('removes the user’s un-sent upload: row and file', async () => {
    const data = await uploadOk(alice, text('draft'), 'draft.txt', 'text/plain')
    const key = (await rowOf(data.id))!.storageKey
    const res = await t.request(`/api/uploads/${data.id}`, { method: 'DELETE', headers: alice.headers })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true })
    expect(await rowOf(data.id)).toBeUndefined()
    expect(await t.ctx.storage.get(key)).toBeNull()
  })

  test('another user’s upload, an unknown id and a malformed id are 404 "File not found"', async () => {
    const data = await uploadOk(alice, text('mine'), 'mine.txt', 'text/plain')
    for (const id of [data.id, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await t.request(`/api/uploads/${id}`, { method: 'DELETE', headers: bob.headers })
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ success: false, error: 'File not found' })
    }
    expect(await rowOf(data.id)).toBeDefined()
    expect(await t.ctx.storage.get((await rowOf(data.id))!.storageKey)).not.toBeNull()
  })

  test('a sent file cannot be removed (409)', async () => {
    const data = await uploadOk(alice, text('sent'), 'sent.txt', 'text/plain')
    const message = await createMessage(alice)
    await bindAttachments(t.ctx.db, t.actorOf(alice), message.id, [data.id], limits)
    const res = await t.request(`/api/uploads/${data.id}`, { method: 'DELETE', headers: alice.headers })
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({
      success: false,
      error: 'This file was already sent with a message',
    })
  })

  test('a cookie-authenticated delete from another origin is refused', async () => {
    const data = await uploadOk(alice, text('x'), 'x.txt', 'text/plain')
    const res = await t.request(`/api/uploads/${data.id}`, {
      method: 'DELETE',
      headers: { cookie: `parley_session=${alice.token}`, origin: 'http://evil.example' },
    })
    expect(res.status).toBe(403)
    expect(await rowOf(data.id)).toBeDefined()
  })
})

describe('GET /api/files/:id', () => {
  test('an image is served inline to its owner with safe headers; ?download=1 makes it an attachment', async () => {
    const data = await uploadOk(alice, TINY_PNG, 'me.png', 'image/png')
    const res = await t.request(`/api/files/${data.id}`, { headers: alice.headers })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="me.png"; filename*=UTF-8''me.png`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toBe('sandbox')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(TINY_PNG)
    const download = await t.request(`/api/files/${data.id}?download=1`, { headers: alice.headers })
    expect(download.headers.get('content-disposition')).toStartWith('attachment;')
  })

  test('a PDF opens inline; a text file and a DOCX download', async () => {
    const pdf = await uploadOk(alice, buildPdf({ pages: [['x']] }), 'a.pdf', 'application/pdf')
    const pdfRes = await t.request(`/api/files/${pdf.id}`, { headers: alice.headers })
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf')
    expect(pdfRes.headers.get('content-disposition')).toStartWith('inline;')
    const txt = await uploadOk(alice, text('hello'), 'a.txt', 'text/plain')
    const txtRes = await t.request(`/api/files/${txt.id}`, { headers: alice.headers })
    expect(txtRes.headers.get('content-disposition')).toStartWith('attachment;')
    expect(await txtRes.text()).toBe('hello')
    const docx = await uploadOk(alice, buildDocx([{ paragraph: 'd' }]), 'a.docx')
    const docxRes = await t.request(`/api/files/${docx.id}`, { headers: alice.headers })
    expect(docxRes.headers.get('content-disposition')).toStartWith('attachment;')
  })

  test('SVG and HTML uploads are never served as renderable pages', async () => {
    const svg = await uploadOk(alice, SVG_WITH_SCRIPT, 'x.svg', 'image/svg+xml')
    expect(svg.kind).toBe('other')
    const svgRes = await t.request(`/api/files/${svg.id}`, { headers: alice.headers })
    expect(svgRes.headers.get('content-type')).toBe('application/octet-stream')
    expect(svgRes.headers.get('content-disposition')).toStartWith('attachment;')
    const html = await uploadOk(alice, text('<script>alert(1)</script>'), 'x.html', 'text/html')
    expect(html.contentType).toBe('text/plain')
    const htmlRes = await t.request(`/api/files/${html.id}`, { headers: alice.headers })
    expect(htmlRes.headers.get('content-type')).toBe('text/plain')
    expect(htmlRes.headers.get('content-disposition')).toStartWith('attachment;')
  })

  test('another user’s file, an unknown id and a malformed id are 404; no session is 401', async () => {
    const data = await uploadOk(alice, text('private'), 'private.txt', 'text/plain')
    for (const id of [data.id, crypto.randomUUID(), '..%2F..%2Fetc']) {
      const res = await t.request(`/api/files/${id}`, { headers: bob.headers })
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ success: false, error: 'File not found' })
    }
    expect((await t.request(`/api/files/${data.id}`)).status).toBe(401)
  })

  test('a file whose bytes are gone from storage is 404, not 500', async () => {
    const data = await uploadOk(alice, text('gone'), 'gone.txt', 'text/plain')
    await t.ctx.storage.delete((await rowOf(data.id))!.storageKey)
    const res = await t.request(`/api/files/${data.id}`, { headers: alice.headers })
    expect(res.status).toBe(404)
  })
})

describe('GET /api/messages/:id/attachments', () => {
  test('lists the message’s files as stored, with file_data pointing at the file URL', async () => {
    const a = await uploadOk(alice, buildPdf({ pages: [['a']] }), 'a.pdf', 'application/pdf')
    const b = await uploadOk(alice, TINY_PNG, 'b.png', 'image/png')
    const message = await createMessage(alice)
    await bindAttachments(t.ctx.db, t.actorOf(alice), message.id, [a.id, b.id], limits)
    const res = await t.request(`/api/messages/${message.id}/attachments`, { headers: alice.headers })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      success: true,
      data: [
        {
          id: a.id,
          filename: 'a.pdf',
          content_type: 'application/pdf',
          size: a.size,
          kind: 'pdf',
          file_data: `/api/files/${a.id}`,
        },
        {
          id: b.id,
          filename: 'b.png',
          content_type: 'image/png',
          size: b.size,
          kind: 'image',
          file_data: `/api/files/${b.id}`,
        },
      ],
    })
    const served = await t.request(`/api/files/${b.id}`, { headers: alice.headers })
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_PNG)
  })

  test('a message without files lists none; another user’s message and an unknown one are 404', async () => {
    const message = await createMessage(alice)
    const empty = await t.request(`/api/messages/${message.id}/attachments`, { headers: alice.headers })
    expect(await empty.json()).toEqual({ success: true, data: [] })
    for (const id of [message.id, crypto.randomUUID(), 'nope']) {
      const res = await t.request(`/api/messages/${id}/attachments`, { headers: bob.headers })
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ success: false, error: 'Message not found' })
    }
  })
})
