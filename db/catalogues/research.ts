/** Deep research's fixed vocabularies (the schema's CHECK constraints and the API's validation share them). */
export const researchDepths = ['quick', 'thorough', 'comprehensive'] as const
export const researchStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const
export const researchSteps = ['planning', 'searching', 'reading', 'reflecting', 'writing'] as const

export type ResearchDepth = (typeof researchDepths)[number]
export type ResearchStatus = (typeof researchStatuses)[number]
export type ResearchStep = (typeof researchSteps)[number]

/**
 * What a research run could not do, as codes the client words in the person's language
 * (docs/decisions/150). The run's `notes` keep the English sentence `researchNoteText` makes from
 * each: for the model's report prompt, for runs and messages written before codes, and for API consumers.
 */
export type ResearchNote =
  | { code: 'web_not_searched' }
  | { code: 'web_search_failed' }
  | { code: 'knowledge_search_failed' }
  /** A search backend (OpenAlex, arXiv) that did not answer. */
  | { code: 'source_unreachable'; host: string }
  /** A page that could not be read; `detail` is the English reason, kept only in the English text. */
  | { code: 'page_unreadable'; host: string; detail?: string }
  | { code: 'stopped_early'; reason: StopReason }

export type StopReason = 'time_limit' | 'cost_limit' | 'budget'
