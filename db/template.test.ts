import { afterAll, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate } from './migrate'
import { migrations } from './migrations'
import { openDatabase } from './open-database'
import { buildTemplate, findTemplate } from './template'
import { extractTemplate, isNewDataDir } from './template-extract'

const root = mkdtempSync(join(tmpdir(), 'parley-template-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The build's template when `build:db-template` made one; otherwise one built here, the same way. */
const template = async () => {
  const built = findTemplate()
  return built ? Bun.file(built) : buildTemplate()
}

test('a new data folder written from the template opens migrated, with pgvector, and nothing to apply', async () => {
  const dataDir = join(root, 'fresh', 'pg')
  expect(isNewDataDir(dataDir)).toBe(true)
  await extractTemplate(await template(), dataDir)
  expect(isNewDataDir(dataDir)).toBe(false)
  // Nothing left beside it from the extraction.
  expect(readdirSync(join(root, 'fresh'))).toEqual(['pg'])
  const database = await openDatabase({ dataDir: join(root, 'fresh'), embeddedDatabase: 'inline' })
  try {
    const { applied, vector } = await migrate(database)
    expect(applied).toEqual([])
    expect(vector).toBe(true)
    const tags = await database.query<{ tag: string }>('select tag from parley_migrations order by tag')
    expect(tags.map((row) => row.tag)).toEqual(migrations.map((migration) => migration.tag))
    await database.exec("insert into users (email, password_hash) values ('a@example.com', 'x')")
  } finally {
    await database.close()
  }
})

test('a folder that already holds files is never overwritten', async () => {
  const dataDir = join(root, 'used')
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(join(dataDir, 'something'), 'mine')
  expect(isNewDataDir(dataDir)).toBe(false)
  await expect(extractTemplate(await template(), dataDir)).rejects.toThrow('is not empty')
  expect(readdirSync(dataDir)).toEqual(['something'])
  expect(readdirSync(root).filter((name) => name.startsWith('used'))).toEqual(['used'])
})
