import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, loadConfig, resolveAppSecret } from '../config'
import type { Env } from '../config/parse'
import { createLogger, type Logger } from '../log/logger'
import { startServer } from '../server'
import { DEMO_CREDENTIALS, DemoRefusal, seedDemo } from './seed'

/**
 * Settings a real instance reads that the demo leaves alone: it always runs on a fresh embedded
 * database in a temporary folder, with local files, the mail outbox, the offline demo model and no
 * budget limits. It says which of them it ignored, so nobody thinks the demo used them.
 */
const IGNORED = [
  'DATA_DIR',
  'APP_URL',
  'APP_SECRET',
  'S3_BUCKET',
  'SMTP_URL',
  'OPENAI_BASE_URL',
  'OPENAI_API_KEY',
  'OPENAI_MODELS',
  'N8N_WEBHOOK_URL',
  'SEARXNG_URL',
  'BUDGET_DAILY_LIMIT',
  'BUDGET_MONTHLY_LIMIT',
  'BUDGET_ENFORCE',
]

export const DATABASE_URL_REFUSAL =
  'DATABASE_URL is set: `bun run demo` never touches a configured database. It runs on a throwaway ' +
  'embedded one that is deleted on exit. Unset DATABASE_URL to try the demo ' +
  '(env -u DATABASE_URL bun run demo), or use `bun run start` for your own instance.'

/**
 * The throwaway demo (decision 115): a fresh embedded database in a new temporary folder, seeded
 * with the demo workspace before the server listens, on 127.0.0.1 unless HOST says otherwise.
 * Only PORT, HOST and LOG_LEVEL are read from `env`; a DATABASE_URL is refused, never used.
 * `stop()` ends the server and removes the folder.
 */
export async function startDemo(options: { env?: Env; log?: Logger } = {}) {
  const env = options.env ?? process.env
  if (env.DATABASE_URL?.trim()) throw new DemoRefusal(DATABASE_URL_REFUSAL)
  const ignored = IGNORED.filter((name) => env[name]?.trim())
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-demo-'))
  const removeData = () => rm(dataDir, { recursive: true, force: true })
  try {
    const config = resolveAppSecret({
      ...loadConfig({
        DATA_DIR: dataDir,
        PORT: env.PORT ?? '3000',
        HOST: env.HOST ?? '127.0.0.1',
        LOG_LEVEL: env.LOG_LEVEL ?? 'info',
      }),
      demo: DEMO_CREDENTIALS,
    })
    const log = options.log ?? createLogger(config.logLevel)
    if (ignored.length) log.warn('the demo ignores these settings', { ignored })
    const server = await startServer(config, {
      log,
      prepare: async (ctx) => {
        await seedDemo(ctx)
        log.info('demo workspace seeded', { dataDir })
      },
    })
    const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${server.port}`
    return {
      ...server,
      url,
      dataDir,
      credentials: DEMO_CREDENTIALS,
      ignored,
      async stop() {
        await server.stop()
        await removeData()
      },
    }
  } catch (error) {
    await removeData()
    throw error
  }
}

// `bun run demo`
if (import.meta.main) {
  try {
    const demo = await startDemo()
    console.log(
      `\n  Parley demo: ${demo.url}\n  Sign in as ${demo.credentials.email} / ${demo.credentials.password}` +
        '\n  Everything is deleted when you stop it (Ctrl+C).\n',
    )
    let stopping = false
    const shutdown = async () => {
      if (stopping) return
      stopping = true
      await demo.stop()
      process.exit(0)
    }
    process.on('SIGINT', shutdown)
    process.on('SIGTERM', shutdown)
  } catch (error) {
    if (error instanceof DemoRefusal || error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}
