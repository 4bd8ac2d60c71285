/**
 * A fake SearXNG instance: `GET /search?q=...&format=json` answers the JSON shape SearXNG returns
 * (`{query, results: [{title, url, content}]}`), recording each query. `fail` makes it answer 500.
 */

export interface FakeSearchResult {
  title: string
  url: string
  content: string
}

export interface FakeSearxng {
  url: string
  queries: string[]
  setResults(results: FakeSearchResult[]): void
  setFailing(failing: boolean): void
  close(): Promise<void>
}

export function startFakeSearxng(): FakeSearxng {
  const queries: string[] = []
  let results: FakeSearchResult[] = []
  let failing = false
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      const url = new URL(request.url)
      if (url.pathname !== '/search') return new Response('Not found', { status: 404 })
      if (url.searchParams.get('format') !== 'json') return new Response('<html></html>', { status: 403 })
      const query = url.searchParams.get('q') ?? ''
      queries.push(query)
      if (failing) return new Response('Internal Server Error', { status: 500 })
      return Response.json({ query, number_of_results: results.length, results })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}`,
    queries,
    setResults(next) {
      results = next
    },
    setFailing(next) {
      failing = next
    },
    async close() {
      await server.stop(true)
    },
  }
}
