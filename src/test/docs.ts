/**
 * Real documents built in code, for the extraction tests and the bench: a minimal PDF 1.4 writer
 * (Helvetica text, a real xref table) and a minimal ZIP writer that DOCX files are made with. Tests
 * build their inputs here instead of committing binary fixtures, so every input is reviewable.
 */

const encoder = new TextEncoder()

export interface PdfOptions {
  /** Each page is a list of lines drawn top to bottom. */
  pages: string[][]
  /** Adds a Standard security handler to the trailer whose user password is not empty. */
  encrypted?: boolean
}

/** Escapes a line for a PDF literal string; characters outside Latin-1 become '?'. */
function encodePdfString(line: string): string {
  let out = ''
  for (const char of line) {
    const code = char.codePointAt(0) ?? 63
    if (char === '\\' || char === '(' || char === ')') out += `\\${char}`
    else if (code >= 32 && code < 127) out += char
    else if (code >= 160 && code <= 255) out += `\\${code.toString(8).padStart(3, '0')}`
    else out += '?'
  }
  return out
}

function buildPageContent(lines: string[]): string {
  const shown = lines.map((line, index) => `${index === 0 ? '' : '0 -14 Td '}(${encodePdfString(line)}) Tj`)
  return `BT /F1 11 Tf 56 780 Td ${shown.join('\n')} ET`
}

/** Writes a valid PDF 1.4 whose pages show the given lines in Helvetica (WinAnsiEncoding). */
export function buildPdf({ pages, encrypted = false }: PdfOptions): Uint8Array {
  const objects: string[] = []
  const pageCount = pages.length
  // Object numbers: 1 catalog, 2 page tree, 3 font, then a page and its content stream per page.
  const pageObjectNumber = (index: number) => 4 + index * 2
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
  const kids = pages.map((_, index) => `${pageObjectNumber(index)} 0 R`).join(' ')
  objects[2] = `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'
  pages.forEach((lines, index) => {
    const number = pageObjectNumber(index)
    const content = buildPageContent(lines)
    objects[number] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ` +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${number + 1} 0 R >>`
    objects[number + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`
  })
  let encryptRef = ''
  if (encrypted) {
    const encryptNumber = objects.length
    const hex = (seed: number) =>
      Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('')
    objects[encryptNumber] = `<< /Filter /Standard /V 1 /R 2 /O <${hex(11)}> /U <${hex(29)}> /P -44 >>`
    encryptRef = ` /Encrypt ${encryptNumber} 0 R /ID [<${hex(3).slice(0, 32)}> <${hex(3).slice(0, 32)}>]`
  }
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  for (let number = 1; number < objects.length; number++) {
    offsets[number] = body.length
    body += `${number} 0 obj\n${objects[number]}\nendobj\n`
  }
  const xrefOffset = body.length
  const size = objects.length
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`
  for (let number = 1; number < size; number++) {
    xref += `${String(offsets[number]).padStart(10, '0')} 00000 n \n`
  }
  const trailer = `trailer\n<< /Size ${size} /Root 1 0 R${encryptRef} >>\nstartxref\n${xrefOffset}\n%%EOF\n`
  return latin1Bytes(body + xref + trailer)
}

function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff
  return bytes
}

export interface ZipEntryInput {
  name: string
  data: Uint8Array | string
  /** Deflate the entry (default) or store it. */
  deflate?: boolean
  /** Writes this uncompressed size into the headers instead of the real one (a lying archive). */
  declaredSize?: number
}

/** Writes a ZIP archive (no ZIP64, no data descriptors) with the given entries. */
export function buildZip(entries: ZipEntryInput[]): Uint8Array {
  const chunks: Uint8Array[] = []
  const central: Uint8Array[] = []
  let offset = 0
  for (const entry of entries) {
    const raw = typeof entry.data === 'string' ? encoder.encode(entry.data) : new Uint8Array(entry.data)
    const deflate = entry.deflate ?? true
    const stored = deflate ? Bun.deflateSync(raw) : raw
    const name = encoder.encode(entry.name)
    const crc = Bun.hash.crc32(raw)
    const size = entry.declaredSize ?? raw.length
    const method = deflate ? 8 : 0
    const local = new DataView(new ArrayBuffer(30))
    local.setUint32(0, 0x04034b50, true)
    local.setUint16(4, 20, true)
    local.setUint16(8, method, true)
    local.setUint32(14, crc, true)
    local.setUint32(18, stored.length, true)
    local.setUint32(22, size, true)
    local.setUint16(26, name.length, true)
    chunks.push(new Uint8Array(local.buffer), name, stored)
    const header = new DataView(new ArrayBuffer(46))
    header.setUint32(0, 0x02014b50, true)
    header.setUint16(4, 20, true)
    header.setUint16(6, 20, true)
    header.setUint16(10, method, true)
    header.setUint32(16, crc, true)
    header.setUint32(20, stored.length, true)
    header.setUint32(24, size, true)
    header.setUint16(28, name.length, true)
    header.setUint32(42, offset, true)
    central.push(new Uint8Array(header.buffer), name)
    offset += 30 + name.length + stored.length
  }
  const centralSize = central.reduce((sum, chunk) => sum + chunk.length, 0)
  const end = new DataView(new ArrayBuffer(22))
  end.setUint32(0, 0x06054b50, true)
  end.setUint16(8, entries.length, true)
  end.setUint16(10, entries.length, true)
  end.setUint32(12, centralSize, true)
  end.setUint32(16, offset, true)
  return concatBytes([...chunks, ...central, new Uint8Array(end.buffer)])
}

function concatBytes(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}

export type DocxBlock =
  | { heading: string; level?: 1 | 2 }
  | { paragraph: string }
  | { bullets: string[] }
  | { table: string[][] }

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const run = (text: string) => `<w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r>`

function buildBlockXml(block: DocxBlock): string {
  if ('heading' in block) {
    return `<w:p><w:pPr><w:pStyle w:val="Heading${block.level ?? 1}"/></w:pPr>${run(block.heading)}</w:p>`
  }
  if ('paragraph' in block) return `<w:p>${run(block.paragraph)}</w:p>`
  if ('bullets' in block) {
    const numbering = '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'
    return block.bullets
      .map((item) => `<w:p><w:pPr><w:pStyle w:val="ListParagraph"/>${numbering}</w:pPr>${run(item)}</w:p>`)
      .join('')
  }
  const rows = block.table
    .map((cells) => `<w:tr>${cells.map((cell) => `<w:tc><w:p>${run(cell)}</w:p></w:tc>`).join('')}</w:tr>`)
    .join('')
  return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/></w:tblPr>${rows}</w:tbl>`
}

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

/** The parts of a minimal Word document: content types, relationships, styles, numbering, body. */
export function buildDocxEntries(blocks: DocxBlock[]): ZipEntryInput[] {
  const body = blocks.map(buildBlockXml).join('')
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${R_NS}/${type}" Target="${target}"/>`
  const style = (id: string, name: string, type = 'paragraph') =>
    `<w:style w:type="${type}" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`
  return [
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        rel('rId1', 'officeDocument', 'word/document.xml') +
        '</Relationships>',
    },
    {
      name: 'word/_rels/document.xml.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        rel('rId1', 'styles', 'styles.xml') +
        rel('rId2', 'numbering', 'numbering.xml') +
        '</Relationships>',
    },
    {
      name: 'word/styles.xml',
      data:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W_NS}">` +
        style('Heading1', 'heading 1') +
        style('Heading2', 'heading 2') +
        style('ListParagraph', 'List Paragraph') +
        style('TableGrid', 'Table Grid', 'table') +
        '</w:styles>',
    },
    {
      name: 'word/numbering.xml',
      data:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="${W_NS}">` +
        '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/>' +
        '<w:lvlText w:val="•"/></w:lvl></w:abstractNum>' +
        '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>',
    },
    {
      name: 'word/document.xml',
      data:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
        `<w:document xmlns:w="${W_NS}" xmlns:r="${R_NS}"><w:body>${body}</w:body></w:document>`,
    },
  ]
}

/** Writes a DOCX file (a ZIP of the parts above) with the given blocks. */
export function buildDocx(blocks: DocxBlock[]): Uint8Array {
  return buildZip(buildDocxEntries(blocks))
}

/** The 8-byte PNG signature followed by a 1×1 IHDR: enough for a magic-byte check. */
export function buildPngHeader(): Uint8Array {
  return new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0,
    1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
  ])
}

const WORDS = (
  'the quick brown fox jumps over a lazy dog while seven wizards quietly judge boxing matches ' +
  'near old harbour walls and bright lanterns guide weary sailors home across the silver bay'
).split(' ')

/** Deterministic filler lines of about twelve words each, numbered so each page's text is unique. */
export function buildFillerLines(page: number, wordsPerPage: number): string[] {
  const lines: string[] = [`Page ${page} marker`]
  let line: string[] = []
  for (let i = 0; i < wordsPerPage; i++) {
    line.push(WORDS[(i * 7 + page) % WORDS.length]!)
    if (line.length === 12) {
      lines.push(line.join(' '))
      line = []
    }
  }
  if (line.length > 0) lines.push(line.join(' '))
  return lines
}
