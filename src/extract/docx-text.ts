import mammoth from 'mammoth'
import { convertDocxHtmlToText } from './docx-html-to-text'
import { ExtractionFailure } from './extraction-failure'
import { checkZipBudget } from './zip-guard'

/** Images are dropped: mammoth would otherwise inline each one as a base64 data URI. */
const skipImages = mammoth.images.imgElement(async () => ({ src: '' }))

/**
 * A Word document's text with its structure (headings, lists, tables) kept as Markdown-like text.
 * The archive is checked against the unpack budget before mammoth inflates anything.
 */
export async function extractDocxText(
  bytes: Uint8Array,
  limits: { maxUnpackedBytes: number; maxCompressionRatio: number },
): Promise<string> {
  checkZipBudget(bytes, limits)
  let html: string
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    html = (await mammoth.convertToHtml({ buffer }, { convertImage: skipImages, externalFileAccess: false }))
      .value
  } catch (error) {
    throw new ExtractionFailure('unreadable docx', { cause: error })
  }
  const text = convertDocxHtmlToText(html)
  if (text === '') throw new ExtractionFailure('docx has no text')
  return text
}
