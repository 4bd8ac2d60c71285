import { extractText } from '../extract/service'
import { FetchRefused, type SafeFetchOptions, safeFetchDocument } from '../net/safe-fetch'
import { RESEARCH_TIMING } from './timing'

/** Pages of a PDF source read at most (the model is given its first few thousand characters anyway). */
const PDF_MAX_PAGES = 50

/**
 * A source's page as text: fetched under the guard (src/net/safe-fetch.ts), HTML reduced to its
 * text, a PDF read by the attachments' extraction workers (src/extract: unpdf, off the serving
 * thread, under a time limit). A PDF that cannot be read (garbage bytes, encrypted, a scan without
 * text) is a FetchRefused like any failing page, so the job skips and notes it.
 */
export async function readPageText(
  url: string,
  options: SafeFetchOptions & { maxChars: number },
): Promise<string> {
  const { maxChars, ...fetchOptions } = options
  const document = await safeFetchDocument(url, fetchOptions)
  if (document.kind === 'page') return document.text
  const extracted = await extractText(
    { name: 'source.pdf', kind: 'pdf', bytes: document.bytes },
    { maxChars, maxPages: PDF_MAX_PAGES, timeoutMs: RESEARCH_TIMING.pdfTimeoutMs },
  )
  // On failure `text` is the attachments' fallback ("[PDF file: ...]"): not the source's words.
  if (extracted.error) throw new FetchRefused('the PDF could not be read', { cause: extracted.cause })
  return extracted.text
}
