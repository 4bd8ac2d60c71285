import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq, inArray } from 'drizzle-orm'
import { attachments, chats, messages } from '../../db/schema'
import { buildDocx, buildPdf } from '../test/docs'
import { startApp, type TestApp } from '../test/harness'
import { TINY_JPEG, TINY_PNG } from '../test/images'
import { attachmentsFor } from './attachments-data'
import { decodeDataUrl } from './inline-import'
import {
  attachmentMarker,
  bindAttachments,
  buildModelContent,
  importInlineAttachments,
  sweepStaleUploads,
} from './service'

type User = Awaited<ReturnType<TestApp['createUser']>>

/** A small limit, so the configured figure shows in the messages and limits are cheap to cross. */
const MAX_BYTES = 4096

let t: TestApp
let alice: User
let bob: User
beforeAll(async () => {
  t = await startApp({ UPLOAD_MAX_FILE_BYTES: String(MAX_BYTES), UPLOAD_MAX_FILES: '3' })
  alice = await t.createUser()
  bob = await t.createUser()
}, 60_000)
afterAll(() => t?.close())

const limits = { maxFiles: 3 }
const text = (value: string) => new TextEncoder().encode(value)

async function uploadId(user: User, bytes: Uint8Array, name: string, type = ''): Promise<string> {
  const form = new FormData()
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }))
  const res = await t.request('/api/uploads', { method: 'POST', headers: user.headers, body: form })
  expect(res.status).toBe(201)
  return (await res.json()).data.id
}

async function createMessage(user: User) {
  const [chat] = await t.ctx.db.insert(chats).values({ userId: user.id }).returning()
  const [message] = await t.ctx.db
    .insert(messages)
    .values({ chatId: chat!.id, userId: user.id, content: 'hi', isUser: true })
    .returning()
  return message!
}

const rowsOf = (ids: string[]) => t.ctx.db.select().from(attachments).where(inArray(attachments.id, ids))
const messageIdsOf = async (ids: string[]) => (await rowsOf(ids)).map((row) => row.messageId)

describe('bindAttachments', () => {
  test('the message lists its files in the order sent, not the order their uploads finished', async () => {
    const [a, b, c] = [
      await uploadId(alice, text('a'), 'a.txt'),
      await uploadId(alice, text('b'), 'b.txt'),
      await uploadId(alice, text('c'), 'c.txt'),
    ]
    const message = await createMessage(alice)
    await bindAttachments(t.ctx.db, t.actorOf(alice), message.id, [c!, a!, b!], limits)
    const listed = await attachmentsFor(t.ctx.db, t.actorOf(alice)).ofMessages([message.id])
    expect(listed.map((file) => file.filename)).toEqual(['c.txt', 'a.txt', 'b.txt'])

    // After files placed first (an edit's kept ones), new ones follow from the place given.
    const kept = await uploadId(alice, text('k'), 'kept.txt')
    const [d, e] = [await uploadId(alice, text('d'), 'd.txt'), await uploadId(alice, text('e'), 'e.txt')]
    const edited = await createMessage(alice)
    await bindAttachments(t.ctx.db, t.actorOf(alice), edited.id, [e!, d!], limits, 1)
    await bindAttachments(t.ctx.db, t.actorOf(alice), edited.id, [kept], limits)
    const editedFiles = await attachmentsFor(t.ctx.db, t.actorOf(alice)).ofMessages([edited.id])
    expect(editedFiles.map((file) => file.filename)).toEqual(['kept.txt', 'e.txt', 'd.txt'])
  })

  test('binds the user’s un-sent uploads to the message, dropping duplicate ids', async () => {
    const ids = [await uploadId(alice, text('a'), 'a.txt'), await uploadId(alice, text('b'), 'b.txt')]
    const message = await createMessage(alice)
    expect(
      await bindAttachments(t.ctx.db, t.actorOf(alice), message.id, [ids[0]!, ids[1]!, ids[0]!], limits),
    ).toEqual(ids)
    expect(await messageIdsOf(ids)).toEqual([message.id, message.id])
    expect(await bindAttachments(t.ctx.db, t.actorOf(alice), message.id, [], limits)).toEqual([])
  })

  test('more files than allowed is 413 "Too many files (max N)" and nothing is bound', async () => {
    const ids = await Promise.all(['1', '2', '3', '4'].map((n) => uploadId(alice, text(n), `${n}.txt`)))
    const message = await createMessage(alice)
    const attempt = bindAttachments(t.ctx.db, t.actorOf(alice), message.id, ids, limits)
    await expect(attempt).rejects.toMatchObject({ status: 413, message: 'Too many files (max 3)' })
    expect(await messageIdsOf(ids)).toEqual([null, null, null, null])
  })

  test('another user’s upload, an unknown id or a malformed one is 404 "File not found"; nothing is bound', async () => {
    const mine = await uploadId(alice, text('mine'), 'mine.txt')
    const theirs = await uploadId(bob, text('theirs'), 'theirs.txt')
    const message = await createMessage(alice)
    for (const other of [theirs, crypto.randomUUID(), 'not-a-uuid']) {
      const attempt = bindAttachments(t.ctx.db, t.actorOf(alice), message.id, [mine, other], limits)
      await expect(attempt).rejects.toMatchObject({ status: 404, message: 'File not found' })
    }
    expect(await messageIdsOf([mine, theirs])).toEqual([null, null])
  })

  test('an upload already sent is 409 and the others stay un-sent', async () => {
    const sent = await uploadId(alice, text('s'), 's.txt')
    const fresh = await uploadId(alice, text('f'), 'f.txt')
    const first = await createMessage(alice)
    await bindAttachments(t.ctx.db, t.actorOf(alice), first.id, [sent], limits)
    const second = await createMessage(alice)
    const attempt = bindAttachments(t.ctx.db, t.actorOf(alice), second.id, [fresh, sent], limits)
    await expect(attempt).rejects.toMatchObject({ status: 409 })
    const rows = await rowsOf([sent, fresh])
    expect(rows.find((row) => row.id === fresh)!.messageId).toBeNull()
    expect(rows.find((row) => row.id === sent)!.messageId).toBe(first.id)
  })

  test('two sends racing for the same upload: exactly one wins, the other binds nothing', async () => {
    const shared = await uploadId(alice, text('race'), 'race.txt')
    const own = await uploadId(alice, text('own'), 'own.txt')
    const [m1, m2] = [await createMessage(alice), await createMessage(alice)]
    const results = await Promise.allSettled([
      bindAttachments(t.ctx.db, t.actorOf(alice), m1.id, [shared], limits),
      bindAttachments(t.ctx.db, t.actorOf(alice), m2.id, [own, shared], limits),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const rows = await rowsOf([shared, own])
    const winner = rows.find((row) => row.id === shared)!.messageId
    expect(rows.find((row) => row.id === own)!.messageId).toBe(winner === m2.id ? m2.id : null)
  })

  test('the message must be the user’s (404 "Message not found")', async () => {
    const id = await uploadId(alice, text('x'), 'x.txt')
    const bobsMessage = await createMessage(bob)
    const attempt = bindAttachments(t.ctx.db, t.actorOf(alice), bobsMessage.id, [id], limits)
    await expect(attempt).rejects.toMatchObject({ status: 404, message: 'Message not found' })
  })

  test('works inside the transaction that stores the message', async () => {
    const id = await uploadId(alice, text('tx'), 'tx.txt')
    const [chat] = await t.ctx.db.insert(chats).values({ userId: alice.id }).returning()
    const messageId = await t.ctx.db.transaction(async (tx) => {
      const [message] = await tx
        .insert(messages)
        .values({ chatId: chat!.id, userId: alice.id, content: 'with file', isUser: true })
        .returning()
      await bindAttachments(tx, t.actorOf(alice), message!.id, [id], limits)
      return message!.id
    })
    expect(await messageIdsOf([id])).toEqual([messageId])
  })
})

describe('attachmentMarker', () => {
  test('is a blank line then "[Files attached: name1, name2]" (spec section 4, step 3)', () => {
    expect(`Please summarise${attachmentMarker(['report.pdf', 'data.csv'])}`).toBe(
      'Please summarise\n\n[Files attached: report.pdf, data.csv]',
    )
    expect(attachmentMarker(['one.txt'])).toBe('\n\n[Files attached: one.txt]')
    expect(attachmentMarker([])).toBe('')
  })
})

describe('buildModelContent', () => {
  test('documents become text parts named by file; a failed one carries the spec fallback', async () => {
    const pdf = await uploadId(alice, buildPdf({ pages: [['Revenue 12%']] }), 'report.pdf', 'application/pdf')
    const locked = buildPdf({ pages: [['x']], encrypted: true })
    const failed = await uploadId(alice, locked, 'locked.pdf', 'application/pdf')
    const docx = await uploadId(alice, buildDocx([{ paragraph: 'Word text' }]), 'w.docx')
    const parts = await buildModelContent(t.ctx, t.actorOf(alice), [pdf, failed, docx], {
      supportsVision: false,
    })
    expect(parts).toEqual([
      { type: 'text', text: '--- File: report.pdf ---\nRevenue 12%' },
      {
        type: 'text',
        text: `--- File: locked.pdf ---\n[PDF File: locked.pdf]\n[Unable to extract text from PDF. File size: ${locked.length} bytes]`,
      },
      { type: 'text', text: '--- File: w.docx ---\nWord text' },
    ])
  })

  test('an image is an image_url data URL for a vision model, and a note for the others', async () => {
    const image = await uploadId(alice, TINY_PNG, 'chart.png', 'image/png')
    const vision = await buildModelContent(t.ctx, t.actorOf(alice), [image], { supportsVision: true })
    expect(vision).toEqual([
      {
        type: 'image_url',
        image_url: { url: `data:image/png;base64,${Buffer.from(TINY_PNG).toString('base64')}` },
      },
    ])
    const blind = await buildModelContent(t.ctx, t.actorOf(alice), [image], { supportsVision: false })
    expect(blind).toEqual([
      { type: 'text', text: '[Image attached: chart.png — this model cannot see images]' },
    ])
  })

  test('another file is named, not inlined; other users’ ids are skipped; order follows the ids', async () => {
    const other = await uploadId(alice, new Uint8Array([1, 2, 3]), 'blob.bin', 'application/octet-stream')
    const note = await uploadId(alice, text('note'), 'note.txt', 'text/plain')
    const bobs = await uploadId(bob, text('bob'), 'bob.txt', 'text/plain')
    const parts = await buildModelContent(t.ctx, t.actorOf(alice), [note, bobs, other], {
      supportsVision: true,
    })
    expect(parts).toEqual([
      { type: 'text', text: '--- File: note.txt ---\nnote' },
      {
        type: 'text',
        text: '[File attached: blob.bin (application/octet-stream, 3 Bytes) — its contents cannot be read as text]',
      },
    ])
  })
})

describe('importInlineAttachments (POST /api/chat "File attachment (as sent)")', () => {
  const dataUrl = (type: string, bytes: Uint8Array) =>
    `data:${type};base64,${Buffer.from(bytes).toString('base64')}`

  test('stores extracted text for documents and decoded bytes for images, ready to bind', async () => {
    const ids = await importInlineAttachments(t.ctx, t.actorOf(alice), [
      {
        name: 'report.pdf',
        type: 'application/pdf',
        contentType: 'application/pdf',
        size: 900,
        content: 'PDF text',
      },
      { name: 'notes.md', type: 'text/markdown', size: 5, content: '# Hi' },
      {
        name: 'pic.png',
        type: 'image/png',
        contentType: 'image/png',
        size: 70,
        content: dataUrl('image/png', TINY_PNG),
      },
    ])
    const rows = await rowsOf(ids)
    const byName = new Map(rows.map((row) => [row.filename, row]))
    expect(byName.get('report.pdf')).toMatchObject({
      kind: 'pdf',
      extractedText: 'PDF text',
      contentType: 'text/plain; charset=utf-8',
      messageId: null,
    })
    expect(byName.get('notes.md')).toMatchObject({
      kind: 'text',
      extractedText: '# Hi',
      contentType: 'text/markdown; charset=utf-8',
    })
    expect(byName.get('pic.png')).toMatchObject({
      kind: 'image',
      contentType: 'image/png',
      size: TINY_PNG.length,
    })
    const served = await t.request(`/api/files/${byName.get('pic.png')!.id}`, { headers: alice.headers })
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_PNG)
    const message = await createMessage(alice)
    expect(await bindAttachments(t.ctx.db, t.actorOf(alice), message.id, ids, limits)).toEqual(ids)
  })

  test('a data URL whose bytes contradict its type is 415, and files stored before it are removed', async () => {
    const before = (await t.ctx.db.select().from(attachments).where(eq(attachments.userId, alice.id))).length
    const attempt = importInlineAttachments(t.ctx, t.actorOf(alice), [
      { name: 'ok.txt', type: 'text/plain', content: 'fine' },
      { name: 'fake.png', type: 'image/png', content: dataUrl('image/png', TINY_JPEG) },
    ])
    await expect(attempt).rejects.toMatchObject({
      status: 415,
      message: "The file's contents do not match its type: fake.png",
    })
    const after = await t.ctx.db.select().from(attachments).where(eq(attachments.userId, alice.id))
    expect(after).toHaveLength(before)
  })

  test('an image whose content is not a data URL is 422 with the section 8 message', async () => {
    const attempt = importInlineAttachments(t.ctx, t.actorOf(alice), [
      { name: 'x.png', type: 'image/png', content: 'hello' },
    ])
    await expect(attempt).rejects.toMatchObject({ status: 422, message: 'Failed to process file: x.png' })
  })

  test('over the size limit is 413 with the configured figure; too many files is 413; empty text is 422', async () => {
    const big = dataUrl('application/octet-stream', new Uint8Array(MAX_BYTES + 1))
    await expect(
      importInlineAttachments(t.ctx, t.actorOf(alice), [{ name: 'b.bin', content: big }]),
    ).rejects.toMatchObject({
      status: 413,
      message: 'File is too large (max 4 KB)',
    })
    const longText = 'x'.repeat(MAX_BYTES + 1)
    await expect(
      importInlineAttachments(t.ctx, t.actorOf(alice), [{ name: 'l.txt', content: longText }]),
    ).rejects.toMatchObject({
      status: 413,
    })
    const four = ['1', '2', '3', '4'].map((n) => ({ name: `${n}.txt`, content: n }))
    await expect(importInlineAttachments(t.ctx, t.actorOf(alice), four)).rejects.toMatchObject({
      status: 413,
      message: 'Too many files (max 3)',
    })
    await expect(
      importInlineAttachments(t.ctx, t.actorOf(alice), [{ name: 'e.txt', content: '' }]),
    ).rejects.toMatchObject({
      status: 422,
      message: 'The file is empty: e.txt',
    })
  })

  test('decodeDataUrl reads base64 and percent-encoded payloads and refuses malformed ones', () => {
    expect(decodeDataUrl('data:text/plain,a%20b%E2%82%AC', 100)).toEqual({
      mediaType: 'text/plain',
      bytes: new Uint8Array([97, 32, 98, 0xe2, 0x82, 0xac]),
    })
    expect(decodeDataUrl('data:image/png;base64,iVBORw0K', 100)?.bytes).toEqual(TINY_PNG.subarray(0, 6))
    expect(decodeDataUrl('data:image/png;base64,@@@', 100)).toBeNull()
    expect(decodeDataUrl('not a data url', 100)).toBeNull()
    expect(decodeDataUrl('data:text/plain,%zz', 100)).toBeNull()
    expect(() => decodeDataUrl(`data:;base64,${'A'.repeat(400)}`, 100)).toThrow('File is too large')
  })
})

describe('acting for someone else (support access)', () => {
  test('files stored while an admin acts for a user are that user’s, under their folder, and only theirs', async () => {
    const admin = { ...t.actorOf(bob), role: 'admin' as const }
    const actingForAlice = {
      ...admin,
      userId: alice.id,
      impersonation: {
        id: crypto.randomUUID(),
        adminId: bob.id,
        adminEmail: bob.email,
        adminName: 'Bob',
        reasonCode: 'support',
        caseNumber: 'C-1',
        startedAt: new Date(),
        expiresAt: new Date(),
      },
    }
    const [id] = await importInlineAttachments(t.ctx, actingForAlice, [
      { name: 'for-alice.txt', content: 'x' },
    ])
    const [row] = await rowsOf([id!])
    expect(row).toMatchObject({ userId: alice.id, storageKey: `users/${alice.id}/uploads/${id}` })
    expect(await buildModelContent(t.ctx, t.actorOf(alice), [id!], { supportsVision: false })).toHaveLength(1)
    // The admin's own account does not see it: the data belongs to the user acted for.
    expect(await buildModelContent(t.ctx, admin, [id!], { supportsVision: false })).toEqual([])
  })
})

describe('sweepStaleUploads', () => {
  test('deletes un-sent uploads older than a day with their files, keeping sent and recent ones', async () => {
    const stale = await uploadId(alice, text('old draft'), 'old.txt')
    const sentOld = await uploadId(alice, text('old sent'), 'sent.txt')
    const recent = await uploadId(alice, text('new draft'), 'new.txt')
    const message = await createMessage(alice)
    await bindAttachments(t.ctx.db, t.actorOf(alice), message.id, [sentOld], limits)
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000)
    await t.ctx.db
      .update(attachments)
      .set({ createdAt: dayAgo })
      .where(inArray(attachments.id, [stale, sentOld]))
    const [staleRow] = await rowsOf([stale])

    expect(await sweepStaleUploads(t.ctx)).toBeGreaterThanOrEqual(1)
    expect(await rowsOf([stale])).toHaveLength(0)
    expect(await t.ctx.storage.get(staleRow!.storageKey)).toBeNull()
    expect((await rowsOf([sentOld, recent])).map((row) => row.id).sort()).toEqual([sentOld, recent].sort())
    expect(await sweepStaleUploads(t.ctx)).toBe(0)
  })

  test('measures age from the app clock: a day later the recent upload goes too', async () => {
    const id = await uploadId(alice, text('later'), 'later.txt')
    const clock = { ...t.ctx, now: () => new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000) }
    expect(await sweepStaleUploads(clock)).toBeGreaterThanOrEqual(1)
    expect(await rowsOf([id])).toHaveLength(0)
  })
})
