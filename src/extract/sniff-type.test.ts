import { describe, expect, test } from 'bun:test'
import { buildDocx, buildPdf, buildPngHeader, buildZip } from '../test/docs'
import { sniffType } from './sniff-type'

const bytes = (...values: number[]) => new Uint8Array(values)
const text = (value: string) => new TextEncoder().encode(value)

describe('sniffType', () => {
  test('recognises PDF by its %PDF- header', () => {
    expect(sniffType(buildPdf({ pages: [['Hello']] }))).toBe('pdf')
    expect(sniffType(text('%PDF-1.7\n'))).toBe('pdf')
  })

  test('accepts a PDF header after leading junk only when the bytes are not text', () => {
    const junk = new Uint8Array(300).fill(0xff)
    const pdf = buildPdf({ pages: [['Hello']] })
    const prefixed = new Uint8Array(junk.length + pdf.length)
    prefixed.set(junk)
    prefixed.set(pdf, junk.length)
    expect(sniffType(prefixed)).toBe('pdf')
    expect(sniffType(text('# Notes\nA PDF starts with %PDF-1.4 and ends with %%EOF.\n'))).toBe('text')
  })

  test('recognises a DOCX as a zip holding word/document.xml, and no other zip', () => {
    expect(sniffType(buildDocx([{ paragraph: 'Hi' }]))).toBe('docx')
    expect(sniffType(buildZip([{ name: 'notes.txt', data: 'plain zip' }]))).toBe('unknown')
    expect(sniffType(bytes(0x50, 0x4b, 0x03, 0x04, 1, 2, 3))).toBe('unknown')
  })

  test('recognises PNG, JPEG, GIF and WebP signatures', () => {
    expect(sniffType(buildPngHeader())).toBe('png')
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpeg')
    expect(sniffType(text('GIF89a\u0001\u0000'))).toBe('gif')
    expect(sniffType(text('GIF87a\u0001\u0000'))).toBe('gif')
    expect(sniffType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('webp')
    expect(sniffType(text('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBe('unknown')
  })

  test('recognises UTF-8 text in any script, with or without a BOM', () => {
    expect(sniffType(text('Crème brûlée, Привет, 你好, مرحبا, 👋'))).toBe('text')
    expect(sniffType(bytes(0xef, 0xbb, 0xbf, 0x41))).toBe('text')
  })

  test('recognises UTF-16 text by its BOM', () => {
    expect(sniffType(bytes(0xff, 0xfe, 0x48, 0, 0x69, 0))).toBe('text')
    expect(sniffType(bytes(0xfe, 0xff, 0, 0x48, 0, 0x69))).toBe('text')
    expect(sniffType(bytes(0xff, 0xfe, 0x48))).toBe('unknown')
  })

  test('calls bytes with NULs or invalid UTF-8 unknown, and an empty file unknown', () => {
    expect(sniffType(text('abc\u0000def'))).toBe('unknown')
    expect(sniffType(bytes(0x41, 0xc3, 0x28))).toBe('unknown')
    expect(sniffType(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0))).toBe('unknown')
    expect(sniffType(new Uint8Array(0))).toBe('unknown')
  })
})
