import { join } from 'node:path'

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

async function measure(path: string) {
  const bytes = new Uint8Array(await Bun.file(join(root, path)).arrayBuffer())
  return { path, raw: bytes.length, gzip: Bun.gzipSync(bytes, { level: 9 }).length }
}

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
