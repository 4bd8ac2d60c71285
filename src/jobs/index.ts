import { type Db as BossDb, fromPglite, PgBoss } from 'pg-boss'
import type { Database } from '../../db/client'
import type { Logger } from '../log/logger'

/**
 * Durable background jobs on the app's own database through pg-boss 12
 * (docs/decisions/120-background-jobs.md). A job survives a restart: it is a row until a worker
 * finishes it, on whichever instance polls first.
 */

/** Every queue and the data its jobs carry. */
export interface JobQueues {
  /** (Re)build the chunks and embeddings of one knowledge entry. */
  'knowledge-index': { entryId: string }
  /** Run (or resume) one deep research run (src/research/job.ts). */
  research: { runId: string }
}
export type QueueName = keyof JobQueues

export interface Jobs {
  /** Queues a job (starting the queue on first use); resolves once it is stored. */
  send<Q extends QueueName>(queue: Q, data: JobQueues[Q], options?: { singletonKey?: string }): Promise<void>
  /** Runs `handler` for each job of the queue on this instance until stop(). */
  work<Q extends QueueName>(
    queue: Q,
    handler: (data: JobQueues[Q]) => Promise<void>,
    options?: { concurrency?: number },
  ): Promise<void>
  /** Stops polling, waits (up to a few seconds) for running handlers, and lets go of the database. */
  stop(): Promise<void>
}

export interface JobsOptions {
  database: Database
  /** The Postgres server's URL (pg-boss opens its own small pool there); unset on the embedded database. */
  databaseUrl?: string
  log: Logger
  /** How often an idle worker looks for new jobs (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number
}

const QUEUES: QueueName[] = ['knowledge-index', 'research']
const SCHEMA = 'pgboss'

/**
 * The queue, started on first use: apps (and tests) that never queue anything pay nothing for it.
 */
export function createJobs(options: JobsOptions): Jobs {
  let started: Promise<PgBoss> | undefined
  let stopped = false
  /** This instance's workers per queue, woken when a job is queued here. */
  const workers = new Map<QueueName, string[]>()
  const boss = () => {
    if (stopped) throw new Error('the job queue is stopped')
    started ??= startBoss(options)
    return started
  }
  return {
    async send(queue, data, sendOptions) {
      const running = await boss()
      await running.send(queue, data, {
        singletonKey: sendOptions?.singletonKey,
        // A worker that dies with the job (a crash, a kill) leaves it active: it is retried after this.
        expireInSeconds: 15 * 60,
        retryLimit: 2,
        retryDelay: 5,
      })
      // A job queued here starts here at once instead of at the next poll (other instances still poll).
      for (const id of workers.get(queue) ?? []) running.notifyWorker(id)
    },
    async work(queue, handler, workOptions) {
      const running = await boss()
      let workId = ''
      workId = await running.work<JobQueues[typeof queue]>(
        queue,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          batchSize: 1,
          // Long jobs (research runs for minutes) must not queue behind each other on one instance.
          localConcurrency: workOptions?.concurrency ?? 1,
        },
        async (jobs) => {
          for (const job of jobs) await handler(job.data)
          // A backlog drains without a poll's pause between jobs: after a job, fetch again at once;
          // an empty fetch falls back to polling. (Measured: 30 queued entries took 60 s at one job
          // per 2 s poll; bench:knowledge-stall.)
          running.notifyWorker(workId)
        },
      )
      workers.set(queue, [...(workers.get(queue) ?? []), workId])
    },
    async stop() {
      stopped = true
      if (!started) return
      const running = await started.catch(() => undefined)
      await running?.stop({ graceful: true, timeout: 10_000, close: true })
    },
  }
}

async function startBoss(options: JobsOptions): Promise<PgBoss> {
  const common = {
    schema: SCHEMA,
    // Parley runs no pg-boss schedules; its own sweeps have their own timers.
    schedule: false,
    superviseIntervalSeconds: 60,
  }
  const boss = options.databaseUrl
    ? new PgBoss({ ...common, connectionString: options.databaseUrl, max: 3 })
    : new PgBoss({ ...common, db: embeddedAdapter(options.database), backend: 'pglite' })
  boss.on('error', (error) => options.log.error('background jobs', { error }))
  await boss.start()
  for (const queue of QUEUES) {
    if (!(await boss.getQueue(queue))) await boss.createQueue(queue)
  }
  return boss
}

/**
 * pg-boss on the embedded database, through the app's own connection: PGlite in process (pg-boss's
 * own adapter), or the embedded database's child process over postgres.js with one connection.
 * pg-boss sends its schema and lock blocks as several statements without parameters; those go as
 * one simple query, and every statement's rows come back in order (a RETURNING before a COMMIT).
 */
export function embeddedAdapter(database: Database): BossDb {
  if (database.pglite) return fromPglite(database.pglite)
  return {
    async executeSql(text, values) {
      try {
        // pg-boss binds Dates (a failed job's next start); postgres.js over the child's socket takes
        // text for untyped parameters, so they go as ISO strings (timestamptz reads them back).
        if (values?.length) return { rows: await database.query(text, values.map(toParameter)) }
        return { rows: await database.execRows(text) }
      } catch (error) {
        // One connection: a block that failed inside BEGIN must not leave it in an aborted transaction.
        await database.exec('rollback').catch(() => {})
        throw error
      }
    },
  }
}

function toParameter(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value
}
