import { describe, expect, test } from 'bun:test'
import { safeFileName } from './safe-file-name'

const bytes = (text: string) => new TextEncoder().encode(text).length

describe('safeFileName', () => {
  test('keeps only the last path segment, for both slash kinds', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd')
    expect(safeFileName('..\\..\\Windows\\win.ini')).toBe('win.ini')
    expect(safeFileName('/abs/path/report.pdf')).toBe('report.pdf')
  })

  test('removes NUL, control characters and bidi overrides', () => {
    expect(safeFileName('report\u0000.pdf')).toBe('report.pdf')
    expect(safeFileName('line\nbreak\t.txt')).toBe('linebreak.txt')
    expect(safeFileName('evil\u202Efdp.exe')).toBe('evilfdp.exe')
  })

  test('trims and never returns an empty name or a dot name', () => {
    expect(safeFileName('  notes.md  ')).toBe('notes.md')
    expect(safeFileName('')).toBe('file')
    expect(safeFileName('   ')).toBe('file')
    expect(safeFileName('\u0000\u0001')).toBe('file')
    expect(safeFileName('..')).toBe('file')
    expect(safeFileName('a/b/')).toBe('file')
  })

  test('keeps ordinary Unicode names intact', () => {
    expect(safeFileName('Résumé – 履歴書.docx')).toBe('Résumé – 履歴書.docx')
    expect(safeFileName('.env')).toBe('.env')
  })

  test('limits a 300-character name to 255 bytes and keeps its extension', () => {
    const name = `${'a'.repeat(300)}.pdf`
    const safe = safeFileName(name)
    expect(bytes(safe)).toBe(255)
    expect(safe.endsWith('.pdf')).toBe(true)
    expect(safe.startsWith('aaaa')).toBe(true)
  })

  test('cuts multi-byte names on whole characters', () => {
    const safe = safeFileName(`${'日本'.repeat(150)}.txt`)
    expect(bytes(safe)).toBeLessThanOrEqual(255)
    expect(safe.endsWith('.txt')).toBe(true)
    expect(safe).not.toContain('\uFFFD')
    const emoji = safeFileName('😀'.repeat(100))
    expect(bytes(emoji)).toBe(252)
    expect([...emoji].every((char) => char === '😀')).toBe(true)
  })
})
