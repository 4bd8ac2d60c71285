/**
 * `bun run bench:extract`: Parley's text extraction (through the worker pool, as the server runs it)
 * against poppler's `pdftotext` on the same generated PDFs, plus a DOCX, with the process's peak RSS
 * sampled while each extraction runs. pdftotext timings include its process start, as a server
 * shelling out to it would pay.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTextExtractor, formatFileSize, type TextKind } from '../src/extract/service'
import { buildDocx, buildFillerLines, buildPdf, type DocxBlock } from '../src/test/docs'

const WORDS_PER_PAGE = 300
const PDF_PAGES = [1, 10, 100, 500]
const PDFTOTEXT = '/usr/bin/pdftotext'

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Runs `work` while sampling the process RSS every 2 ms; returns its result, time and the peak. */
async function measure<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakRss: number }> {
  let peakRss = process.memoryUsage().rss
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
  }, 2)
  const started = performance.now()
  try {
    const value = await work()
    return { value, ms: performance.now() - started, peakRss: Math.max(peakRss, process.memoryUsage().rss) }
  } finally {
    clearInterval(sampler)
  }
}

async function runPdftotext(path: string): Promise<string> {
  const child = Bun.spawn([PDFTOTEXT, '-q', path, '-'], { stdout: 'pipe', stderr: 'ignore' })
  const text = await new Response(child.stdout).text()
  if ((await child.exited) !== 0) throw new Error(`pdftotext failed on ${path}`)
  return text
}

function buildBenchDocx(sections: number): DocxBlock[] {
  const blocks: DocxBlock[] = []
  for (let section = 1; section <= sections; section++) {
    const lines = buildFillerLines(section, WORDS_PER_PAGE)
    blocks.push({ heading: `Section ${section}` }, { paragraph: lines.slice(1).join(' ') })
    blocks.push({ bullets: lines.slice(1, 4) })
    blocks.push({
      table: [
        ['Metric', 'Value'],
        ['Section', String(section)],
        ['Words', String(WORDS_PER_PAGE)],
      ],
    })
  }
  return blocks
}

interface Row {
  document: string
  size: number
  pages: number
  parleyMs: number
  parleyWords: number
  popplerMs: number | null
  popplerWords: number | null
  peakRss: number
}

const extractor = createTextExtractor({ poolSize: 1 })
const directory = await mkdtemp(join(tmpdir(), 'parley-bench-'))
const rows: Row[] = []

try {
  const baselineRss = process.memoryUsage().rss
  const warm = await measure(() =>
    extractor.extractText({ name: 'warm.pdf', kind: 'pdf', bytes: buildPdf({ pages: [['warm up']] }) }),
  )
  console.log(`Worker cold start (spawn + load pdf.js) and first 1-page PDF: ${warm.ms.toFixed(0)} ms`)

  const inputs: { document: string; kind: TextKind; bytes: Uint8Array; pages: number }[] = PDF_PAGES.map(
    (pages) => ({
      document: `PDF ${pages} p`,
      kind: 'pdf',
      pages,
      bytes: buildPdf({
        pages: Array.from({ length: pages }, (_, i) => buildFillerLines(i + 1, WORDS_PER_PAGE)),
      }),
    }),
  )
  inputs.push({
    document: 'DOCX 100 sections',
    kind: 'docx',
    pages: 100,
    bytes: buildDocx(buildBenchDocx(100)),
  })

  for (const input of inputs) {
    const repeats = input.pages >= 100 ? 3 : 7
    const parleyTimes: number[] = []
    let peakRss = 0
    let parleyWords = 0
    for (let run = 0; run < repeats; run++) {
      const result = await measure(() =>
        extractor.extractText({ name: input.document, kind: input.kind, bytes: input.bytes }),
      )
      if (result.value.error) throw new Error(`${input.document}: ${result.value.cause}`)
      parleyTimes.push(result.ms)
      peakRss = Math.max(peakRss, result.peakRss)
      parleyWords = wordCount(result.value.text)
    }
    let popplerMs: number | null = null
    let popplerWords: number | null = null
    if (input.kind === 'pdf') {
      const path = join(directory, `${input.pages}.pdf`)
      await Bun.write(path, input.bytes)
      const popplerTimes: number[] = []
      for (let run = 0; run < repeats; run++) {
        const result = await measure(() => runPdftotext(path))
        popplerTimes.push(result.ms)
        popplerWords = wordCount(result.value)
      }
      popplerMs = median(popplerTimes)
    }
    rows.push({
      document: input.document,
      size: input.bytes.length,
      pages: input.pages,
      parleyMs: median(parleyTimes),
      parleyWords,
      popplerMs,
      popplerWords,
      peakRss,
    })
  }

  const header = [
    'document',
    'size',
    'Parley ms',
    'ms/page',
    'words',
    'pdftotext ms',
    'ms/page',
    'words',
    'peak RSS',
  ]
  const table = rows.map((row) => [
    row.document,
    formatFileSize(row.size),
    row.parleyMs.toFixed(1),
    (row.parleyMs / row.pages).toFixed(2),
    String(row.parleyWords),
    row.popplerMs === null ? 'n/a' : row.popplerMs.toFixed(1),
    row.popplerMs === null ? 'n/a' : (row.popplerMs / row.pages).toFixed(2),
    row.popplerWords === null ? 'n/a' : String(row.popplerWords),
    megabytes(row.peakRss),
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...table.map((cells) => cells[column]!.length)),
  )
  const format = (cells: string[]) => cells.map((cell, column) => cell.padStart(widths[column]!)).join('  ')
  console.log(
    `\nMedian of 7 runs (3 for 100+ pages), ${WORDS_PER_PAGE} words per page; RSS baseline ${megabytes(baselineRss)}`,
  )
  console.log(format(header))
  console.log(widths.map((width) => '-'.repeat(width)).join('  '))
  for (const cells of table) console.log(format(cells))
  console.log(
    '\nDOCX "ms/page" is per section (a heading, a 300-word paragraph, a 3-item list, a 3-row table).',
  )
  console.log('The 500-page PDF is read in full: the default page limit is 500.')
  console.log('Peak RSS is the whole process (the worker thread shares it), sampled every 2 ms.')
} finally {
  extractor.close()
  await rm(directory, { recursive: true, force: true })
}
