import type { Logger } from '../log/logger'

const RETRY_AFTER_MS = 30_000

/**
 * The model sync of one app: one run that every reader of the models awaits, and after a failed or
 * incomplete one (discovery failed), another at most every 30 s.
 */
export class ModelSync {
  private current: { promise: Promise<void>; retryAt: number | null } | undefined

  ensure(sync: () => Promise<boolean>, log: Logger): Promise<void> {
    const current = this.current
    if (current && (current.retryAt === null || Date.now() < current.retryAt)) return current.promise
    const state: { promise: Promise<void>; retryAt: number | null } = {
      promise: Promise.resolve(),
      retryAt: null,
    }
    state.promise = sync().then(
      (complete) => {
        if (!complete) state.retryAt = Date.now() + RETRY_AFTER_MS
      },
      (error) => {
        log.error('model sync failed', { error })
        state.retryAt = Date.now() + RETRY_AFTER_MS
      },
    )
    this.current = state
    return state.promise
  }
}
