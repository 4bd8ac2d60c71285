/** Bounds on one extraction; every one of them turns into the spec's fallback text when crossed. */
export interface ExtractLimits {
  /** Wall-clock time for one extraction in the worker; the worker is terminated past it. */
  timeoutMs: number
  /** PDF pages read; the rest is dropped with a '[Truncated after N pages]' note. */
  maxPages: number
  /** Characters of text kept; the rest is dropped with a '[Truncated after N characters]' note. */
  maxChars: number
  /** Total uncompressed size a DOCX archive may have. */
  maxUnpackedBytes: number
  /** Uncompressed / compressed size ratio past which a DOCX archive is taken for a zip bomb. */
  maxCompressionRatio: number
}

export const DEFAULT_LIMITS: ExtractLimits = {
  timeoutMs: 20_000,
  maxPages: 500,
  maxChars: 2_000_000,
  maxUnpackedBytes: 100 * 1024 * 1024,
  maxCompressionRatio: 100,
}
