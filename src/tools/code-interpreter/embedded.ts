import { existsSync } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
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

/** Whether this is the compiled binary with Pyodide inside it. */
export function hasEmbeddedPyodide(): boolean {
  return PYODIDE_FILES.every((name) => embedded.has(name))
}

/**
 * The embedded files copied out to `<cacheDir>/pyodide-<version>/`, once per version, and that
 * folder. The runner is a child process that loads Pyodide from a real folder (its loader reads
 * files by path). Asynchronous: 13.5 MB are written on a new data folder's first use, and the
 * server keeps answering meanwhile. Written under a temporary name and renamed, so a start that
 * dies half way leaves no half folder behind to be trusted; a write that fails (a full disk, a
 * read-only folder) removes its partial folder and rejects.
 */
export async function extractEmbeddedPyodide(cacheDir: string): Promise<string> {
  const { version } = JSON.parse(await Bun.file(embedded.get('package.json')!).text()) as { version: string }
  const dir = join(cacheDir, `pyodide-${version}`)
  if (existsSync(join(dir, 'python_stdlib.zip'))) return dir
  const partial = `${dir}.${process.pid}.partial`
  try {
    await mkdir(partial, { recursive: true })
    for (const name of PYODIDE_FILES)
      await Bun.write(join(partial, name), await Bun.file(embedded.get(name)!).arrayBuffer())
    await rm(dir, { recursive: true, force: true })
    await rename(partial, dir)
  } catch (error) {
    await rm(partial, { recursive: true, force: true }).catch(() => {})
    throw error
  }
  return dir
}
