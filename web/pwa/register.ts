/**
 * Installs the service worker (web/pwa/sw.ts) once the page has loaded, and keeps it current: it is
 * asked for a new build when the tab comes back into view, and when a new build's worker takes over
 * a page an older one controlled, the page reloads once, so that no tab keeps an old client after
 * an upgrade (docs/decisions/160-installs.md). A page's first worker does not reload it: that page
 * is already the current build.
 */
export function registerServiceWorker() {
  const container = navigator.serviceWorker
  // Absent over plain http on another host than localhost, and in some private modes.
  if (!container) return
  let reloaded = false
  let controlled = !!container.controller
  container.addEventListener('controllerchange', () => {
    const replaced = controlled
    controlled = true
    if (!replaced || reloaded) return
    reloaded = true
    location.reload()
  })
  addEventListener('load', () => {
    container
      .register('/sw.js')
      .then((registration) => {
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') registration.update().catch(() => {})
        })
      })
      // Without a worker the app works as before, only not offline.
      .catch(() => {})
  })
}
