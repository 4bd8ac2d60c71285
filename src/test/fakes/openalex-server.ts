/**
 * A fake OpenAlex API (`GET /works?search=...&per-page=n`), answering works as OpenAlex does:
 * `display_name`, `publication_year`, `doi`, `primary_location.landing_page_url` and the abstract
 * as an inverted index. Also a fake arXiv (`GET /api/query`, an Atom feed). `setMode('fail')`
 * answers 500, 'hang' never answers.
 */

export interface FakeWork {
  title: string
  url: string
  abstract: string
  year?: number
}

export interface FakeScholar {
  url: string
  searches: string[]
  setWorks(works: FakeWork[]): void
  setMode(mode: 'ok' | 'fail' | 'hang'): void
  close(): Promise<void>
}

function invertedIndex(text: string): Record<string, number[]> {
  const index: Record<string, number[]> = {}
  text.split(/\s+/).forEach((word, position) => {
    index[word] = [...(index[word] ?? []), position]
  })
  return index
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function startFakeScholar(): FakeScholar {
  const searches: string[] = []
  let works: FakeWork[] = [
    {
      title: 'Photovoltaic learning curves',
      url: 'https://doi.org/10.1000/pv.2025',
      abstract: 'Module prices fell by 90% over the last decade as capacity doubled every three years.',
      year: 2025,
    },
  ]
  let mode: 'ok' | 'fail' | 'hang' = 'ok'
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    fetch(request) {
      const url = new URL(request.url)
      if (mode === 'fail') return new Response('{"error":"down"}', { status: 500 })
      if (mode === 'hang') {
        return new Promise<Response>((resolve) =>
          request.signal.addEventListener('abort', () => resolve(new Response(null, { status: 499 }))),
        )
      }
      if (url.pathname === '/works') {
        searches.push(url.searchParams.get('search') ?? '')
        return Response.json({
          meta: { count: works.length },
          results: works.map((work, index) => ({
            id: `https://openalex.org/W${index + 1}`,
            display_name: work.title,
            publication_year: work.year ?? 2024,
            doi: work.url,
            primary_location: { landing_page_url: work.url },
            abstract_inverted_index: invertedIndex(work.abstract),
          })),
        })
      }
      if (url.pathname === '/api/query') {
        searches.push(url.searchParams.get('search_query') ?? '')
        const entries = works
          .map(
            (work) =>
              `<entry><id>${escapeXml(work.url)}</id><title>${escapeXml(work.title)}</title><summary>${escapeXml(work.abstract)}</summary></entry>`,
          )
          .join('')
        return new Response(
          `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">${entries}</feed>`,
          {
            headers: { 'content-type': 'application/atom+xml' },
          },
        )
      }
      return new Response('Not found', { status: 404 })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}`,
    searches,
    setWorks(next) {
      works = next
    },
    setMode(next) {
      mode = next
    },
    async close() {
      await server.stop(true)
    },
  }
}
