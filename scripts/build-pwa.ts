import { offlinePage } from '../web/pwa/offline-page'

/**
 * The installable app's files, written beside the built index.html by scripts/build-web.ts
 * (docs/decisions/160-installs.md): the manifest's link in index.html, the offline page and its script, and the service worker
 * (web/pwa/sw.ts), which carries this build's version and the files it caches on install.
 */
export async function buildPwaFiles(outdir: string): Promise<void> {
  // One classic script each (a service worker is not a module everywhere), no chunks.
  const pwa = await Bun.build({
    entrypoints: ['web/pwa/sw.ts', 'web/pwa/offline.ts'],
    outdir,
    minify: true,
    target: 'browser',
    format: 'iife',
    naming: '[name].[ext]',
  })
  if (!pwa.success) {
    for (const log of pwa.logs) console.error(log)
    process.exit(1)
  }
  await Bun.write(`${outdir}/offline.html`, offlinePage())
  // The manifest is the server's (built from the brand at each request), so the link is added here:
  // Bun's HTML bundler would try to bundle it from web/.
  const index = (await Bun.file(`${outdir}/index.html`).text()).replace(
    '</head>',
    '<link rel="manifest" href="/manifest.webmanifest"></head>',
  )
  await Bun.write(`${outdir}/index.html`, index)
  // Cached on install: the offline page, and what index.html loads first (its entry script and
  // styles); lazy chunks and icons are kept as they are first used.
  const entry = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!)
  const files = ['/offline.html', '/offline.js', ...entry]
  const worker = await Bun.file(`${outdir}/sw.js`).text()
  // A new build is a new worker (its bytes differ): the browser installs it, and the page reloads once.
  let fingerprint = index + worker
  for (const file of files) fingerprint += await Bun.file(`${outdir}${file}`).text()
  const shell = { version: Bun.hash(fingerprint).toString(36), files }
  await Bun.write(`${outdir}/sw.js`, `var PARLEY_SHELL=${JSON.stringify(shell)};\n${worker}`)
  console.log(`${outdir}/sw.js  shell ${shell.version}: ${files.join(' ')}`)
}
