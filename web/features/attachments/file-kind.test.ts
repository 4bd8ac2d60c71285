import { describe, expect, test } from 'bun:test'
import { fileBadge, fileExtension, isImageFile, isTextFile } from './file-kind'

describe('fileBadge (the type label on a download card)', () => {
  test('a PDF is labelled PDF, by content type or by extension', () => {
    expect(fileBadge('report.pdf', 'application/pdf')).toEqual({ kind: 'pdf', label: 'PDF' })
    expect(fileBadge('report.PDF', '')).toEqual({ kind: 'pdf', label: 'PDF' })
  })

  test('doc and docx are labelled DOC', () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    expect(fileBadge('plan.docx', docx)).toEqual({ kind: 'doc', label: 'DOC' })
    expect(fileBadge('old.doc', 'application/msword')).toEqual({ kind: 'doc', label: 'DOC' })
  })

  test('txt and md get the text icon with their extension', () => {
    expect(fileBadge('notes.md', 'text/markdown')).toEqual({ kind: 'text', label: 'MD' })
    expect(fileBadge('notes.txt', 'text/plain')).toEqual({ kind: 'text', label: 'TXT' })
  })

  test('anything else shows its content type, or Unknown type without one', () => {
    expect(fileBadge('data.bin', 'application/x-thing')).toEqual({
      kind: 'other',
      label: 'application/x-thing',
    })
    expect(fileBadge('mystery', '')).toEqual({ kind: 'other', label: 'Unknown type' })
    expect(fileBadge('mystery', null)).toEqual({ kind: 'other', label: 'Unknown type' })
  })
})

describe('file helpers', () => {
  test('fileExtension is the last extension in capitals, empty for none or a dotfile', () => {
    expect(fileExtension('a.b.Csv')).toBe('CSV')
    expect(fileExtension('README')).toBe('')
    expect(fileExtension('.env')).toBe('')
  })

  test('images and text files are recognised', () => {
    expect(isImageFile('image/png')).toBe(true)
    expect(isImageFile('application/pdf')).toBe(false)
    expect(isTextFile('a.md', '')).toBe(true)
    expect(isTextFile('a.csv', 'text/csv')).toBe(true)
    expect(isTextFile('a.pdf', 'application/pdf')).toBe(false)
  })
})
