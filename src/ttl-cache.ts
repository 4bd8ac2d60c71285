/**
 * A value an instance reads (from the database, a provider...) and then trusts for `ttlMs` on the
 * monotonic clock. Callers in the meantime share the same read; a failed read is not kept, so the
 * next caller tries again. The instance that changes the value calls `forget`; other instances,
 * which share only the database, see the change within `ttlMs`.
 */
export class CachedValue<T> {
  private entry: { value: Promise<T>; readAt: number } | undefined

  /** `Infinity` keeps a successful read until `forget`. */
  constructor(private readonly ttlMs: number) {}

  get(read: () => Promise<T>): Promise<T> {
    const cached = this.entry
    // performance.now(), not ctx.now(): tests move the app's clock, not the caches'.
    if (cached && performance.now() - cached.readAt < this.ttlMs) return cached.value
    const value = read()
    const entry = { value, readAt: performance.now() }
    value.catch(() => {
      if (this.entry === entry) this.entry = undefined
    })
    this.entry = entry
    return value
  }

  forget(): void {
    this.entry = undefined
  }
}

/** `CachedValue` per key (a user id), the earliest read dropped past `maxKeys`. */
export class CachedByKey<T> {
  private readonly entries = new Map<string, { value: Promise<T>; readAt: number }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys: number,
  ) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key)
    if (cached && performance.now() - cached.readAt < this.ttlMs) return cached.value
    const value = read()
    const entry = { value, readAt: performance.now() }
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key)
    })
    // Oldest first out: a Map keeps insertion order.
    this.entries.delete(key)
    if (this.entries.size >= this.maxKeys) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, entry)
    return value
  }

  forget(key: string): void {
    this.entries.delete(key)
  }
}
