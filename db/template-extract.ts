import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'

/** True when `dataDir` holds no database yet (missing or empty): a template may become it. */
export function isNewDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0
}

/**
 * Writes a PGlite dump (a tar from `dumpDataDir('none')`, db/template.ts) out as the data folder
 * `dataDir`, with the file system's own calls. PGlite's `loadDataDir` does the same through its
 * WASM file system layer, ~10× slower (measured 2.4–3.5 s against ~0.2 s for this and an open of
 * the existing folder), which was most of a new folder's start.
 *
 * All or nothing: the files go to a folder beside `dataDir`, renamed into place when complete, so a
 * start killed halfway leaves no half-made database (a later start finds no PG_VERSION and begins
 * again). `dataDir` must be missing or empty.
 */
export async function extractTemplate(template: Blob, dataDir: string): Promise<void> {
  if (!isNewDataDir(dataDir)) throw new Error(`${dataDir} is not empty`)
  const tar = new Uint8Array(await template.arrayBuffer())
  const partial = `${dataDir}.partial-${process.pid}`
  rmSync(partial, { recursive: true, force: true })
  mkdirSync(partial, { recursive: true, mode: 0o700 })
  try {
    writeEntries(tar, partial)
    if (existsSync(dataDir)) rmdirSync(dataDir)
    renameSync(partial, dataDir)
  } catch (error) {
    rmSync(partial, { recursive: true, force: true })
    throw error
  }
}

/** The files and folders of a ustar archive, under `folder`. */
function writeEntries(tar: Uint8Array, folder: string) {
  const decoder = new TextDecoder()
  const text = (offset: number, length: number) => {
    const bytes = tar.subarray(offset, offset + length)
    const end = bytes.indexOf(0)
    return decoder.decode(end === -1 ? bytes : bytes.subarray(0, end))
  }
  let offset = 0
  while (offset + 512 <= tar.length) {
    const name = text(offset, 100)
    if (!name) break // two zero blocks end the archive
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8)
    const type = String.fromCharCode(tar[offset + 156] ?? 0)
    const prefix = text(offset + 345, 155)
    const path = normalize(`${prefix ? `${prefix}/` : ''}${name}`).replace(/^\/+/, '')
    if (path.startsWith('..'))
      throw new Error(`the database template names a path outside its folder: ${path}`)
    const target = join(folder, path)
    const body = offset + 512
    if (type === '5') mkdirSync(target, { recursive: true, mode: 0o700 })
    else if (type === '0' || type === '\0') {
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 })
      writeFileSync(target, tar.subarray(body, body + size), { mode: 0o600 })
    } else throw new Error(`the database template holds an entry of an unknown type (${type}): ${path}`)
    offset = body + Math.ceil(size / 512) * 512
  }
  if (!existsSync(join(folder, 'PG_VERSION'))) throw new Error('the database template holds no PG_VERSION')
}
