/**
 * `bun run build:binary`: one executable, dist/parley, that carries the built web client, the
 * migrations and PGlite, and starts with the embedded database when copied alone into an empty folder.
 *
 * The web client and the database template (dist/db-template-*.tar, db/template.ts) are built
 * first; a generated entry (dist/binary-entry.ts) imports every built file with `type: 'file'` so
 * that `bun build --compile` embeds them, registers them (web client, template), then runs the
 * normal entry point.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = join(import.meta.dir, '..')
const buildDir = join(root, 'public', 'build')
const distDir = join(root, 'dist')
mkdirSync(distDir, { recursive: true })

if (existsSync(join(root, 'scripts', 'build-web.ts'))) {
  const web = Bun.spawnSync(['bun', 'scripts/build-web.ts'], {
    cwd: root,
    stdout: 'inherit',
    stderr: 'inherit',
  })
  if (web.exitCode !== 0) process.exit(web.exitCode ?? 1)
}

// The embedded database's pre-initialised data folder (db/template.ts): a new DATA_DIR starts from it.
const template = Bun.spawnSync(['bun', 'scripts/build-db-template.ts'], {
  cwd: root,
  stdout: 'inherit',
  stderr: 'inherit',
})
if (template.exitCode !== 0) process.exit(template.exitCode ?? 1)
const { TEMPLATE_FILE } = await import('../db/template')

const files = existsSync(buildDir) ? await Array.fromAsync(new Bun.Glob('**/*').scan({ cwd: buildDir })) : []
// The embedded files are imported as paths (strings); the app's modules only in the app's branch
// below, so that the database process evaluates none of them (docs/decisions/137-idle-memory.md).
const lines = [`import dbTemplate from './${TEMPLATE_FILE}' with { type: 'file' }`]
const entries: string[] = []
files.sort().forEach((file, i) => {
  const importPath = relative(distDir, join(buildDir, file))
  lines.push(`import a${i} from '${importPath}' with { type: 'file' }`)
  entries.push(`  '/${file}': a${i},`)
})
// Pyodide for the code interpreter (src/tools/code-interpreter/embedded.ts), written out under
// DATA_DIR/cache on first use: its runner loads it from a real folder.
const { PYODIDE_FILES } = await import('../src/tools/code-interpreter/embedded')
const pyodideDir = join(root, 'node_modules', 'pyodide')
const pyodide = PYODIDE_FILES.map((name, i) => {
  lines.push(`import p${i} from '${relative(distDir, join(pyodideDir, name))}' with { type: 'file' }`)
  return `  '${name}': p${i},`
})
// The same binary runs the embedded database process (EMBEDDED_DATABASE=process): the app spawns
// itself with PARLEY_EMBEDDED_DB_SOCKET set, and that process loads PGlite only, not the app. The
// code interpreter's runner likewise (PARLEY_CODE_RUNNER, src/tools/code-interpreter/sandbox.ts):
// a fresh child per call that loads Pyodide and nothing of the app.
lines.push(
  '',
  'if (process.env.PARLEY_EMBEDDED_DB_SOCKET) {',
  "  await (await import('../db/embedded/server')).runEmbeddedServerFromEnv()",
  '} else if (process.env.PARLEY_CODE_RUNNER) {',
  "  await (await import('../src/tools/code-interpreter/runner')).runChild(process.env.PARLEY_PYODIDE_DIR ?? '')",
  '} else {',
  "  const { registerEmbeddedTemplate } = await import('../db/template')",
  "  const { registerEmbeddedAssets } = await import('../src/web-client/embedded')",
  "  const { registerEmbeddedPyodide } = await import('../src/tools/code-interpreter/embedded')",
  '  registerEmbeddedTemplate(dbTemplate)',
  '  registerEmbeddedPyodide({',
  ...pyodide.map((entry) => `  ${entry}`),
  '  })',
  '  registerEmbeddedAssets({',
  ...entries.map((entry) => `  ${entry}`),
  '  })',
  "  await import('../src/index')",
  '}',
  '',
)
const entry = join(distDir, 'binary-entry.ts')
writeFileSync(entry, lines.join('\n'))

// Worker scripts are extra entry points, named inside the binary by their path from the repository
// root (src/extract/service.ts opens './src/extract/worker.ts' when compiled). Identifiers are not
// minified: Elysia reads handler source to see which context fields a handler uses. Split into
// chunks: a module imported on first use (PGlite in the server, the app in the database process,
// pg-boss, the OpenAI SDK...) is then not even parsed before that use (docs/decisions/137).
const workers = ['src/extract/worker.ts']
const result = Bun.spawnSync(
  [
    'bun',
    'build',
    '--compile',
    '--splitting',
    '--minify-whitespace',
    '--minify-syntax',
    '--sourcemap',
    entry,
    ...workers,
    '--outfile',
    join(distDir, 'parley'),
  ],
  { cwd: root, stdout: 'inherit', stderr: 'inherit' },
)
if (result.exitCode !== 0) process.exit(result.exitCode ?? 1)
console.log(`dist/parley built with ${files.length} embedded web client file(s)`)
