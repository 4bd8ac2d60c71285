import { describe, expect, test } from 'bun:test'
import { AppError } from '../http/errors'
import { buildDocx, buildPdf, buildPngHeader, buildZip } from '../test/docs'
import { classifyFile, DOCX_MIME } from './classify-file'

const text = (value: string) => new TextEncoder().encode(value)
const pdf = buildPdf({ pages: [['Hello']] })
const docx = buildDocx([{ paragraph: 'Hello' }])
const png = buildPngHeader()
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])

const refusal = (input: Parameters<typeof classifyFile>[0]) => {
  try {
    classifyFile(input)
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    const appError = error as AppError
    return { status: appError.status, message: appError.message }
  }
  throw new Error('expected the file to be refused')
}

describe('classifyFile: the spec kinds, confirmed by the bytes', () => {
  test('PDF by MIME type or by the .pdf extension', () => {
    expect(classifyFile({ name: 'report.pdf', declaredType: '', bytes: pdf })).toEqual({
      kind: 'pdf',
      mimeType: 'application/pdf',
    })
    expect(classifyFile({ name: 'report', declaredType: 'application/pdf', bytes: pdf }).kind).toBe('pdf')
    expect(
      classifyFile({ name: 'REPORT.PDF', declaredType: 'application/octet-stream', bytes: pdf }).kind,
    ).toBe('pdf')
  })

  test('DOCX by MIME type or by the .docx extension', () => {
    expect(classifyFile({ name: 'letter.docx', declaredType: '', bytes: docx })).toEqual({
      kind: 'docx',
      mimeType: DOCX_MIME,
    })
    expect(classifyFile({ name: 'letter', declaredType: DOCX_MIME, bytes: docx }).kind).toBe('docx')
  })

  test('text by a text/* type or the .txt / .md extension; stored as a harmless text type', () => {
    expect(classifyFile({ name: 'a.txt', declaredType: '', bytes: text('hi') })).toEqual({
      kind: 'text',
      mimeType: 'text/plain',
    })
    expect(classifyFile({ name: 'a.md', declaredType: '', bytes: text('# hi') })).toEqual({
      kind: 'text',
      mimeType: 'text/markdown',
    })
    expect(classifyFile({ name: 'data.csv', declaredType: 'text/csv', bytes: text('a,b') })).toEqual({
      kind: 'text',
      mimeType: 'text/csv',
    })
    expect(classifyFile({ name: 'page.html', declaredType: 'text/html', bytes: text('<b>x</b>') })).toEqual({
      kind: 'text',
      mimeType: 'text/plain',
    })
  })

  test('images by image/* when the bytes are that image; SVG is not an image', () => {
    expect(classifyFile({ name: 'a.png', declaredType: 'image/png', bytes: png })).toEqual({
      kind: 'image',
      mimeType: 'image/png',
    })
    expect(classifyFile({ name: 'a.jpg', declaredType: 'image/jpeg', bytes: jpeg })).toEqual({
      kind: 'image',
      mimeType: 'image/jpeg',
    })
    const svg = text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    expect(classifyFile({ name: 'logo.svg', declaredType: 'image/svg+xml', bytes: svg })).toEqual({
      kind: 'other',
      mimeType: 'image/svg+xml',
    })
  })

  test('everything else is other, kept with its declared type', () => {
    const zip = buildZip([{ name: 'a.txt', data: 'x' }])
    expect(classifyFile({ name: 'a.zip', declaredType: 'application/zip', bytes: zip })).toEqual({
      kind: 'other',
      mimeType: 'application/zip',
    })
    expect(classifyFile({ name: 'blob', declaredType: '', bytes: zip })).toEqual({
      kind: 'other',
      mimeType: 'application/octet-stream',
    })
  })
})

describe('classifyFile: refusals', () => {
  test('a .pdf that is really a PNG', () => {
    expect(refusal({ name: 'report.pdf', declaredType: 'application/pdf', bytes: png })).toEqual({
      status: 415,
      message: "The file's contents do not match its type: report.pdf",
    })
  })

  test('a .docx that is not a zip with word/document.xml', () => {
    expect(refusal({ name: 'letter.docx', declaredType: '', bytes: pdf }).message).toBe(
      "The file's contents do not match its type: letter.docx",
    )
    const zip = buildZip([{ name: 'content.xml', data: '<x/>' }])
    expect(refusal({ name: 'letter.docx', declaredType: DOCX_MIME, bytes: zip }).status).toBe(415)
  })

  test('an image/png that is not a PNG, even when it is another image', () => {
    expect(refusal({ name: 'a.png', declaredType: 'image/png', bytes: jpeg }).status).toBe(415)
    expect(refusal({ name: 'a.png', declaredType: 'image/png', bytes: text('not an image') }).status).toBe(
      415,
    )
  })

  test('a .txt with binary bytes', () => {
    expect(
      refusal({ name: 'notes.txt', declaredType: 'text/plain', bytes: new Uint8Array([0x41, 0, 0x42]) })
        .message,
    ).toBe("The file's contents do not match its type: notes.txt")
    expect(refusal({ name: 'notes.md', declaredType: '', bytes: png }).status).toBe(415)
  })

  test('an empty file, whatever its type', () => {
    expect(refusal({ name: 'empty.txt', declaredType: 'text/plain', bytes: new Uint8Array(0) })).toEqual({
      status: 422,
      message: 'The file is empty: empty.txt',
    })
  })

  test('names the file by its safe name', () => {
    expect(refusal({ name: '../../x\u0000.pdf', declaredType: '', bytes: png }).message).toBe(
      "The file's contents do not match its type: x.pdf",
    )
  })
})
