import { rm } from 'node:fs/promises'
import tailwind from 'bun-plugin-tailwind'
import { buildPwaFiles } from './build-pwa'

/**
 * Builds the React client into public/build: first the TanStack Router CLI regenerates the route
 * tree (Bun's bundler has no router plugin), then Bun bundles from the HTML entry with Tailwind.
 * Asset names carry a content hash so the server can cache them forever. Then the installable
 * app's files beside index.html (scripts/build-pwa.ts).
 */
const generate = Bun.spawnSync(['bunx', 'tsr', 'generate'], {
  cwd: 'web',
  stdout: 'inherit',
  stderr: 'inherit',
})
if (generate.exitCode !== 0) {
  console.error('route tree generation failed')
  process.exit(1)
}

await rm('public/build', { recursive: true, force: true })
const result = await Bun.build({
  entrypoints: ['web/index.html'],
  outdir: 'public/build',
  minify: true,
  target: 'browser',
  splitting: true,
  // Shared code without top-level side effects, in chunks under 16 KB, folds into a chunk that loads
  // it anyway: the signed-in chat page fetches 32 scripts instead of 51 (decision 188). Icons,
  // catalogues and query definitions (a call at their top level) still come as chunks of their own.
  minChunkSize: 16384,
  // Absolute asset URLs: the SPA fallback serves index.html at deep paths such as /auth/confirm.
  publicPath: '/',
  sourcemap: 'linked',
  plugins: [tailwind],
  naming: { entry: '[name].[ext]', chunk: 'assets/[name]-[hash].[ext]', asset: 'assets/[name]-[hash].[ext]' },
  define: { 'process.env.NODE_ENV': '"production"' },
})
if (!result.success) {
  for (const log of result.logs) console.error(log)
  process.exit(1)
}
for (const output of result.outputs) {
  console.log(`${output.path.replace(`${process.cwd()}/`, '')}  ${(output.size / 1024).toFixed(1)} KB`)
}

await buildPwaFiles('public/build')
