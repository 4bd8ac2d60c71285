import { join } from 'node:path'
import {
  BUDGET_KB,
  type Fetched,
  GOAL_KB,
  gzipOf,
  measureBuilt,
  measureFirstVisit,
} from '../web/e2e/first-visit'

/**
 * Prints what a first visit to the app downloads: index.html plus the scripts and stylesheets it
 * links (the entry chunks), raw and gzipped. Lazily loaded chunks are listed apart, since a first
 * visit to the sign-in screen does not fetch them.
 */
const build = Bun.spawnSync(['bun', 'scripts/build-web.ts'], { stdout: 'ignore', stderr: 'inherit' })
if (build.exitCode !== 0) process.exit(1)

const root = 'public/build'
const html = await Bun.file(join(root, 'index.html')).text()
const linked = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!)

const measure = measureBuilt

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const entry = await Promise.all(['index.html', ...linked].map(measure))
for (const file of entry)
  console.log(`${file.path.padEnd(40)} ${kb(file.raw).padStart(10)} ${kb(file.gzip).padStart(10)} gz`)
const js = entry.filter((file) => file.path.endsWith('.js'))
console.log(
  `first visit JS: ${kb(js.reduce((sum, f) => sum + f.raw, 0))} raw, ${kb(js.reduce((sum, f) => sum + f.gzip, 0))} gzip`,
)
console.log(`first visit total: ${kb(entry.reduce((sum, f) => sum + f.gzip, 0))} gzip`)

const lazy = [...new Bun.Glob('assets/*.js').scanSync({ cwd: root })].filter((path) => !linked.includes(path))
const lazySizes = await Promise.all(lazy.map(measure))
if (lazySizes.length) {
  console.log(
    `lazy chunks: ${lazySizes.length}, ${kb(lazySizes.reduce((sum, f) => sum + f.gzip, 0))} gzip in all`,
  )
}

/**
 * What the two screens people land on really fetch, measured in Chromium (every script and
 * stylesheet response, gzipped as served): the sign-in page, and the signed-in chat page with one
 * chat and one answer. The references are the figures noted for a well-known open-source peer.
 */
const PEER = { signIn: 171, chat: 1100 }
const pages = await measurePages()
if (pages) {
  for (const [name, label] of [
    ['signIn', 'sign-in page'],
    ['chat', 'signed-in chat page'],
  ] as const) {
    const files = pages[name]
    const js = files.filter((file) => file.path.endsWith('.js'))
    const [jsGzip, cssGzip] = [gzipOf(files, '.js'), gzipOf(files, '.css')]
    console.log(
      `${label}: ${kb(jsGzip)} of JavaScript in ${js.length} files (goal ${GOAL_KB[name]} KB, budget ${BUDGET_KB[name]} KB), ${kb(cssGzip)} of CSS; ${kb(jsGzip + cssGzip)} gzip in all (peer: ${PEER[name]} KB)`,
    )
    // The heaviest, so that a change's effect shows where it landed.
    for (const file of [...js]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, Number(process.env.WEB_SIZE_FILES ?? 6)))
      console.log(`  ${kb(file.gzip).padStart(9)}  ${file.path}`)
  }
}

async function measurePages(): Promise<{ signIn: Fetched[]; chat: Fetched[] } | null> {
  if (!(await Bun.file('/usr/bin/chromium').exists())) {
    console.log('(Chromium not installed: the per-page figures are skipped)')
    return null
  }
  const { chromium } = await import('playwright-core')
  const { startShippedServer } = await import('../src/test/harness')
  const { CHROMIUM_ARGS } = await import('../web/e2e/fixtures')
  const server = await startShippedServer()
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  })
  try {
    return await measureFirstVisit(browser, server.url)
  } finally {
    await browser.close()
    await server.stop()
  }
}
