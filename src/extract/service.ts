/**
 * The attachments' file-reading core. Routes call `classifyFile` on upload (refuses files whose bytes
 * contradict their type), `safeFileName` for the stored name, and `extractText` for the text sent to
 * the model; extraction runs in a worker pool under hard limits and always resolves, with the spec's
 * fallback content and message on failure.
 */
import type { TextKind } from './classify-file'
import { DEFAULT_LIMITS, type ExtractLimits } from './limits'
import { fallbackText, fileErrorMessage } from './messages'
import type { ExtractionJob, ExtractionOutcome } from './run-extraction'
import { safeFileName } from './safe-file-name'
import { createWorkerPool, WorkerPoolError } from './worker-pool'

export { classifyFile, type FileClassification, type FileKind, type TextKind } from './classify-file'
export { formatFileSize } from './file-size'
export { DEFAULT_LIMITS, type ExtractLimits } from './limits'
export { fallbackText, fileErrorMessage } from './messages'
export { safeFileName } from './safe-file-name'
export { type SniffedType, sniffType } from './sniff-type'

export interface ExtractInput {
  name: string
  kind: TextKind
  bytes: Uint8Array
}

export interface ExtractResult {
  /** The text for the model: the document's text, or the spec's fallback content on failure. */
  text: string
  /** Spec section 8's message when extraction failed ('Failed to read file: report.pdf'). */
  error?: string
  /** Why it failed, for the log only ('timeout', 'encrypted pdf', 'zip bomb: ...'). */
  cause?: string
  /** PDF only: the document's page count. */
  pageCount?: number
  /** A page or character limit cut the text (the text ends with a note saying so). */
  truncated: boolean
}

export interface TextExtractor {
  extractText(file: ExtractInput, limits?: Partial<ExtractLimits>): Promise<ExtractResult>
  close(): void
}

export interface TextExtractorOptions {
  /** Workers running extractions in parallel (each holds a parsed document in memory). */
  poolSize?: number
  limits?: Partial<ExtractLimits>
}

/**
 * Where the worker script is. From source, beside this file. Inside the compiled binary the worker
 * is an extra entry point of `bun build --compile` (scripts/build-binary.ts) and is named by its
 * path from the build root; a URL relative to this module would point at the main bundle instead.
 */
function workerUrl(): URL | string {
  return import.meta.url.startsWith('file:///$bunfs/')
    ? './src/extract/worker.ts'
    : new URL('./worker.ts', import.meta.url)
}

export function createTextExtractor(options: TextExtractorOptions = {}): TextExtractor {
  const pool = createWorkerPool<ExtractionJob, ExtractionOutcome>({
    url: workerUrl(),
    size: options.poolSize ?? 2,
  })
  const baseLimits = { ...DEFAULT_LIMITS, ...options.limits }

  return {
    async extractText(file, overrides) {
      const limits = { ...baseLimits, ...overrides }
      const name = safeFileName(file.name)
      // One private copy, handed over to the worker: the caller keeps its bytes (to store them), and a
      // small view into a large buffer never drags the whole buffer across. Not `.slice()`: on a
      // Node Buffer that is a view, and the transfer would detach the caller's bytes.
      const bytes = new Uint8Array(file.bytes)
      let outcome: ExtractionOutcome
      try {
        outcome = await pool.run(
          { kind: file.kind, bytes, limits },
          { timeoutMs: limits.timeoutMs, transfer: [bytes.buffer] },
        )
      } catch (error) {
        const reason = error instanceof WorkerPoolError ? error.failure : String(error)
        outcome = { ok: false, reason }
      }
      if (outcome.ok)
        return { text: outcome.text, pageCount: outcome.pageCount, truncated: outcome.truncated }
      return {
        text: fallbackText(file.kind, name, file.bytes.length),
        error: fileErrorMessage(file.kind, name),
        cause: outcome.reason,
        truncated: false,
      }
    },
    close: () => pool.close(),
  }
}

let shared: TextExtractor | null = null

/** Extracts with the process-wide extractor (started on first use, default limits and pool size). */
export function extractText(file: ExtractInput, limits?: Partial<ExtractLimits>): Promise<ExtractResult> {
  shared ??= createTextExtractor()
  return shared.extractText(file, limits)
}

/** Stops the process-wide extractor's workers (server shutdown). */
export function closeTextExtraction(): void {
  shared?.close()
  shared = null
}
