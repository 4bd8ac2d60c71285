/**
 * `bun scripts/make-upgrade-fixture.ts`: the data folder a release leaves behind, kept in the tests
 * (issue 33, point 5; docs/decisions/176-upgrade-fixture.md). Run once per release: it starts this
 * build's server on an empty DATA_DIR, fills it the way people do (accounts, chats with a branch,
 * a file, a project, a share link, an API key, a retention policy), stops it, and writes
 * src/test/fixtures/upgrade/parley-<version>.tar.gz (the folder: embedded database, files, app
 * secret) and parley-<version>.json (what the upgrade test checks: the rows of every table, the
 * sign-in, the chats' titles, the file's digest). db/upgrade-fixture.test.ts opens every fixture
 * there with the new build.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pkg from '../package.json'
import { readFacts } from '../src/backups/backup'
import { loadConfig, resolveAppSecret } from '../src/config'
import { createLogger } from '../src/log/logger'
import { startServer } from '../src/server'

const FOLDER = join(import.meta.dir, '../src/test/fixtures/upgrade')
const PEOPLE = [
  { email: 'ada@example.com', password: 'upgrade-fixture-ada-1', fullName: 'Ada Fixture' },
  { email: 'ben@example.com', password: 'upgrade-fixture-ben-1', fullName: 'Ben Fixture' },
]

const dataDir = await mkdtemp(join(tmpdir(), 'parley-upgrade-fixture-'))
const config = resolveAppSecret(
  loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
)
const server = await startServer(config, { log: createLogger('silent') })
const url = `http://127.0.0.1:${server.port}`

async function call(token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  return { res, json: text ? JSON.parse(text) : null }
}

const tokens: string[] = []
for (const person of PEOPLE) {
  const { res } = await call(null, 'POST', '/api/auth/signup', person)
  const cookie = res.headers.get('set-cookie') ?? ''
  tokens.push(/=([^;]+)/.exec(cookie)?.[1] ?? '')
}
const [ada, ben] = tokens as [string, string]
const { json: me } = await call(ada, 'GET', '/api/profile')
const adaId = me.data.id as string
const { json: benMe } = await call(ben, 'GET', '/api/profile')
const benId = benMe.data.id as string

const titles = ['Trip to Lisbon', 'Quarterly budget', '<b>Markup</b> stays text']
const chatIds: string[] = []
for (const title of titles) chatIds.push((await call(ada, 'POST', '/api/chats', { title })).json.data.id)
const benChat = (await call(ben, 'POST', '/api/chats', { title: 'Ben’s notes' })).json.data.id as string

// Messages as a conversation leaves them: a question, an answer, an edited question (a branch).
const db = server.ctx.database
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString()
const q1 = crypto.randomUUID()
const a1 = crypto.randomUUID()
const q2 = crypto.randomUUID()
const a2 = crypto.randomUUID()
await db.exec(`
  insert into messages (id, chat_id, user_id, parent_id, content, is_user, status, model_id, created_at) values
    ('${q1}', '${chatIds[0]}', '${adaId}', null, 'Where to go in May?', true, 'complete', null, '${at(0)}'),
    ('${a1}', '${chatIds[0]}', '${adaId}', '${q1}', 'Try Lisbon.', false, 'complete', 'demo', '${at(1)}'),
    ('${q2}', '${chatIds[0]}', '${adaId}', null, 'Where to go in June?', true, 'complete', null, '${at(2)}'),
    ('${a2}', '${chatIds[0]}', '${adaId}', '${q2}', 'Try Porto.', false, 'complete', 'demo', '${at(3)}'),
    ('${crypto.randomUUID()}', '${benChat}', '${benId}', null, 'A note to self', true, 'complete', null, '${at(4)}');
`)

// A file, uploaded as the composer does, then sent with the first question.
const form = new FormData()
const fileText = 'Budget lines for Q3: travel 1200, tools 300.\n'
form.append('file', new File([fileText], 'budget.txt', { type: 'text/plain' }))
const uploaded = (await call(ada, 'POST', '/api/uploads', form)).json.data
await db.exec(`update attachments set message_id = '${q1}' where id = '${uploaded.id}'`)

await call(ada, 'POST', '/api/projects', { name: 'Travel', instructions: 'Answer briefly.' })
await call(ada, 'POST', `/api/chats/${chatIds[0]}/shares`, { audience: 'organization' })
await call(ada, 'POST', '/api/keys', { name: 'Fixture key', scopes: ['chat', 'models'] })
await call(ada, 'PUT', '/api/admin/retention', { chatDays: null, fileDays: 3650 })

const facts = await readFacts(db)
await server.stop()
await rm(join(dataDir, 'backups'), { recursive: true, force: true })

const name = `parley-${pkg.version}`
const archive = join(FOLDER, `${name}.tar.gz`)
const tar = Bun.spawnSync(['tar', '-czf', archive, '-C', dataDir, '.'])
if (tar.exitCode !== 0) throw new Error(`tar: ${tar.stderr.toString()}`)
await writeFile(
  join(FOLDER, `${name}.json`),
  `${JSON.stringify(
    {
      version: pkg.version,
      madeAt: new Date().toISOString(),
      migration: facts.migration,
      tables: facts.tables,
      people: PEOPLE.map(({ email, password }) => ({ email, password })),
      chats: { [PEOPLE[0]!.email]: titles, [PEOPLE[1]!.email]: ['Ben’s notes'] },
      file: {
        id: uploaded.id,
        name: 'budget.txt',
        sha256: new Bun.CryptoHasher('sha256').update(fileText).digest('hex'),
      },
    },
    null,
    2,
  )}\n`,
)
// As the repository's formatter writes JSON, so that `biome check` stays clean.
Bun.spawnSync(['bunx', 'biome', 'format', '--write', join(FOLDER, `${name}.json`)])
await rm(dataDir, { recursive: true, force: true })
console.log(
  `wrote ${archive} (${(Bun.file(archive).size / 1e6).toFixed(1)} MB) at migration ${facts.migration}`,
)
