import type { Db as BossDb, PgBoss } from 'pg-boss'
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
 *
 * On the embedded database (one instance, the only writer) the workers wait for work too: `work()`
 * starts pg-boss only when jobs are waiting in its tables (left by the last run, or queued by the
 * CLI); otherwise the first `send()` starts it and the workers with it. An idle server then never
 * loads pg-boss (~10 MiB, and its polling; docs/decisions/137-idle-memory.md). On a Postgres
 * server another instance may queue jobs at any time, so the workers start (and poll) at once.
 */
export function createJobs(options: JobsOptions): Jobs {
  let started: Promise<PgBoss> | undefined
  let stopped = false
  /** This instance's workers per queue, woken when a job is queued here. */
  const workers = new Map<QueueName, string[]>()
  type Worker = { queue: QueueName; handler: (data: never) => Promise<void>; concurrency?: number }
  /** Workers waiting for the queue to start (embedded database). */
  const deferred: Worker[] = []
  const boss = () => {
    if (stopped) throw new Error('the job queue is stopped')
    started ??= startBoss(options).then(async (running) => {
      for (const worker of deferred.splice(0)) await register(running, worker)
      return running
    })
    return started
  }
  const register = async (running: PgBoss, worker: Worker) => {
    let workId = ''
    workId = await running.work<never>(
      worker.queue,
      {
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        batchSize: 1,
        // Long jobs (research runs for minutes) must not queue behind each other on one instance.
        localConcurrency: worker.concurrency ?? 1,
      },
      async (jobs) => {
        for (const job of jobs) await worker.handler(job.data)
        // A backlog drains without a poll's pause between jobs: after a job, fetch again at once;
        // an empty fetch falls back to polling. (Measured: 30 queued entries took 60 s at one job
        // per 2 s poll; bench:knowledge-stall.)
        running.notifyWorker(workId)
      },
    )
    workers.set(worker.queue, [...(workers.get(worker.queue) ?? []), workId])
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
      const worker: Worker = {
        queue,
        handler: handler as (data: never) => Promise<void>,
        concurrency: workOptions?.concurrency,
      }
      if (!options.databaseUrl && !started && !(await jobsWaiting(options.database))) {
        // Checked again: a send() may have started the queue meanwhile (it registers `deferred`).
        if (!started) {
          deferred.push(worker)
          return
        }
      }
      await register(await boss(), worker)
    },
    async stop() {
      stopped = true
      if (!started) return
      const running = await started.catch(() => undefined)
      await running?.stop({ graceful: true, timeout: 10_000, close: true })
    },
  }
}

/** Whether pg-boss's tables hold a job not yet finished (queued, to retry, or running when the last process stopped). */
async function jobsWaiting(database: Database): Promise<boolean> {
  const [schema] = await database.query<{ job: string | null }>(
    `select to_regclass('${SCHEMA}.job')::text as job`,
  )
  if (!schema?.job) return false
  const [row] = await database.query<{ waiting: boolean }>(
    `select exists (select 1 from ${SCHEMA}.job where state < 'completed') as waiting`,
  )
  return row?.waiting === true
}

async function startBoss(options: JobsOptions): Promise<PgBoss> {
  const { PgBoss } = await import('pg-boss')
  const common = {
    schema: SCHEMA,
    // Parley runs no pg-boss schedules; its own sweeps have their own timers.
    schedule: false,
    superviseIntervalSeconds: 60,
  }
  const boss = options.databaseUrl
    ? new PgBoss({ ...common, connectionString: options.databaseUrl, max: 3 })
    : new PgBoss({ ...common, db: await embeddedAdapter(options.database), backend: 'pglite' })
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
export async function embeddedAdapter(database: Database): Promise<BossDb> {
  if (database.pglite) return (await import('pg-boss')).fromPglite(database.pglite)
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
