import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Extension } from '@electric-sql/pglite'
/*
 * PGlite's WASM, its file-system bundle and the pgvector bundle, imported as files so that
 * `bun build --compile` embeds them in the binary: the packages' own loaders look next to their
 * JavaScript, a path that does not exist inside a compiled executable. Compiling the two WASM
 * modules once per process also makes every later PGlite instance (each test file's) start faster.
 */
import initdbWasm from '../node_modules/@electric-sql/pglite/dist/initdb.wasm' with { type: 'file' }
import fsBundle from '../node_modules/@electric-sql/pglite/dist/pglite.data' with { type: 'file' }
import pgliteWasm from '../node_modules/@electric-sql/pglite/dist/pglite.wasm' with { type: 'file' }
import vectorBundle from '../node_modules/@electric-sql/pglite-pgvector/dist/vector.tar.gz' with {
  type: 'file',
}

export const vector: Extension = {
  name: 'vector',
  setup: async (_pg, emscriptenOpts) => ({
    emscriptenOpts,
    bundlePath: pathToFileURL(await readablePath(vectorBundle)),
  }),
}

/** PGlite opens extension bundles with node:fs, which cannot see a compiled binary's embedded files: copy it out once. */
async function readablePath(path: string): Promise<string> {
  if (!path.startsWith('/$bunfs/')) return path
  const copy = join(tmpdir(), `parley-${basename(path)}`)
  if (!(await Bun.file(copy).exists())) await Bun.write(copy, Bun.file(path))
  return copy
}

let modules:
  | Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }>
  | undefined

export async function pgliteAssets() {
  modules ??= (async () => ({
    pgliteWasmModule: await WebAssembly.compile(await Bun.file(pgliteWasm).arrayBuffer()),
    initdbWasmModule: await WebAssembly.compile(await Bun.file(initdbWasm).arrayBuffer()),
  }))()
  return { ...(await modules), fsBundle: Bun.file(fsBundle) }
}
