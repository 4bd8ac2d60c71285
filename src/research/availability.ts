import type { ResearchSourceChoice } from '../../db/schema'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'

/** Why a source cannot be searched on this server (the client words it; decision 144). */
export type SourceUnavailableReason = 'no_search_backend' | 'no_academic_backend'

export interface SourceAvailability {
  available: boolean
  reason: SourceUnavailableReason | null
}

export type ResearchSourceKind = keyof ResearchSourceChoice

/** The English texts of the refusal (web/i18n/en/errors.ts has them word for word). */
export const SOURCE_REFUSALS = {
  web: 'Web Search, Latest News and Statistics & Data cannot be searched: no search backend is configured',
  academic: 'Academic Sources cannot be searched: no scholarly source is configured',
} as const

/**
 * Which of deep research's four sources this server can search: web, news and statistics go
 * through SearXNG (`SEARXNG_URL`), academic through OpenAlex or arXiv (either is enough).
 */
export function researchSourceAvailability(
  ctx: Pick<AppContext, 'config'>,
): Record<ResearchSourceKind, SourceAvailability> {
  const web: SourceAvailability = ctx.config.ai.searxngUrl
    ? { available: true, reason: null }
    : { available: false, reason: 'no_search_backend' }
  const { openalexUrl, arxivUrl } = ctx.config.research
  const academic: SourceAvailability =
    openalexUrl || arxivUrl
      ? { available: true, reason: null }
      : { available: false, reason: 'no_academic_backend' }
  return { web, academic, news: web, stats: web }
}

/**
 * The sources a start runs with. A flag left out takes the spec's default (web and news on) only
 * when that source can be searched here; a source asked for explicitly that cannot be searched is
 * refused (400 `bad_request:research_source`), so nobody learns afterwards that it was skipped.
 */
export function chooseResearchSources(
  ctx: Pick<AppContext, 'config'>,
  asked: Partial<Record<ResearchSourceKind, boolean | undefined>>,
): ResearchSourceChoice {
  const availability = researchSourceAvailability(ctx)
  const defaults: ResearchSourceChoice = { web: true, academic: false, news: true, stats: false }
  const refused = (['web', 'news', 'stats', 'academic'] as const).filter(
    (kind) => asked[kind] === true && !availability[kind].available,
  )
  if (refused.some((kind) => kind !== 'academic')) {
    throw new AppError('bad_request:research_source', SOURCE_REFUSALS.web)
  }
  if (refused.length > 0) throw new AppError('bad_request:research_source', SOURCE_REFUSALS.academic)
  const pick = (kind: ResearchSourceKind) => (asked[kind] ?? defaults[kind]) && availability[kind].available
  return { web: pick('web'), academic: pick('academic'), news: pick('news'), stats: pick('stats') }
}
