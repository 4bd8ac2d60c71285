import { deflateSync } from 'node:zlib'
import { buildPdf } from '../../src/test/docs'

/** A file as Playwright's setInputFiles takes it. */
export interface TestFile {
  name: string
  mimeType: string
  buffer: Buffer
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(Bun.hash.crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A real RGB PNG of the given size with a diagonal gradient, so a thumbnail (and its rotation) is
 * visible in screenshots. `noise` adds incompressible rows to reach a size (for progress and limits).
 */
export function buildGradientPng(width: number, height: number, noise = 0): Buffer {
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3)
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round((x / width) * 255)
      row[2 + x * 3] = Math.round((y / height) * 200)
      row[3 + x * 3] = 200
    }
    // A dark band across the top marks which way is up.
    if (y < height / 6) row.fill(30, 1)
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
  ]
  // An ancillary private chunk of random bytes: decoders skip it, the file gets bigger.
  if (noise > 0) parts.push(chunk('noIs', crypto.getRandomValues(new Uint8Array(noise))))
  parts.push(chunk('IEND', new Uint8Array()))
  return Buffer.concat(parts)
}

export const photo = (name = 'sunset.png', noise = 0): TestFile => ({
  name,
  mimeType: 'image/png',
  buffer: buildGradientPng(240, 160, noise),
})

export const pdf = (name = 'report.pdf'): TestFile => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(buildPdf({ pages: [['Quarterly report', 'Revenue grew 12%']] })),
})

export const textFile = (name: string, text: string): TestFile => ({
  name,
  mimeType: name.endsWith('.md') ? 'text/markdown' : 'text/plain',
  buffer: Buffer.from(text),
})
