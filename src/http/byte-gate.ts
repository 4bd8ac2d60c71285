import { AppError } from './errors'

export const LARGE_BODIES_BUSY_MESSAGE =
  'The server is busy receiving other large files. Please try again in a moment.'

/**
 * A server-wide allowance of bytes, handed out first come, first served: what POST /api/chat's
 * inline files may hold in memory at once past the JSON limit (decision 155's addendum). Each
 * large body takes its whole share when it passes the JSON limit and gives it back when its request
 * ends, so a share never waits on another half-granted one (no deadlock). One that cannot be
 * granted within `waitMs` is refused with a 503 and Retry-After, which a client retries.
 */
export class ByteGate {
  private free: number
  private readonly queue: { bytes: number; grant: () => void }[] = []

  constructor(
    readonly capacity: number,
    private readonly waitMs: number,
  ) {
    this.free = capacity
  }

  /** Bytes not handed out (for tests and the log). */
  get available(): number {
    return this.free
  }

  /**
   * Takes `bytes` (at most the capacity), waiting behind earlier requests; the returned release is
   * safe to call more than once. `signal` aborted while waiting (the client went away) gives up.
   */
  async take(bytes: number, signal?: AbortSignal): Promise<() => void> {
    const share = Math.min(Math.max(0, bytes), this.capacity)
    if (this.queue.length > 0 || share > this.free) await this.wait(share, signal)
    else this.free -= share
    let released = false
    return () => {
      if (released) return
      released = true
      this.free += share
      this.grantWaiting()
    }
  }

  private wait(share: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = {
        bytes: share,
        grant: () => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', giveUp)
          resolve()
        },
      }
      const leave = (error: AppError) => {
        const at = this.queue.indexOf(entry)
        if (at < 0) return
        this.queue.splice(at, 1)
        signal?.removeEventListener('abort', giveUp)
        clearTimeout(timer)
        // The next in line may fit now that this one no longer waits before it.
        this.grantWaiting()
        reject(error)
      }
      const timer = setTimeout(
        () =>
          leave(
            new AppError('unavailable:busy', LARGE_BODIES_BUSY_MESSAGE, { headers: { 'retry-after': '5' } }),
          ),
        this.waitMs,
      )
      const giveUp = () => leave(new AppError('bad_request:body', 'The request body could not be read'))
      signal?.addEventListener('abort', giveUp, { once: true })
      this.queue.push(entry)
    })
  }

  private grantWaiting() {
    while (this.queue.length > 0 && this.queue[0]!.bytes <= this.free) {
      const next = this.queue.shift()!
      this.free -= next.bytes
      next.grant()
    }
  }
}
