/**
 * Fake web pages for the page-fetch guard and deep research, on 127.0.0.1: a normal article, pages
 * a test sets (HTML, or any bytes such as a PDF), a redirect chain, a redirect to a private
 * address, a huge page, a page that never answers, a binary file and a 404. Records each request's
 * path and Host header.
 */

export interface FakePages {
  /** The full URL of a path on this server. */
  url(path: string): string
  /** Serves this HTML at `path` from now on. */
  setPage(path: string, html: string): void
  /** Serves these bytes with this content type at `path` from now on (a PDF, say). */
  setFile(path: string, body: Uint8Array, contentType: string): void
  /** Paths requested, in order. */
  paths: string[]
  /** The Host header of each request, in order. */
  hosts: string[]
  close(): Promise<void>
}

export const SOLAR_ARTICLE = `<!doctype html><html><head><title>Solar power in 2026</title>
<style>body { color: red }</style><script>function stealCookies() {}</script></head>
<body><nav><a href="/">Home</a></nav><article><h1>Solar power in 2026</h1>
<p>Solar capacity grew by 30% in 2025.</p><p>Costs fell by 12% &amp; storage doubled.</p></article>
<footer>Copyright</footer></body></html>`

export function startFakePages(): FakePages {
  const paths: string[] = []
  const hosts: string[] = []
  const pages = new Map<string, string>([['/article/solar', SOLAR_ARTICLE]])
  const files = new Map<string, { body: Uint8Array; contentType: string }>()
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    fetch(request) {
      const url = new URL(request.url)
      paths.push(url.pathname)
      hosts.push(request.headers.get('host') ?? '')
      const file = files.get(url.pathname)
      if (file) return new Response(file.body.slice(), { headers: { 'content-type': file.contentType } })
      const html = pages.get(url.pathname)
      if (html !== undefined)
        return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
      if (url.pathname === '/redirect-private') {
        return new Response(null, {
          status: 302,
          headers: { location: 'http://169.254.169.254/latest/meta-data/' },
        })
      }
      const hop = url.pathname.match(/^\/redirect\/(\d+)$/)
      if (hop) {
        const left = Number(hop[1])
        const location = left <= 1 ? '/article/solar' : `/redirect/${left - 1}`
        return new Response(null, { status: 302, headers: { location } })
      }
      if (url.pathname === '/huge') {
        const chunk = new TextEncoder().encode(`<p>${'x'.repeat(64 * 1024)}</p>`)
        let sent = 0
        return new Response(
          new ReadableStream({
            pull(controller) {
              sent += 1
              if (sent > 200) controller.close()
              else controller.enqueue(chunk)
            },
          }),
          { headers: { 'content-type': 'text/html' } },
        )
      }
      if (url.pathname === '/slow') {
        return new Promise<Response>((resolve) =>
          request.signal.addEventListener('abort', () => resolve(new Response(null, { status: 499 }))),
        )
      }
      if (url.pathname === '/binary') {
        return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
          headers: { 'content-type': 'image/png' },
        })
      }
      return new Response('Not found', { status: 404 })
    },
  })
  const base = `http://127.0.0.1:${server.port}`
  return {
    url: (path) => `${base}${path}`,
    setPage(path, html) {
      pages.set(path, html)
    },
    setFile(path, body, contentType) {
      files.set(path, { body, contentType })
    },
    paths,
    hosts,
    async close() {
      await server.stop(true)
    },
  }
}
