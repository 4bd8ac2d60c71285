import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPostgres } from '../../db/client'
import { loadConfig } from '../config'
import { createLogger } from '../log/logger'
import { startServer } from '../server'

/**
 * A real Parley server on a free port with its own temporary DATA_DIR (embedded PGlite on disk),
 * for tests that need real sockets: socket.io clients, the browser suites.
 */
export async function startTestServer(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-server-'))
  /*
   * Pass DATABASE_URL in `env` to run on a Postgres server (see createServerDatabaseUrl); otherwise
   * the server embeds PGlite in dataDir.
   */
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env }),
    appSecret: 'test-secret-test-secret-test-secret-0000',
  }
  const server = await startServer(config, { log: createLogger(process.env.TEST_LOG ? 'debug' : 'silent') })
  const url = `http://127.0.0.1:${server.port}`
  return {
    ...server,
    url,
    dataDir,
    async stop() {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** A fresh, empty database on the TEST_DATABASE_URL server; the server under test migrates it. */
export async function createServerDatabaseUrl(serverUrl: string) {
  const name = `parley_test_${crypto.randomUUID().replaceAll('-', '')}`
  const admin = openPostgres(serverUrl, { max: 1 })
  await admin.exec(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      await admin.exec(`drop database if exists ${name} with (force)`)
      await admin.close()
    },
  }
}
