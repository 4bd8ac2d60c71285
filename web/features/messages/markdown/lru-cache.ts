/**
 * A map that keeps only its `max` most recently used entries. Parsed markdown blocks live here so
 * a message scrolled out of the windowed list and back (or a chat reopened) is not parsed again.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>()

  constructor(readonly max: number) {}

  get size() {
    return this.entries.size
  }

  /** The value, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key)
    if (value === undefined) return undefined
    // A Map iterates in insertion order: re-inserting moves the key to the young end.
    this.entries.delete(key)
    this.entries.set(key, value)
    return value
  }

  set(key: K, value: V) {
    this.entries.delete(key)
    this.entries.set(key, value)
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value as K
      this.entries.delete(oldest)
    }
  }
}
