import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Pyodide's files as embedded in the compiled binary (scripts/build-binary.ts): file name → path
 * inside the binary's own file system. Empty when running from source, where the npm package is
 * read in place.
 */
const embedded = new Map<string, string>()

/** What the runner loads: the interpreter, its standard library, and what names their versions. */
export const PYODIDE_FILES = [
  'package.json',
  'pyodide-lock.json',
  'pyodide.mjs',
  'pyodide.asm.mjs',
  'pyodide.asm.wasm',
  'python_stdlib.zip',
] as const

export function registerEmbeddedPyodide(files: Record<string, string>): void {
  for (const [name, path] of Object.entries(files)) embedded.set(name, path)
}

/**
 * The embedded files copied out to `<cacheDir>/pyodide-<version>/`, once per version, and that
 * folder; null when nothing is embedded. The runner is a child process that loads Pyodide from a
 * real folder (its loader reads files by path). Written under a temporary name and renamed, so a
 * start that dies half way leaves no half folder behind to be trusted.
 */
export function extractEmbeddedPyodide(cacheDir: string): string | null {
  if (!PYODIDE_FILES.every((name) => embedded.has(name))) return null
  const { version } = JSON.parse(readFileSync(embedded.get('package.json')!, 'utf8')) as { version: string }
  const dir = join(cacheDir, `pyodide-${version}`)
  if (existsSync(join(dir, 'python_stdlib.zip'))) return dir
  const partial = `${dir}.${process.pid}.partial`
  mkdirSync(partial, { recursive: true })
  for (const name of PYODIDE_FILES) writeFileSync(join(partial, name), readFileSync(embedded.get(name)!))
  rmSync(dir, { recursive: true, force: true })
  renameSync(partial, dir)
  return dir
}
