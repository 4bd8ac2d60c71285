import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createLogger } from '../../log/logger'
import {
  extractEmbeddedPyodide,
  hasEmbeddedPyodide,
  PYODIDE_FILES,
  registerEmbeddedPyodide,
} from './embedded'
import { PythonSandbox } from './sandbox'

/*
 * The compiled binary's copy of Pyodide (decision 166): written out asynchronously on first use,
 * and a copy that cannot be written turns into a clear failure of the call, not of the server.
 * Here the "embedded" files are the npm package's own, registered as the binary's entry does.
 */

const installed = dirname(Bun.resolveSync('pyodide/pyodide.mjs', import.meta.dir))
const scratch = await mkdtemp(join(tmpdir(), 'parley-pyodide-copy-'))
afterAll(() => rm(scratch, { recursive: true, force: true }))

const register = (pathOf: (name: string) => string) =>
  registerEmbeddedPyodide(Object.fromEntries(PYODIDE_FILES.map((name) => [name, pathOf(name)])))

describe('the binary’s copy of Pyodide', () => {
  test('is written once into cache/pyodide-<version>, each file whole, and found there the next time', async () => {
    register((name) => join(installed, name))
    expect(hasEmbeddedPyodide()).toBe(true)
    const cache = join(scratch, 'first')
    const dir = await extractEmbeddedPyodide(cache)
    const { version } = (await Bun.file(join(installed, 'package.json')).json()) as { version: string }
    expect(dir).toBe(join(cache, `pyodide-${version}`))
    for (const name of PYODIDE_FILES)
      expect(Bun.file(join(dir, name)).size).toBe(Bun.file(join(installed, name)).size)
    // Nothing half-written left beside it.
    expect(readdirSync(cache)).toEqual([`pyodide-${version}`])
    expect(await extractEmbeddedPyodide(cache)).toBe(dir)
  })

  test('a copy that fails half way removes its partial folder and rejects', async () => {
    // The fourth file cannot be read: three are written first.
    register((name) => (name === PYODIDE_FILES[3] ? join(scratch, 'gone.wasm') : join(installed, name)))
    const cache = join(scratch, 'half')
    await expect(extractEmbeddedPyodide(cache)).rejects.toThrow()
    expect(existsSync(cache) ? readdirSync(cache) : []).toEqual([])
  })

  test('a cache folder that cannot be made rejects', async () => {
    register((name) => join(installed, name))
    const file = join(scratch, 'a-file')
    writeFileSync(file, 'not a folder')
    await expect(extractEmbeddedPyodide(join(file, 'cache'))).rejects.toThrow()
  })
})

describe('a sandbox whose Pyodide could not be written', () => {
  test('each call ends as a crash saying so, logged once, and nothing is left unhandled', async () => {
    const lines: string[] = []
    const failed = Promise.reject(new Error('ENOSPC: no space left on device, write'))
    failed.catch(() => {})
    const sandbox = new PythonSandbox({
      pyodideDir: failed,
      cacheDir: join(scratch, 'full'),
      log: createLogger('info', (line) => lines.push(line)),
    })
    const signal = new AbortController().signal
    for (let call = 0; call < 2; call++) {
      const outcome = await sandbox.run('print(1)', signal)
      expect(outcome.kind).toBe('crashed')
      if (outcome.kind === 'crashed') expect(outcome.detail).toContain('ENOSPC')
    }
    expect(await sandbox.warm()).toBeNull()
    const logged = lines.filter((line) => line.includes('Pyodide could not be written'))
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain('ENOSPC')
  })
})
