import { afterAll, describe, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readFacts } from '../src/backups/backup'
import { loadConfig, resolveAppSecret } from '../src/config'
import { createLogger } from '../src/log/logger'
import { startServer } from '../src/server'

/*
 * Issue 33, point 5: every data folder an earlier release left behind (src/test/fixtures/upgrade,
 * one per release, made by scripts/make-upgrade-fixture.ts) opens with this build: the migrations
 * since apply, every row of every table survives, the people sign in with their passwords, their
 * chats are listed and their file reads back byte for byte. A migration that loses rows, or a
 * change that cannot read an old folder, fails here before it reaches a team's data.
 */

const FOLDER = join(import.meta.dir, '../src/test/fixtures/upgrade')
const fixtures = readdirSync(FOLDER).filter((name) => name.endsWith('.json'))

interface Fixture {
  version: string
  migration: string
  tables: Record<string, number>
  people: { email: string; password: string }[]
  chats: Record<string, string[]>
  file: { id: string; name: string; sha256: string }
}

const folders: string[] = []
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true })
})

test('there is a fixture of at least one release', () => {
  expect(fixtures.length).toBeGreaterThan(0)
})

for (const name of fixtures) {
  describe(name.replace(/\.json$/, ''), () => {
    test('opens with this build: every row survives, people sign in, chats and files read back', async () => {
      const fixture = (await Bun.file(join(FOLDER, name)).json()) as Fixture
      const dataDir = await mkdtemp(join(tmpdir(), 'parley-upgrade-'))
      folders.push(dataDir)
      const tar = Bun.spawnSync([
        'tar',
        '-xzf',
        join(FOLDER, name.replace(/\.json$/, '.tar.gz')),
        '-C',
        dataDir,
      ])
      expect(tar.exitCode).toBe(0)

      const config = resolveAppSecret(
        loadConfig({
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          EMBEDDED_DATABASE: 'inline',
        }),
      )
      const server = await startServer(config, { log: createLogger('silent') })
      try {
        const facts = await readFacts(server.ctx.database)
        expect(facts.migrations).toContain(fixture.migration)
        // Every table the release had still holds at least its rows (a migration may add, never lose).
        const lost = Object.entries(fixture.tables)
          .filter(([table, rows]) => (facts.tables[table] ?? -1) < rows)
          .map(([table, rows]) => `${table}: ${rows} → ${facts.tables[table] ?? 'gone'}`)
        expect(lost).toEqual([])

        const url = `http://127.0.0.1:${server.port}`
        for (const person of fixture.people) {
          const login = await fetch(`${url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(person),
          })
          expect({ email: person.email, status: login.status }).toEqual({ email: person.email, status: 200 })
          const token = /=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? ''
          const auth = { authorization: `Bearer ${token}` }
          const chats = (await (await fetch(`${url}/api/chats`, { headers: auth })).json()) as {
            data: { chats: { title: string }[] }
          }
          expect(chats.data.chats.map((chat) => chat.title).sort()).toEqual(
            [...(fixture.chats[person.email] ?? [])].sort(),
          )
          if (person === fixture.people[0]) {
            // The search index was rebuilt by the migrations since (0032 keys every word by its
            // owner): the release's chats are found by a word of their titles.
            for (const title of fixture.chats[person.email] ?? []) {
              const word = /\p{L}{4,}/u.exec(title)![0]
              const found = (await (
                await fetch(`${url}/api/search?q=${encodeURIComponent(word)}`, { headers: auth })
              ).json()) as { data: { items: { chat: { title: string } }[] } }
              expect({ word, titles: found.data.items.map((item) => item.chat.title) }).toMatchObject({
                word,
                titles: expect.arrayContaining([title]),
              })
            }
            const file = await fetch(`${url}/api/files/${fixture.file.id}`, { headers: auth })
            expect(file.status).toBe(200)
            const digest = new Bun.CryptoHasher('sha256').update(await file.arrayBuffer()).digest('hex')
            expect(digest).toBe(fixture.file.sha256)
          }
        }
      } finally {
        await server.stop()
      }
    }, 120_000)
  })
}
