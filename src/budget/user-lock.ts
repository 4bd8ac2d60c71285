/**
 * A per-key mutex inside one process: callers for the same key run one after another, in order.
 * Several instances would need a Postgres advisory transaction lock instead (see
 * docs/decisions/043-budget-reservations.md).
 */
export function createKeyedLock() {
  const tails = new Map<string, Promise<void>>()
  return async function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve()
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const tail = previous.then(() => held)
    tails.set(key, tail)
    await previous
    try {
      return await fn()
    } finally {
      release()
      if (tails.get(key) === tail) tails.delete(key)
    }
  }
}
