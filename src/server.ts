import { openPostgres } from '../db/client'
import { openDatabase } from '../db/open-database'
import { startAccountExports } from './account-export/service'
import { startBackupSchedule } from './admin/backups/service'
import { createApp } from './app'
import { startExpiryPurge } from './auth/purge'
import { migrateWithBackup } from './backups/before-migrate'
import type { Config } from './config'
import type { AppContext } from './context'
import { closeTextExtraction } from './extract/service'
import { SERVER_BODY_CAP } from './http/base'
import { failInterruptedImports } from './imports/cleanup'
import { runningImports } from './imports/running'
import { createJobs } from './jobs'
import { startEmbeddedUpkeep } from './jobs/embedded-upkeep'
import { startWorkers } from './jobs/workers'
import { createLogger, type Logger } from './log/logger'
import { createMailer } from './mail'
import { failInterruptedReplies } from './messages/interrupted-replies'
import { createRealtime } from './realtime/server'
import { abandonRunningResearch } from './research/job'
import { startRetentionSchedule } from './retention/service'
import { createServices } from './services'
import { createStorage } from './storage'

/**
 * Opens the database, applies migrations, builds the app and listens. Used by `bun run start`,
 * the compiled binary and the browser tests (which start it on a free port with a temp DATA_DIR).
 */
export async function startServer(
  config: Config,
  options: {
    log?: Logger
    /** Runs on the migrated database before anything else starts (the demo seeds its workspace here). */
    prepare?: (ctx: Pick<AppContext, 'config' | 'db' | 'log' | 'now'>) => Promise<void>
  } = {},
) {
  const log = options.log ?? createLogger(config.logLevel)
  const started = performance.now()
  const database = await openDatabase({
    ...config,
    onEmbeddedEvent: (event) =>
      event.type === 'started'
        ? log.info('embedded database process started', event)
        : log.error('embedded database process', event),
  })
  // Migrations run on one connection: the advisory lock that serialises instances is per connection.
  const migrator = config.databaseUrl ? openPostgres(config.databaseUrl, { max: 1 }) : database
  const storage = createStorage(config)
  // A database that holds data is backed up before migrations change it (decision 159).
  const { applied, vector } = await migrateWithBackup({ config, database, migrator, storage, log }).catch(
    async (error: unknown) => {
      if (migrator !== database) await migrator.close()
      await database.close()
      throw error
    },
  )
  if (migrator !== database) await migrator.close()
  if (applied.length) log.info('migrations applied', { applied })

  const now = () => new Date()
  const base = {
    config,
    database,
    db: database.db,
    log,
    storage,
    mailer: createMailer(config, log),
    jobs: createJobs({ database, databaseUrl: config.databaseUrl, log }),
    now,
    // `ctx`, made below with the realtime, is the only one to send deltas.
    ...createServices({ config, log, now, database, realtime: () => ctx.realtime }),
  }
  if (options.prepare) {
    try {
      await options.prepare(base)
    } catch (error) {
      await base.jobs.stop()
      await database.close()
      throw error
    }
  }
  const interrupted = await failInterruptedReplies(base)
  if (interrupted) log.warn('replies interrupted by the last stop were marked failed', { count: interrupted })
  // Imports a killed process left running: failed, and what they wrote deleted (decision 173).
  const imports = await failInterruptedImports(base)
  if (imports) log.warn('imports interrupted by the last stop were marked failed', { count: imports })
  const purge = startExpiryPurge(base)
  const { engine, realtime, close: closeRealtime } = await createRealtime(base)
  const ctx: AppContext = { ...base, realtime }
  const app = createApp(ctx, { vector, socketEngine: engine })
  const { websocket } = engine.handler()
  app.listen({
    port: config.port,
    hostname: config.host,
    websocket,
    // Out of the way (128 MB by default): Parley answers every over-limit body itself, with its JSON error.
    maxRequestBodySize: SERVER_BODY_CAP,
  })
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${app.server!.port}`
  // After listening: the queue's start (schema check, ~0.5 s on the embedded database) does not delay
  // the first answer; jobs queued meanwhile wait in the database.
  const workers = startWorkers(ctx).catch((error) => log.error('background workers did not start', { error }))
  // Admin › Backups: runs a killed process left failed, then the daily schedule (decision 168).
  const backups = startBackupSchedule(ctx)
  // The embedded database has no autovacuum: its statistics and free space are kept here (decision 169).
  const upkeep = startEmbeddedUpkeep(ctx)
  // The retention policy's daily pass (issue 32, point 6; decision 174).
  const retention = startRetentionSchedule(ctx)
  // "Download all my data": interrupted exports failed, then the hourly expiry sweep (decision 175).
  const accountExports = startAccountExports(ctx)
  log.info('parley started', { url, db: database.kind, vector, ms: Math.round(performance.now() - started) })

  return {
    app,
    ctx,
    url,
    port: app.server!.port,
    async stop() {
      await purge.stop()
      // Waits for a backup in progress: it needs the database.
      await backups.stop()
      await upkeep.stop()
      await retention.stop()
      // An export in progress stops (failed, "start it again") and deletes its partial zip.
      await accountExports.stop()
      await workers
      // Research runs last minutes: they stop now and resume on another instance or the next start.
      abandonRunningResearch(ctx, { release: true })
      // An import in progress stops and deletes what it wrote: it cannot resume.
      await runningImports(ctx).stopAll()
      await ctx.jobs.stop()
      await closeRealtime()
      await app.stop(true)
      closeTextExtraction()
      await database.close()
    },
  }
}
