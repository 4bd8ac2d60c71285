import { getDocumentProxy } from 'unpdf'
import { ExtractionFailure } from './extraction-failure'

export interface PdfText {
  text: string
  pageCount: number
  truncated: boolean
}

interface TextItem {
  str?: string
  hasEOL?: boolean
}

/** The same whitespace rules as unpdf's mergePages: line structure kept, at most one blank line. */
const normalizeWhitespace = (text: string) =>
  text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>

/** One page's text; a page that fails to parse contributes nothing rather than sinking the rest. */
async function readPageText(document: PdfDocument, number: number): Promise<string> {
  try {
    const page = await document.getPage(number)
    const content = await page.getTextContent()
    page.cleanup()
    return (content.items as TextItem[]).map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join('')
  } catch {
    return ''
  }
}

/**
 * Reads the text layer of the first `maxPages` pages, one page at a time so memory stays bounded by
 * a page, stopping early once `maxChars` is reached. A PDF without any text (a scan) is a failure:
 * the spec's fallback tells the model more than an empty string does.
 */
export async function extractPdfText(
  bytes: Uint8Array,
  limits: { maxPages: number; maxChars: number },
): Promise<PdfText> {
  let document: PdfDocument
  try {
    document = await getDocumentProxy(bytes, { stopAtErrors: false, verbosity: 0 })
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error'
    throw new ExtractionFailure(name === 'PasswordException' ? 'encrypted pdf' : `unreadable pdf (${name})`, {
      cause: error,
    })
  }
  try {
    const pageCount = document.numPages
    const lastPage = Math.min(pageCount, limits.maxPages)
    const pages: string[] = []
    let length = 0
    for (let number = 1; number <= lastPage && length <= limits.maxChars; number++) {
      const text = await readPageText(document, number)
      pages.push(text)
      length += text.length
    }
    let text = normalizeWhitespace(pages.join('\n'))
    if (text === '') throw new ExtractionFailure('pdf has no text layer')
    const truncated = pageCount > limits.maxPages
    if (truncated) text += `\n\n[Truncated after ${limits.maxPages} pages]`
    return { text, pageCount, truncated }
  } finally {
    await document.loadingTask.destroy()
  }
}
