import type { ResearchNote } from '../../db/catalogues/research'
import type { ResearchSource, ResearchSourceChoice } from '../../db/schema'
import { SEARCH_LIMITS, searchWeb } from '../ai/web-search'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { readCappedText } from '../http/read-capped'
import { runSearch } from '../knowledge/search'
import { decodeEntities } from '../net/html-to-text'
import { RESEARCH_TIMING } from './timing'

/**
 * Searching the sources a run was asked for. Every backend here is one the administrator
 * configured (SearXNG, OpenAlex, arXiv), so they are called directly; the pages their results
 * point to are fetched only through the guard (src/net/safe-fetch.ts). A backend that fails,
 * hangs or answers garbage is skipped and noted; the run goes on with the others.
 */

export type FoundSource = Omit<ResearchSource, 'n' | 'read' | 'question'> & {
  /** The text, when the search already gave it (an abstract, a knowledge entry): no page to fetch. */
  text?: string
}

export interface SearchOutcome {
  found: FoundSource[]
  notes: ResearchNote[]
}

type Ctx = Pick<AppContext, 'db' | 'database' | 'config' | 'log' | 'vectorCheck'>

/** The notes that say plainly what was not searched (worded by the client: notes.ts). */
export const NOTES = {
  noWebBackend: { code: 'web_not_searched' },
  webFailed: { code: 'web_search_failed' },
  knowledgeFailed: { code: 'knowledge_search_failed' },
  unreachable: (host: string) => ({ code: 'source_unreachable', host }),
} satisfies Record<string, ResearchNote | ((host: string) => ResearchNote)>

/** SearXNG's categories for each kind of source (spec section 3 "Deep research options"). */
const SEARXNG_CATEGORIES = { web: 'general', news: 'news', stats: 'science' } as const

export async function searchSources(
  ctx: Ctx,
  actor: Actor,
  question: string,
  choice: ResearchSourceChoice,
  perSearch: number,
  signal: AbortSignal,
): Promise<SearchOutcome> {
  const { searxngUrl } = ctx.config.ai
  const { openalexUrl, arxivUrl } = ctx.config.research
  const tasks: Promise<SearchOutcome>[] = [searchKnowledgeSource(ctx, actor, question, perSearch)]
  for (const kind of ['web', 'news', 'stats'] as const) {
    if (!choice[kind]) continue
    if (!searxngUrl) {
      tasks.push(Promise.resolve({ found: [], notes: [NOTES.noWebBackend] }))
      continue
    }
    tasks.push(
      guarded(NOTES.webFailed, signal, async () =>
        (
          await searchWeb(searxngUrl, question, signal, searchLimits(), {
            categories: SEARXNG_CATEGORIES[kind],
            maxResults: perSearch,
          })
        ).map((result) => ({ kind, title: result.title, url: result.url, snippet: result.content })),
      ),
    )
  }
  if (choice.academic) {
    if (openalexUrl) {
      tasks.push(
        guarded(NOTES.unreachable(hostOf(openalexUrl)), signal, () =>
          searchOpenAlex(openalexUrl, question, perSearch, signal),
        ),
      )
    }
    if (arxivUrl) {
      tasks.push(
        guarded(NOTES.unreachable(hostOf(arxivUrl)), signal, () =>
          searchArxiv(arxivUrl, question, perSearch, signal),
        ),
      )
    }
  }
  const outcomes = await Promise.all(tasks)
  return {
    found: outcomes.flatMap((outcome) => outcome.found),
    notes: outcomes.flatMap((outcome) => outcome.notes),
  }
}

async function guarded(
  note: ResearchNote,
  signal: AbortSignal,
  search: () => Promise<FoundSource[]>,
): Promise<SearchOutcome> {
  try {
    return { found: await search(), notes: [] }
  } catch (error) {
    if (signal.aborted) throw error
    return { found: [], notes: [note] }
  }
}

function hostOf(url: string): string {
  return new URL(url).host
}

/** The team's knowledge (own and shared entries), cited by title; a failure is noted, never fatal. */
async function searchKnowledgeSource(
  ctx: Ctx,
  actor: Actor,
  question: string,
  limit: number,
): Promise<SearchOutcome> {
  try {
    const rows = await runSearch(ctx, actor, { query: question, limit, minSimilarity: 0.3 })
    return {
      found: rows.map((row) => ({
        kind: 'knowledge' as const,
        title: row.entry.title,
        url: '',
        snippet: row.entry.content.slice(0, 300),
        text: row.entry.content,
      })),
      notes: [],
    }
  } catch (error) {
    ctx.log.warn('research: knowledge search failed', { error })
    return { found: [], notes: [NOTES.knowledgeFailed] }
  }
}

/** The search backends' limits; the time limit is RESEARCH_TIMING's (tests shorten it). */
function searchLimits() {
  return { ...SEARCH_LIMITS, timeoutMs: RESEARCH_TIMING.searchTimeoutMs }
}

/**
 * OpenAlex `GET /works?search=...&per-page=n`: title, landing page (or DOI) and the abstract,
 * which OpenAlex stores as an inverted index (word -> positions).
 */
export async function searchOpenAlex(
  baseUrl: string,
  query: string,
  limit: number,
  signal: AbortSignal,
): Promise<FoundSource[]> {
  const url = new URL('/works', `${baseUrl}/`)
  url.searchParams.set('search', query.slice(0, 300))
  url.searchParams.set('per-page', String(limit))
  const body = JSON.parse(await getText(url, signal, 'application/json')) as { results?: unknown } | null
  const results = Array.isArray(body?.results) ? body.results : []
  return results.flatMap((item): FoundSource[] => {
    const work = (item ?? {}) as Record<string, unknown>
    const title =
      typeof work.display_name === 'string'
        ? work.display_name
        : typeof work.title === 'string'
          ? work.title
          : ''
    const location = (work.primary_location ?? {}) as Record<string, unknown>
    const link =
      (typeof location.landing_page_url === 'string' && location.landing_page_url) ||
      (typeof work.doi === 'string' && work.doi) ||
      (typeof work.id === 'string' && work.id) ||
      ''
    if (!title || !/^https?:\/\//.test(link)) return []
    const abstract = abstractOf(work.abstract_inverted_index)
    const year = typeof work.publication_year === 'number' ? ` (${work.publication_year})` : ''
    return [
      {
        kind: 'academic',
        title: `${title}${year}`,
        url: link,
        snippet: abstract.slice(0, 300),
        text: abstract,
      },
    ]
  })
}

function abstractOf(index: unknown): string {
  if (!index || typeof index !== 'object') return ''
  const words: string[] = []
  for (const [word, positions] of Object.entries(index as Record<string, unknown>)) {
    if (!Array.isArray(positions)) continue
    for (const position of positions)
      if (typeof position === 'number' && position < 5000) words[position] = word
  }
  return words.filter(Boolean).join(' ')
}

/** arXiv `GET /api/query?search_query=all:...`: an Atom feed; each entry's title, link and summary. */
export async function searchArxiv(
  baseUrl: string,
  query: string,
  limit: number,
  signal: AbortSignal,
): Promise<FoundSource[]> {
  const url = new URL('/api/query', `${baseUrl}/`)
  url.searchParams.set('search_query', `all:${query.slice(0, 300)}`)
  url.searchParams.set('max_results', String(limit))
  const feed = await getText(url, signal, 'application/atom+xml')
  if (!feed.includes('<feed')) throw new Error('arXiv answered something other than a feed')
  const field = (entry: string, tag: string) =>
    decodeEntities(entry.match(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`))?.[1] ?? '')
      .replace(/\s+/g, ' ')
      .trim()
  return [...feed.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].flatMap((match): FoundSource[] => {
    const entry = match[1]!
    const title = field(entry, 'title')
    const link = field(entry, 'id')
    if (!title || !/^https?:\/\//.test(link)) return []
    const summary = field(entry, 'summary')
    return [{ kind: 'academic', title, url: link, snippet: summary.slice(0, 300), text: summary }]
  })
}

async function getText(url: URL, signal: AbortSignal, accept: string): Promise<string> {
  const limits = searchLimits()
  const timeout = AbortSignal.timeout(limits.timeoutMs)
  const response = await fetch(url, { headers: { accept }, signal: AbortSignal.any([signal, timeout]) })
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    throw new Error(`${url.host} answered ${response.status}`)
  }
  return readCappedText(response, limits.maxBytes)
}
