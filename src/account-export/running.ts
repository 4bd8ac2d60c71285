import type { AppContext } from '../context'

/** Zips this instance writes at once; more wait (still `running`) for a place. */
export const BUILDS_PER_INSTANCE = 2

export interface ExportJob {
  userId: string
  controller: AbortController
  /** Settles when the job has ended and recorded how (it never rejects). */
  finished: Promise<void>
}

/**
 * The exports this instance writes, by id. Each holds one file of the person at a time in memory;
 * at most BUILDS_PER_INSTANCE write at once, the others wait their turn. The server's stop aborts
 * them and waits until each has recorded its end (decision 175).
 */
export class RunningExports {
  readonly jobs = new Map<string, ExportJob>()
  private writing = 0
  private readonly waiting: (() => void)[] = []

  add(id: string, job: ExportJob): void {
    this.jobs.set(id, job)
    void job.finished.then(() => this.jobs.delete(id))
  }

  /** Waits for a place to write (or the job's abort); the answer gives the place back. */
  async place(signal: AbortSignal): Promise<() => void> {
    while (this.writing >= BUILDS_PER_INSTANCE) {
      signal.throwIfAborted()
      const { promise, resolve } = Promise.withResolvers<void>()
      this.waiting.push(resolve)
      const onAbort = () => resolve()
      signal.addEventListener('abort', onAbort, { once: true })
      await promise
      signal.removeEventListener('abort', onAbort)
    }
    signal.throwIfAborted()
    this.writing++
    let given = false
    return () => {
      if (given) return
      given = true
      this.writing--
      // Every waiter looks again (one that was aborted meanwhile has left the line).
      for (const wake of this.waiting.splice(0)) wake()
    }
  }

  /** Stops every job and waits until each has recorded its end (the server's stop). */
  async stopAll(reason: unknown): Promise<void> {
    const jobs = [...this.jobs.values()]
    for (const job of jobs) job.controller.abort(reason)
    await Promise.all(jobs.map((job) => job.finished))
  }

  /** Resolves when no export of this instance is running (tests). */
  async idle(): Promise<void> {
    while (this.jobs.size) await Promise.all([...this.jobs.values()].map((job) => job.finished))
  }
}

// Kept beside the database the jobs write to, as src/imports/running.ts: one registry per app.
const registries = new WeakMap<object, RunningExports>()

export function runningExports(ctx: Pick<AppContext, 'database'>): RunningExports {
  let registry = registries.get(ctx.database)
  if (!registry) {
    registry = new RunningExports()
    registries.set(ctx.database, registry)
  }
  return registry
}
