interface Window {
  start: number
  current: number
  previous: number
}

/**
 * A sliding-window counter per key (the weighted two-window estimate): smoother than a fixed window,
 * which would let a client send twice the limit across a window boundary, and O(1) memory per key.
 * Counters live in this process only (docs/decisions/010-auth-rate-limits.md).
 */
export function createRateLimiter(windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, Window>()
  let lastSweep = now()

  function windowOf(key: string, at: number): Window {
    const start = at - (at % windowMs)
    let entry = windows.get(key)
    if (!entry) {
      entry = { start, current: 0, previous: 0 }
      windows.set(key, entry)
    } else if (entry.start !== start) {
      entry.previous = start - entry.start === windowMs ? entry.current : 0
      entry.current = 0
      entry.start = start
    }
    return entry
  }

  /** Milliseconds until one more request fits under `limit`, or 0 when it fits now. */
  function waitFor(entry: Window, limit: number, at: number): number {
    const elapsed = (at - entry.start) / windowMs
    const estimate = entry.previous * (1 - elapsed) + entry.current
    if (estimate + 1 <= limit) return 0
    // The previous window's weight falls linearly; find when it has fallen enough.
    if (entry.current + 1 <= limit) {
      const neededElapsed = 1 - (limit - 1 - entry.current) / entry.previous
      return Math.max(1, Math.ceil((neededElapsed - elapsed) * windowMs))
    }
    // Full already in this window: wait for the next one, where this window's count weighs in.
    const nextWindowWait = entry.start + windowMs - at
    return nextWindowWait + Math.ceil(Math.max(0, 1 - (limit - 1) / entry.current) * windowMs)
  }

  function sweep(at: number) {
    if (at - lastSweep < windowMs) return
    lastSweep = at
    for (const [key, entry] of windows) if (at - entry.start >= 2 * windowMs) windows.delete(key)
  }

  return {
    /**
     * Counts one request against every key, or none when any is over its limit; answers how long
     * to wait in that case. A refused request does not count, so waiting Retry-After is enough.
     */
    hit(checks: { key: string; limit: number }[]): { allowed: boolean; retryAfterMs: number } {
      const at = now()
      sweep(at)
      const entries = checks.map((check) => ({ ...check, entry: windowOf(check.key, at) }))
      const retryAfterMs = Math.max(0, ...entries.map(({ entry, limit }) => waitFor(entry, limit, at)))
      if (retryAfterMs > 0) return { allowed: false, retryAfterMs }
      for (const { entry } of entries) entry.current += 1
      return { allowed: true, retryAfterMs: 0 }
    },
    get size() {
      return windows.size
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
