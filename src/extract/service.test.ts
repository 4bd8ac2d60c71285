import { afterAll, describe, expect, test } from 'bun:test'
import {
  buildDocx,
  buildDocxEntries,
  buildFillerLines,
  buildPdf,
  buildPngHeader,
  buildZip,
} from '../test/docs'
import { closeTextExtraction, createTextExtractor, extractText } from './service'

const extractor = createTextExtractor({ poolSize: 2 })
afterAll(() => {
  extractor.close()
  closeTextExtraction()
})

const utf8 = (text: string) => new TextEncoder().encode(text)
const pdfFallback = (name: string, size: number) =>
  `[PDF File: ${name}]\n[Unable to extract text from PDF. File size: ${size} bytes]`
const docxFallback = (name: string, size: number) =>
  `[DOCX File: ${name}]\n[Unable to extract text from DOCX. File size: ${size} bytes]`

describe('extractText: PDF', () => {
  test('reads the text of a one-page PDF, accents included', async () => {
    const bytes = buildPdf({
      pages: [['Quarterly summary', 'Revenue grew by 12% (year on year).', 'Café crème déjà vu']],
    })
    const result = await extractor.extractText({ name: 'summary.pdf', kind: 'pdf', bytes })
    expect(result).toEqual({
      text: 'Quarterly summary\nRevenue grew by 12% (year on year).\nCafé crème déjà vu',
      pageCount: 1,
      truncated: false,
    })
  })

  test('reads every page of a three-page PDF in order', async () => {
    const bytes = buildPdf({
      pages: [['Alpha page one'], ['Beta page two', 'second line'], ['Gamma page three']],
    })
    const result = await extractor.extractText({ name: 'three.pdf', kind: 'pdf', bytes })
    expect(result.text).toBe('Alpha page one\nBeta page two\nsecond line\nGamma page three')
    expect(result.pageCount).toBe(3)
    expect(result.error).toBeUndefined()
  })

  test('stops a 600-page PDF at the 500-page limit and says so', async () => {
    const bytes = buildPdf({ pages: Array.from({ length: 600 }, (_, i) => buildFillerLines(i + 1, 40)) })
    const result = await extractor.extractText({ name: 'long.pdf', kind: 'pdf', bytes })
    expect(result.pageCount).toBe(600)
    expect(result.truncated).toBe(true)
    expect(result.text).toContain('Page 1 marker')
    expect(result.text).toContain('Page 500 marker')
    expect(result.text).not.toContain('Page 501 marker')
    expect(result.text.endsWith('\n\n[Truncated after 500 pages]')).toBe(true)
  })

  test('honours a smaller page limit and the character limit', async () => {
    const bytes = buildPdf({ pages: [['one'], ['two'], ['three']] })
    const paged = await extractor.extractText({ name: 'p.pdf', kind: 'pdf', bytes }, { maxPages: 2 })
    expect(paged.text).toBe('one\ntwo\n\n[Truncated after 2 pages]')
    const cut = await extractor.extractText({ name: 'p.pdf', kind: 'pdf', bytes }, { maxChars: 5 })
    expect(cut.text).toBe('one\nt\n\n[Truncated after 5 characters]')
    expect(cut.truncated).toBe(true)
  })

  test('a truncated PDF gives the spec fallback and message', async () => {
    const whole = buildPdf({ pages: [['Hello there']] })
    const bytes = whole.subarray(0, 200)
    const result = await extractor.extractText({ name: 'cut.pdf', kind: 'pdf', bytes })
    expect(result.text).toBe(pdfFallback('cut.pdf', 200))
    expect(result.error).toBe('Failed to read file: cut.pdf')
    expect(result.cause).toStartWith('unreadable pdf')
  })

  test('a Buffer handed in stays whole for the caller (the worker gets a copy)', async () => {
    const bytes = Buffer.from(buildPdf({ pages: [['Kept']], encrypted: true }))
    const result = await extractor.extractText({ name: 'b.pdf', kind: 'pdf', bytes })
    expect(bytes.length).toBeGreaterThan(0)
    expect(result.text).toBe(pdfFallback('b.pdf', bytes.length))
  })

  test('an encrypted PDF gives the spec fallback and message', async () => {
    const bytes = buildPdf({ pages: [['Top secret']], encrypted: true })
    const result = await extractor.extractText({ name: 'locked.pdf', kind: 'pdf', bytes })
    expect(result.text).toBe(pdfFallback('locked.pdf', bytes.length))
    expect(result.error).toBe('Failed to read file: locked.pdf')
    expect(result.cause).toBe('encrypted pdf')
  })

  test('a PDF with no text layer (a scan) falls back instead of returning nothing', async () => {
    const bytes = buildPdf({ pages: [[]] })
    const result = await extractor.extractText({ name: 'scan.pdf', kind: 'pdf', bytes })
    expect(result.text).toBe(pdfFallback('scan.pdf', bytes.length))
    expect(result.cause).toBe('pdf has no text layer')
  })

  test('an empty file and a PNG passed as a PDF fall back too', async () => {
    const empty = await extractor.extractText({ name: 'empty.pdf', kind: 'pdf', bytes: new Uint8Array(0) })
    expect(empty.text).toBe(pdfFallback('empty.pdf', 0))
    expect(empty.error).toBe('Failed to read file: empty.pdf')
    const png = buildPngHeader()
    const fake = await extractor.extractText({ name: 'fake.pdf', kind: 'pdf', bytes: png })
    expect(fake.text).toBe(pdfFallback('fake.pdf', png.length))
  })

  test('the fallback names the file by its safe name', async () => {
    const result = await extractor.extractText({
      name: '../../etc/x\u0000.pdf',
      kind: 'pdf',
      bytes: utf8('nope'),
    })
    expect(result.text).toBe(pdfFallback('x.pdf', 4))
    expect(result.error).toBe('Failed to read file: x.pdf')
  })
})

describe('extractText: DOCX', () => {
  test('keeps the heading, the bulleted list and the table', async () => {
    const bytes = buildDocx([
      { heading: 'Project plan' },
      { paragraph: 'Goals for the quarter.' },
      { bullets: ['Ship the beta', 'Hire two engineers'] },
      { heading: 'Budget', level: 2 },
      {
        table: [
          ['Item', 'Cost'],
          ['Servers', '1200'],
          ['Travel', '300'],
        ],
      },
    ])
    const result = await extractor.extractText({ name: 'plan.docx', kind: 'docx', bytes })
    expect(result).toEqual({
      text:
        '# Project plan\n\nGoals for the quarter.\n\n- Ship the beta\n- Hire two engineers\n\n## Budget\n\n' +
        '| Item | Cost |\n| --- | --- |\n| Servers | 1200 |\n| Travel | 300 |',
      pageCount: undefined,
      truncated: false,
    })
  })

  test('a zip bomb declaring huge sizes is refused before mammoth runs', async () => {
    const bytes = buildZip([
      ...buildDocxEntries([{ paragraph: 'Hi' }]),
      { name: 'word/media/image1.png', data: 'x', declaredSize: 4_000_000_000 },
    ])
    const result = await extractor.extractText({ name: 'bomb.docx', kind: 'docx', bytes })
    expect(result.text).toBe(docxFallback('bomb.docx', bytes.length))
    expect(result.error).toBe('Failed to read DOCX file: bomb.docx')
    expect(result.cause).toStartWith('zip bomb')
  })

  test('a highly compressible large entry is refused by its ratio', async () => {
    const bytes = buildZip([
      ...buildDocxEntries([{ paragraph: 'Hi' }]),
      { name: 'word/filler.xml', data: new Uint8Array(60 * 1024 * 1024) },
    ])
    const result = await extractor.extractText({ name: 'ratio.docx', kind: 'docx', bytes })
    expect(result.error).toBe('Failed to read DOCX file: ratio.docx')
    expect(result.cause).toStartWith('zip bomb: compression ratio')
  })

  test('a zip without a readable Word body falls back', async () => {
    const entries = buildDocxEntries([{ paragraph: 'Hi' }]).map((entry) =>
      entry.name === 'word/document.xml' ? { ...entry, data: '<w:document><unclosed' } : entry,
    )
    const bytes = buildZip(entries)
    const result = await extractor.extractText({ name: 'broken.docx', kind: 'docx', bytes })
    expect(result.text).toBe(docxFallback('broken.docx', bytes.length))
    expect(result.error).toBe('Failed to read DOCX file: broken.docx')
  })
})

describe('extractText: text', () => {
  const scripts =
    'Crème brûlée à la française\nПривет, мир\n你好，世界 日本語のテキスト\nمرحبا بالعالم\n👋🏽 🎉 👨‍👩‍👧'

  test('decodes UTF-8 in Latin, Cyrillic, CJK, Arabic and emoji unchanged', async () => {
    const result = await extractor.extractText({ name: 'hello.txt', kind: 'text', bytes: utf8(scripts) })
    expect(result).toEqual({ text: scripts, pageCount: undefined, truncated: false })
  })

  test('drops a UTF-8 BOM and decodes UTF-16 announced by its BOM', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('# Notes')])
    expect((await extractor.extractText({ name: 'n.md', kind: 'text', bytes: withBom })).text).toBe('# Notes')
    const le = [0xff, 0xfe]
    const be = [0xfe, 0xff]
    for (const unit of scripts) {
      for (let i = 0; i < unit.length; i++) {
        const code = unit.charCodeAt(i)
        le.push(code & 0xff, code >> 8)
        be.push(code >> 8, code & 0xff)
      }
    }
    const fromLe = await extractor.extractText({ name: 'le.txt', kind: 'text', bytes: new Uint8Array(le) })
    const fromBe = await extractor.extractText({ name: 'be.txt', kind: 'text', bytes: new Uint8Array(be) })
    expect(fromLe.text).toBe(scripts)
    expect(fromBe.text).toBe(scripts)
  })

  test('bytes that are not UTF-8 fail with the spec message and no content', async () => {
    const result = await extractor.extractText({
      name: 'bin.txt',
      kind: 'text',
      bytes: new Uint8Array([0x41, 0xc3, 0x28]),
    })
    expect(result).toEqual({
      text: '',
      error: 'Failed to read file: bin.txt',
      cause: 'invalid utf-8',
      truncated: false,
    })
  })
})

describe('extractText: limits and isolation', () => {
  test('a slow extraction is cut off at the time limit while another one completes', async () => {
    const slow = buildPdf({ pages: Array.from({ length: 600 }, (_, i) => buildFillerLines(i + 1, 300)) })
    const quick = buildPdf({ pages: [['Still served']] })
    const started = performance.now()
    const [cut, served] = await Promise.all([
      extractor.extractText({ name: 'slow.pdf', kind: 'pdf', bytes: slow }, { timeoutMs: 100 }),
      extractor.extractText({ name: 'quick.pdf', kind: 'pdf', bytes: quick }),
    ])
    expect(cut.text).toBe(pdfFallback('slow.pdf', slow.length))
    expect(cut.error).toBe('Failed to read file: slow.pdf')
    expect(cut.cause).toBe('timeout')
    expect(served.text).toBe('Still served')
    expect(performance.now() - started).toBeLessThan(10_000)
    const after = await extractor.extractText({
      name: 'after.txt',
      kind: 'text',
      bytes: utf8('the pool recovered'),
    })
    expect(after.text).toBe('the pool recovered')
  })

  test("leaves the caller's bytes intact (they are still needed for storage)", async () => {
    const bytes = buildPdf({ pages: [['Keep me']] })
    const before = Bun.hash(bytes)
    const view = bytes.subarray(0)
    expect((await extractor.extractText({ name: 'keep.pdf', kind: 'pdf', bytes: view })).text).toBe('Keep me')
    expect(view.length).toBe(bytes.length)
    expect(Bun.hash(bytes)).toBe(before)
  })

  test('the process-wide extractText uses the same worker path', async () => {
    const result = await extractText({ name: 'shared.txt', kind: 'text', bytes: utf8('shared pool') })
    expect(result.text).toBe('shared pool')
  })
})
