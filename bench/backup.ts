/**
 * `bun run bench:backup`: backup time and size of a database of 10,000 chats (4 messages each,
 * 100 accounts), then the restore into an empty target, on PGlite (its dump; in memory, as the
 * server's database process dumps its folder) and, with TEST_DATABASE_URL, on Postgres (COPY per
 * table through the app's connection). Figures, no assertion (docs/decisions/159-backups.md).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Database, openPglite, openPostgres } from '../db/client'
import { openEmbeddedProcess } from '../db/embedded/process'
import { createBackup } from '../src/backups/backup'
import { restoreBackup } from '../src/backups/restore'
import { createLocalStorage } from '../src/storage/local'
import { createTestDatabase } from '../src/test/db'

const CHATS = Number(process.env.BENCH_CHATS ?? 10_000)
const MESSAGES_PER_CHAT = 4
const USERS = 100
const serverUrl = process.env.TEST_DATABASE_URL

async function seed(database: Database) {
  await database.exec(`
    insert into users (email, password_hash, full_name)
      select 'bench' || g || '@example.com', 'x', 'Bench ' || g from generate_series(1, ${USERS}) g;
    insert into chats (user_id, title)
      select (select id from users order by email offset (g % ${USERS}) limit 1), 'Chat ' || g
      from generate_series(1, ${CHATS}) g;
    insert into messages (chat_id, user_id, content, is_user)
      select c.id, c.user_id, repeat('A sentence of a typical message, with some words in it. ', 1 + m % 6), m % 2 = 1
      from chats c, generate_series(1, ${MESSAGES_PER_CHAT}) m;`)
}

async function measure(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') delete process.env.TEST_DATABASE_URL
  else process.env.TEST_DATABASE_URL = serverUrl
  const database = await createTestDatabase()
  const dir = await mkdtemp(join(tmpdir(), 'parley-bench-backup-'))
  const url = (database as { url?: string }).url
  try {
    const seeded = performance.now()
    await seed(database)
    console.log(
      `${kind}: seeded ${CHATS} chats, ${CHATS * MESSAGES_PER_CHAT} messages in ${Math.round(performance.now() - seeded)} ms`,
    )
    const source = { dataDir: join(dir, 'source'), databaseUrl: url, embeddedDatabase: 'inline' as const }
    const started = performance.now()
    const backup = await createBackup({
      config: source,
      storage: createLocalStorage(join(dir, 'source', 'files')),
      database: kind === 'pglite' ? database : undefined,
    })
    const backupMs = performance.now() - started
    const rows = Object.values(backup.manifest.database.tables).reduce((sum, n) => sum + n, 0)

    let target: { databaseUrl?: string; drop?: () => Promise<void> } = {}
    if (kind === 'postgres') {
      const name = `parley_bench_restore_${crypto.randomUUID().replaceAll('-', '')}`
      const admin = openPostgres(serverUrl!, { max: 1 })
      await admin.exec(`create database ${name}`)
      const targetUrl = new URL(serverUrl!)
      targetUrl.pathname = `/${name}`
      target = {
        databaseUrl: targetUrl.toString(),
        drop: async () => {
          await admin.exec(`drop database if exists ${name} with (force)`)
          await admin.close()
        },
      }
    }
    const restoreStarted = performance.now()
    await restoreBackup({
      config: { dataDir: join(dir, 'target'), databaseUrl: target.databaseUrl, embeddedDatabase: 'inline' },
      storage: createLocalStorage(join(dir, 'target', 'files')),
      file: backup.path,
    })
    const restoreMs = performance.now() - restoreStarted
    const check = target.databaseUrl
      ? openPostgres(target.databaseUrl)
      : await openPglite(join(dir, 'target', 'pg'))
    const [count] = await check.query<{ n: number }>('select count(*)::int as n from chats')
    await check.close()
    await target.drop?.()
    if (kind === 'pglite') {
      // The default mode: a server's database process on the restored folder, dumped over its socket
      // as `parley backup` does beside a running server (with the dump's row counts read in memory).
      const server = await openEmbeddedProcess({ dataDir: join(dir, 'target', 'pg') })
      try {
        const live = performance.now()
        const beside = await createBackup({
          config: { dataDir: join(dir, 'target'), embeddedDatabase: 'process' },
          storage: createLocalStorage(join(dir, 'target', 'files')),
        })
        console.log(
          `pglite (database process, server running): backup ${Math.round(performance.now() - live)} ms, ${(beside.size / 1024 / 1024).toFixed(1)} MiB`,
        )
      } finally {
        await server.close()
      }
    }
    console.log(
      `${kind}: backup ${Math.round(backupMs)} ms, ${(backup.size / 1024 / 1024).toFixed(1)} MiB (${rows} rows); restore ${Math.round(restoreMs)} ms (${count?.n} chats back)`,
    )
  } finally {
    await database.close()
    await rm(dir, { recursive: true, force: true })
  }
}

await measure('pglite')
if (serverUrl) await measure('postgres')
else console.log('postgres: set TEST_DATABASE_URL to measure it')
process.exit(0)
