import type { TextKind } from './classify-file'
import { extractDocxText } from './docx-text'
import { ExtractionFailure } from './extraction-failure'
import type { ExtractLimits } from './limits'
import { extractPdfText } from './pdf-text'
import { decodeText } from './plain-text'
import { truncateText } from './truncate-text'

export interface ExtractionJob {
  kind: TextKind
  bytes: Uint8Array
  limits: ExtractLimits
}

export type ExtractionOutcome =
  | { ok: true; text: string; truncated: boolean; pageCount?: number }
  | { ok: false; reason: string }

async function extractByKind(
  job: ExtractionJob,
): Promise<{ text: string; truncated: boolean; pageCount?: number }> {
  if (job.kind === 'pdf') return extractPdfText(job.bytes, job.limits)
  if (job.kind === 'docx') return { text: await extractDocxText(job.bytes, job.limits), truncated: false }
  return { text: decodeText(job.bytes), truncated: false }
}

/** Runs one extraction (inside the worker); never throws, a failure comes back with its reason. */
export async function runExtraction(job: ExtractionJob): Promise<ExtractionOutcome> {
  try {
    const result = await extractByKind(job)
    const cut = truncateText(result.text, job.limits.maxChars)
    return {
      ok: true,
      text: cut.text,
      truncated: result.truncated || cut.truncated,
      pageCount: result.pageCount,
    }
  } catch (error) {
    if (error instanceof ExtractionFailure) return { ok: false, reason: error.reason }
    return { ok: false, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
  }
}
