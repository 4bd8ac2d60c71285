import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { openPglite } from './client'
import { EMBEDDED_POSTGRES_MAJOR, EmbeddedVersionError, refuseOtherMajorVersion } from './embedded-version'

/*
 * A data folder written by another major version of the embedded PostgreSQL (issue 33, point 6;
 * decision 172): the start stops, saying so, and nothing in the folder is touched.
 */

const root = join(import.meta.dir, '..')
let dataDir: string

/** Every file under `folder` with a hash of its bytes: equal before and after means untouched. */
async function fingerprint(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    files[relative(folder, path)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex')
  }
  return files
}

beforeAll(async () => {
  // The fixture: a real data folder whose PG_VERSION names the major version before this one, as a
  // folder of the previous PGlite does (Postgres reads that file first to refuse a folder).
  dataDir = await mkdtemp(join(tmpdir(), 'parley-pg-major-'))
  const database = await openPglite(join(dataDir, 'pg'))
  await database.close()
  await writeFile(join(dataDir, 'pg', 'PG_VERSION'), `${Number(EMBEDDED_POSTGRES_MAJOR) - 1}\n`)
  // A used DATA_DIR has its generated secret too (the start writes one where there is none).
  await writeFile(join(dataDir, 'app-secret'), 'a'.repeat(64), { mode: 0o600 })
}, 60_000)
afterAll(() => rm(dataDir, { recursive: true, force: true }))

test('the constant is the major version of the PGlite installed (a new folder’s PG_VERSION)', async () => {
  const fresh = await mkdtemp(join(tmpdir(), 'parley-pg-new-'))
  try {
    const database = await openPglite(fresh)
    await database.close()
    expect((await readFile(join(fresh, 'PG_VERSION'), 'utf8')).trim()).toBe(EMBEDDED_POSTGRES_MAJOR)
  } finally {
    await rm(fresh, { recursive: true, force: true })
  }
}, 60_000)

describe('a folder of another major version', () => {
  const older = String(Number(EMBEDDED_POSTGRES_MAJOR) - 1)
  const refusal = `holds a database written by PostgreSQL ${older}; the embedded database of this Parley is PostgreSQL ${EMBEDDED_POSTGRES_MAJOR} and cannot open it. Nothing was changed.`

  async function run(args: string[], env: Record<string, string> = {}) {
    // The embedded database: no DATABASE_URL from the environment the tests run in.
    const { DATABASE_URL: _server, ...inherited } = process.env
    const proc = Bun.spawn(['bun', 'src/index.ts', ...args], {
      cwd: root,
      env: { ...inherited, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()])
    return { code, stderr }
  }

  for (const mode of ['process', 'inline'] as const) {
    test(`the server (EMBEDDED_DATABASE=${mode}) stops, says why, and leaves the folder as it was`, async () => {
      const before = await fingerprint(dataDir)
      const { code, stderr } = await run([], { EMBEDDED_DATABASE: mode })
      expect(code).toBe(1)
      expect(stderr).toContain(refusal)
      expect(stderr).not.toContain('    at ') // a message, not a stack
      expect(await fingerprint(dataDir)).toEqual(before)
    }, 60_000)
  }

  test('the CLI (a backup) stops the same way', async () => {
    const before = await fingerprint(dataDir)
    const { code, stderr } = await run(['backup'])
    expect(code).not.toBe(0)
    expect(stderr).toContain(refusal)
    expect(stderr).not.toContain('    at ')
    expect(await fingerprint(dataDir)).toEqual(before)
  }, 60_000)
})

test('an empty or damaged PG_VERSION is refused too, quoted, never taken for a version', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'parley-pg-damaged-'))
  try {
    for (const [contents, named] of [
      ['', 'PostgreSQL of an unknown version (PG_VERSION reads "")'],
      ['18\u0000\n19', 'PostgreSQL of an unknown version (PG_VERSION reads "18\\u0000\\n19")'],
      ['x'.repeat(5000), `PostgreSQL of an unknown version (PG_VERSION reads "${'x'.repeat(40)}")`],
    ]) {
      await writeFile(join(folder, 'PG_VERSION'), contents!)
      let refused: unknown
      try {
        refuseOtherMajorVersion(folder)
      } catch (error) {
        refused = error
      }
      expect(refused).toBeInstanceOf(EmbeddedVersionError)
      expect((refused as Error).message).toContain(`holds a database written by ${named};`)
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})
