import { resolve, sep } from 'node:path'
import { Elysia } from 'elysia'
import { contentSecurityPolicy } from './csp'
import { embeddedAsset, hasEmbeddedAssets } from './embedded'
import { iconResponse, isIconFile, manifestResponse, type PwaContext } from './pwa'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const COMPRESSIBLE = /\.(js|css|map|svg|json|txt|html)$/
/**
 * The installable app's files at fixed names (no content hash), built beside index.html by
 * scripts/build-pwa.ts: the service worker must sit at the root to control every path, and each is
 * revalidated so that a new build's worker and offline page are seen at once (docs/decisions/160).
 */
const ROOT_FILES = new Set(['/sw.js', '/offline.html', '/offline.js'])

/**
 * Serves the built React client (public/build, made by `bun run build:web`). Registered last in
 * src/app.ts so every API route wins. Hashed assets are cached forever; index.html is revalidated
 * on each visit so a deploy is picked up at once. The installable app's manifest and icons follow
 * the brand, the service worker and offline page are served from the build. Any other GET outside
 * /api and /socket.io gets index.html, because the client router owns those paths. All of it is
 * one catch-all route: none of these answers is JSON an API schema could describe.
 */
export const webClient = (ctx: PwaContext, options: { dir?: string } = {}) => {
  const root = resolve(options.dir ?? 'public/build')
  const headers = {
    'content-security-policy': contentSecurityPolicy(ctx.config.brand),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  }
  // Hashed files never change, so their gzip form is computed once per process.
  const gzipped = new Map<string, Uint8Array<ArrayBuffer>>()

  /**
   * The built file for a URL path: from the compiled binary's embedded files when it has them
   * (scripts/build-binary.ts), otherwise from the build folder, never outside it.
   */
  function builtFile(pathname: string) {
    if (hasEmbeddedAssets()) {
      const embedded = embeddedAsset(decodeURIComponent(pathname))
      return embedded ? Bun.file(embedded) : null
    }
    const path = resolve(root, `.${decodeURIComponent(pathname)}`)
    return path.startsWith(`${root}${sep}`) ? Bun.file(path) : null
  }

  async function serveIndex() {
    const index = builtFile('/index.html')
    if (!index || !(await index.exists())) {
      return new Response(
        'The web client has not been built. Run `bun run build:web` (or `bun run start`, which builds it).\n',
        { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '30' } },
      )
    }
    return new Response(index, {
      headers: { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
    })
  }

  async function serveAsset(pathname: string, request: Request, cacheControl = IMMUTABLE) {
    const file = builtFile(pathname)
    if (!file || !(await file.exists())) return null
    const assetHeaders: Record<string, string> = {
      ...headers,
      // The type follows the URL's extension: an embedded file's own name carries an extra hash.
      'content-type': Bun.file(pathname).type,
      'cache-control': cacheControl,
      vary: 'accept-encoding',
    }
    if (COMPRESSIBLE.test(pathname) && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
      // Only a hashed file's bytes are fixed: the root files change with each build under one name.
      const immutable = cacheControl === IMMUTABLE
      let body = immutable ? gzipped.get(pathname) : undefined
      if (!body) {
        body = Bun.gzipSync(new Uint8Array(await file.arrayBuffer()))
        if (immutable) gzipped.set(pathname, body)
      }
      return new Response(body, { headers: { ...assetHeaders, 'content-encoding': 'gzip' } })
    }
    return new Response(file, { headers: assetHeaders })
  }

  return new Elysia({ name: 'web-client' }).get('/*', async ({ request, set }) => {
    const { pathname } = new URL(request.url)
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/socket.io/')) {
      set.status = 404
      return { success: false, error: 'Not found', code: 'not_found' }
    }
    if (pathname.startsWith('/assets/') || ROOT_FILES.has(pathname)) {
      const asset = await serveAsset(pathname, request, ROOT_FILES.has(pathname) ? 'no-cache' : IMMUTABLE)
      if (asset) return asset
      set.status = 404
      return 'Not found'
    }
    if (pathname === '/manifest.webmanifest') return manifestResponse(ctx, headers)
    if (pathname.startsWith('/icons/')) {
      const file = pathname.slice('/icons/'.length)
      if (isIconFile(file)) return iconResponse(ctx, file, headers)
      set.status = 404
      return 'Not found'
    }
    return serveIndex()
  })
}
