import type { AppContext } from '../context'
import { IMPORT_LIMITS } from './limits'

export interface ImportJob {
  userId: string
  controller: AbortController
  /** Settles when the job has ended and cleaned up after itself (it never rejects). */
  finished: Promise<void>
}

/**
 * The imports this instance runs, by id. Each holds its file, parsed, in memory (about four times
 * the file's size at its peak), so the uploads being read or imported here may together declare at
 * most IMPORT_LIMITS.bytesInFlight (one import is always let in). A cancel and the shutdown reach
 * a job through its controller.
 */
export class RunningImports {
  readonly jobs = new Map<string, ImportJob>()
  private bytes = 0
  /**
   * Awaited after each batch of writes (tests hold an import there to see it half-written and
   * cancel it); the job's signal is aborted by a cancel.
   */
  afterBatch: ((id: string, signal: AbortSignal) => Promise<void>) | undefined

  /** Takes room for an upload of `bytes` about to be read; null when this instance has none left. */
  reserve(bytes: number): { release(): void } | null {
    if (this.bytes > 0 && this.bytes + bytes > IMPORT_LIMITS.bytesInFlight) return null
    this.bytes += bytes
    let held = true
    return {
      release: () => {
        if (held) this.bytes -= bytes
        held = false
      },
    }
  }

  add(id: string, job: ImportJob): void {
    this.jobs.set(id, job)
    void job.finished.then(() => this.jobs.delete(id))
  }

  /** Stops every job and waits for each to clean up (the server's stop). */
  async stopAll(): Promise<void> {
    const jobs = [...this.jobs.values()]
    for (const job of jobs) job.controller.abort()
    await Promise.all(jobs.map((job) => job.finished))
  }
}

// Kept beside the database the jobs write to: the context holds no slot for them (src/context.ts).
const registries = new WeakMap<object, RunningImports>()

/** This instance's running imports (one registry per database, so per app and per test). */
export function runningImports(ctx: Pick<AppContext, 'database'>): RunningImports {
  let registry = registries.get(ctx.database)
  if (!registry) {
    registry = new RunningImports()
    registries.set(ctx.database, registry)
  }
  return registry
}
