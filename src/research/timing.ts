/** Timings tests shorten. */
export const RESEARCH_TIMING = {
  /** How long a worker's hold lasts without renewal: a dead instance's runs are taken over after it. */
  leaseMs: 60_000,
  /** How often a running job checks for a cancel (and renews its hold). */
  pollMs: 1_000,
  /** How often each instance looks for runs nobody holds. */
  sweepMs: 60_000,
  /** At most one progress event per run this often. */
  progressMs: 250,
  /** How long a search backend (SearXNG, OpenAlex, arXiv) may take to answer. */
  searchTimeoutMs: 10_000,
  /** How long a page may take to arrive (src/net/safe-fetch.ts's default). */
  pageTimeoutMs: 10_000,
  /** How long reading a fetched PDF's text may take (in the extraction workers). */
  pdfTimeoutMs: 10_000,
}
