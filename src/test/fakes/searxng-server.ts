/**
 * A fake SearXNG instance: `GET /search?q=...&format=json[&categories=...]` answers the JSON shape
 * SearXNG returns (`{query, results: [{title, url, content}]}`), recording each query and its
 * category. Results can differ by category (`setResultsFor`) or be computed (`setResponder`).
 * Failure modes: `fail` (500), `hang` (never answers), `garbage` (200 with a body that is not JSON).
 */

export interface FakeSearchResult {
  title: string
  url: string
  content: string
}

export type FakeSearxngMode = 'ok' | 'fail' | 'hang' | 'garbage'

export interface FakeSearxng {
  url: string
  queries: string[]
  /** The `categories` parameter of each query ('' when absent), in order. */
  categories: string[]
  setResults(results: FakeSearchResult[]): void
  /** Results for one category (e.g. 'news'); others get the default results. */
  setResultsFor(category: string, results: FakeSearchResult[]): void
  setResponder(responder: ((query: string, category: string) => FakeSearchResult[]) | undefined): void
  setFailing(failing: boolean): void
  setMode(mode: FakeSearxngMode): void
  close(): Promise<void>
}

export function startFakeSearxng(): FakeSearxng {
  const queries: string[] = []
  const categories: string[] = []
  let results: FakeSearchResult[] = []
  const byCategory = new Map<string, FakeSearchResult[]>()
  let responder: ((query: string, category: string) => FakeSearchResult[]) | undefined
  let mode: FakeSearxngMode = 'ok'
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    fetch(request) {
      const url = new URL(request.url)
      if (url.pathname !== '/search') return new Response('Not found', { status: 404 })
      if (url.searchParams.get('format') !== 'json') return new Response('<html></html>', { status: 403 })
      const query = url.searchParams.get('q') ?? ''
      const category = url.searchParams.get('categories') ?? ''
      queries.push(query)
      categories.push(category)
      if (mode === 'fail') return new Response('Internal Server Error', { status: 500 })
      if (mode === 'garbage')
        return new Response('<html>not json', { headers: { 'content-type': 'application/json' } })
      if (mode === 'hang') {
        return new Promise<Response>((resolve) =>
          request.signal.addEventListener('abort', () => resolve(new Response(null, { status: 499 }))),
        )
      }
      const answer = responder?.(query, category) ?? byCategory.get(category) ?? results
      return Response.json({ query, number_of_results: answer.length, results: answer })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}`,
    queries,
    categories,
    setResults(next) {
      results = next
    },
    setResultsFor(category, next) {
      byCategory.set(category, next)
    },
    setResponder(next) {
      responder = next
    },
    setFailing(failing) {
      mode = failing ? 'fail' : 'ok'
    },
    setMode(next) {
      mode = next
    },
    async close() {
      await server.stop(true)
    },
  }
}
