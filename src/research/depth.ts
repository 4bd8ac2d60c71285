import type { ResearchDepth } from '../../db/catalogues/research'

/**
 * What each depth buys (docs/decisions/126-deep-research.md): sub-questions searched per round
 * (breadth), rounds of search-read-reflect, pages read per round, and ceilings on time and money.
 * The times match the dialog's promises (spec section 9: 2-3, 5-7, 10+ minutes) with headroom.
 */
export interface DepthPlan {
  breadth: number
  rounds: number
  /** Sources read in full (pages fetched, entries and abstracts taken) per round. */
  readsPerRound: number
  /** Results kept per search. */
  resultsPerSearch: number
  maxMs: number
  maxCostMicros: number
  /** The report's max_tokens. */
  reportTokens: number
}

export const DEPTH_PLANS: Record<ResearchDepth, DepthPlan> = {
  quick: {
    breadth: 2,
    rounds: 1,
    readsPerRound: 4,
    resultsPerSearch: 4,
    maxMs: 4 * 60_000,
    maxCostMicros: 100_000, // $0.10
    reportTokens: 1500,
  },
  thorough: {
    breadth: 4,
    rounds: 2,
    readsPerRound: 6,
    resultsPerSearch: 5,
    maxMs: 10 * 60_000,
    maxCostMicros: 500_000, // $0.50
    reportTokens: 3000,
  },
  comprehensive: {
    breadth: 6,
    rounds: 3,
    readsPerRound: 8,
    resultsPerSearch: 6,
    maxMs: 20 * 60_000,
    maxCostMicros: 2_000_000, // $2.00
    reportTokens: 5000,
  },
}
