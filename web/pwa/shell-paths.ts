/** Which requests the service worker (web/pwa/sw.ts) may answer from its cache, and which never. */

export const OFFLINE_PAGE = '/offline.html'

/** People's data (chats, files, images, avatars, the brand's logo) and the realtime channel. */
export const isNeverCached = (path: string) =>
  path === '/api' || path.startsWith('/api/') || path === '/socket.io' || path.startsWith('/socket.io/')

/** The build's own files: the same bytes for everyone, safe to keep. */
export const isShellFile = (path: string) =>
  !isNeverCached(path) &&
  (path.startsWith('/assets/') ||
    path.startsWith('/icons/') ||
    path === OFFLINE_PAGE ||
    path === '/offline.js')
