/**
 * Parley's service worker (/sw.js, built by scripts/build-web.ts with this build's shell prepended as
 * PARLEY_SHELL). It keeps the app shell only, never a person's data (docs/decisions/160-installs.md):
 *
 * - Pages (navigations) always come from the network, so a new build is seen on the next load;
 *   when the network fails, the cached offline page is shown instead.
 * - The build's files (/assets/*, hashed and immutable), the offline page and the icons come from
 *   this build's cache, filled on install and as lazy chunks are first used.
 * - Everything else, and above all /api/* (chats, files, images, avatars, the brand's logo) and
 *   /socket.io/*, is left to the network: the worker does not even see it through.
 *
 * Each build's worker has its own cache and takes over at once, deleting the others; the page then
 * reloads once (web/pwa/register.ts), so no tab keeps running an old client.
 */

import { isNeverCached, isShellFile, OFFLINE_PAGE } from './shell-paths'

/** Written by the build: its version and the files to cache on install. */
declare const PARLEY_SHELL: { version: string; files: string[] }

// The worker's own types, kept here: the DOM library the rest of web/ is typed with has none of them.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  respondWith(response: Response | Promise<Response>): void
}
interface WorkerScope {
  readonly location: Location
  skipWaiting(): Promise<void>
  readonly clients: { claim(): Promise<void> }
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
}

const worker = self as unknown as WorkerScope
const PREFIX = 'parley-shell-'
const CACHE = `${PREFIX}${PARLEY_SHELL.version}`

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PARLEY_SHELL.files))
      .then(() => worker.skipWaiting()),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  )
})

worker.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== worker.location.origin || isNeverCached(url.pathname)) return
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => offlinePage()))
    return
  }
  if (isShellFile(url.pathname)) event.respondWith(fromShell(request))
})

async function offlinePage(): Promise<Response> {
  return (await caches.match(OFFLINE_PAGE, { cacheName: CACHE })) ?? Response.error()
}

/** From this build's cache, else the network, kept for next time when it answered a whole file. */
async function fromShell(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE)
  const cached = await cache.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.status === 200 && response.type === 'basic') await cache.put(request, response.clone())
  return response
}
