import { readCappedText } from '../http/read-capped'

/**
 * Web search through a SearXNG instance (`SEARXNG_URL`): `GET /search?q=...&format=json`. The top
 * five results become cited context for the model. A failed search is logged and the answer goes
 * ahead without it.
 */

export interface SearchResult {
  title: string
  url: string
  content: string
}

const MAX_RESULTS = 5

/**
 * The search backend is outside our control: its answer is read for at most this long (headers and
 * body together) and this many bytes. A SearXNG page of results is tens of kilobytes.
 */
export const SEARCH_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 }

export async function searchWeb(
  baseUrl: string,
  query: string,
  signal?: AbortSignal,
  limits = SEARCH_LIMITS,
  options: { categories?: string; maxResults?: number } = {},
): Promise<SearchResult[]> {
  const url = new URL('/search', `${baseUrl}/`)
  url.searchParams.set('q', query.slice(0, 500))
  url.searchParams.set('format', 'json')
  // SearXNG's categories (general, news, science...): deep research searches each source its own way.
  if (options.categories) url.searchParams.set('categories', options.categories)
  // The fetch's signal also aborts reading the body, so a trickling answer ends at the same deadline.
  const timeout = AbortSignal.timeout(limits.timeoutMs)
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  })
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    throw new Error(`SearXNG answered ${response.status}`)
  }
  const body = JSON.parse(await readCappedText(response, limits.maxBytes)) as { results?: unknown } | null
  const results = Array.isArray(body?.results) ? body.results : []
  return results
    .flatMap((item): SearchResult[] => {
      const { title, url: link, content } = (item ?? {}) as Record<string, unknown>
      if (typeof link !== 'string') return []
      return [
        {
          title: typeof title === 'string' ? title : link,
          url: link,
          content: typeof content === 'string' ? content.slice(0, 1000) : '',
        },
      ]
    })
    .slice(0, options.maxResults ?? MAX_RESULTS)
}

/** The system-prompt block that gives the model the results and asks it to cite them as [n]. */
export function formatSearchContext(results: SearchResult[]): string {
  const lines = results.map(
    (result, index) => `[${index + 1}] ${result.title} (${result.url})\n${result.content}`,
  )
  return [
    'Web search results for the user’s latest message follow. Use them when they help, and cite them',
    'inline as [1], [2]... with a list of the cited URLs at the end of your answer.',
    '',
    ...lines,
  ].join('\n')
}
