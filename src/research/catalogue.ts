/** Deep research's fixed vocabularies (the schema's CHECK constraints and the API's validation share them). */
export const researchDepths = ['quick', 'thorough', 'comprehensive'] as const
export const researchStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const
export const researchSteps = ['planning', 'searching', 'reading', 'reflecting', 'writing'] as const

export type ResearchDepth = (typeof researchDepths)[number]
export type ResearchStatus = (typeof researchStatuses)[number]
export type ResearchStep = (typeof researchSteps)[number]
