import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type Extension, PGlite } from '@electric-sql/pglite'
/*
 * PGlite's WASM, its file-system bundle and the pgvector bundle, imported as files so that
 * `bun build --compile` embeds them in the binary: the packages' own loaders look next to their
 * JavaScript, a path that does not exist inside a compiled executable. Compiling the two WASM
 * modules once per process also makes every later PGlite instance (each test file's) start faster.
 */
import initdbWasm from '../node_modules/@electric-sql/pglite/dist/initdb.wasm' with { type: 'file' }
import fsBundle from '../node_modules/@electric-sql/pglite/dist/pglite.data' with { type: 'file' }
import pgliteWasm from '../node_modules/@electric-sql/pglite/dist/pglite.wasm' with { type: 'file' }
import unaccentBundle from '../node_modules/@electric-sql/pglite/dist/unaccent.tar.gz' with { type: 'file' }
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

/** Accent folding for search (migration 0020, docs/decisions/161): its rules file comes in the bundle. */
export const unaccent: Extension = {
  name: 'unaccent',
  setup: async (_pg, emscriptenOpts) => ({
    emscriptenOpts,
    bundlePath: pathToFileURL(await readablePath(unaccentBundle)),
  }),
}

/** PGlite opens extension bundles with node:fs, which cannot see a compiled binary's embedded files: copy it out once. */
async function readablePath(path: string): Promise<string> {
  if (!path.startsWith('/$bunfs/')) return path
  const copy = join(tmpdir(), `parley-${basename(path)}`)
  if (!(await Bun.file(copy).exists())) await Bun.write(copy, Bun.file(path))
  return copy
}

let pgliteModule: Promise<WebAssembly.Module> | undefined
let initdbModule: Promise<WebAssembly.Module> | undefined

/**
 * What PGlite.create needs to start from the embedded files. `initdb: false` when the data folder
 * exists or starts from a dump (db/template.ts): initdb's module is then neither compiled nor held.
 */
export async function pgliteAssets(options: { initdb?: boolean } = {}) {
  pgliteModule ??= (async () => WebAssembly.compile(await Bun.file(pgliteWasm).arrayBuffer()))()
  if (options.initdb !== false)
    initdbModule ??= (async () => WebAssembly.compile(await Bun.file(initdbWasm).arrayBuffer()))()
  return {
    pgliteWasmModule: await pgliteModule,
    ...(options.initdb !== false ? { initdbWasmModule: await initdbModule } : {}),
    fsBundle: Bun.file(fsBundle),
    startParams: EMBEDDED_START_PARAMS,
  }
}

/**
 * PGlite's start parameters with smaller buffers (docs/decisions/122-hot-path-queries.md): Postgres'
 * 128 MB of shared buffers are WASM memory that stays resident once touched; 16 MB hold a small
 * team's hot rows, and PGlite's files sit in the OS page cache besides (measured: the database
 * process' idle RSS ~300 → ~200 MiB, bench figures unchanged).
 */
export const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']
