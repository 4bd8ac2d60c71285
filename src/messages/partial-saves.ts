import type { Database } from '../../db/client'
import type { Logger } from '../log/logger'

/** How often the text of every streaming reply is written. */
export const FLUSH_EVERY_MS = 500
/** Per statement: rows and text are bounded so that one statement stays small. */
const MAX_ROWS = 500
const MAX_CHARS = 1_000_000

type SaveContext = { database: Pick<Database, 'query'>; log: Pick<Logger, 'warn'> }

/**
 * The growing text of all replies this instance streams, saved together: one UPDATE … FROM (VALUES
 * …) per flush for every reply whose text changed, instead of a query per reply. On the embedded
 * database every query runs on the main thread (~1.5 ms), so per-reply saves of hundreds of
 * streams left no time to deliver tokens. Deltas never wait for this: `note` is synchronous and
 * only remembers the latest text.
 *
 * What a crash loses: the text streamed since the last flush (at most one interval, plus the flush
 * then in flight). The final text and status of a reply are written by its runner at once, not
 * here; `forget` drops its pending partial save, and the `status = 'streaming'` guard keeps a
 * flush that was already running from overwriting a final save.
 */
export class PartialSaves {
  private readonly pending = new Map<string, string>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private flushing: Promise<void> | undefined

  constructor(
    private readonly ctx: SaveContext,
    private readonly intervalMs = FLUSH_EVERY_MS,
  ) {}

  /** Remembers the reply's text so far for the next flush. */
  note(messageId: string, content: string): void {
    this.pending.set(messageId, content)
    this.schedule()
  }

  /** The reply ended and is saved by its runner: no partial save for it any more. */
  forget(messageId: string): void {
    this.pending.delete(messageId)
  }

  /** Writes everything pending now (tests; shutdown). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    await this.flushing
    await this.run()
  }

  private schedule(): void {
    if (this.timer || this.flushing) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.run()
    }, this.intervalMs)
    // A pending save must not keep a stopping process alive; the final saves are the runners'.
    this.timer.unref?.()
  }

  private run(): Promise<void> {
    const batch = [...this.pending]
    this.pending.clear()
    this.flushing = this.write(batch).finally(() => {
      this.flushing = undefined
      if (this.pending.size) this.schedule()
    })
    return this.flushing
  }

  private async write(batch: [string, string][]): Promise<void> {
    for (const rows of chunk(batch)) {
      try {
        // Two arrays, not a VALUES list: one statement text whatever the number of replies, so that
        // it is prepared once (db/prepare-repeated.ts) instead of described again at every flush.
        await this.ctx.database.query(
          `update messages set content = v.content from unnest($1::uuid[], $2::text[]) as v(id, content)
           where messages.id = v.id and messages.status = 'streaming'`,
          [rows.map(([id]) => id), rows.map(([, content]) => content)],
        )
      } catch (error) {
        this.ctx.log.warn('could not save the partial replies', { replies: rows.length, error })
      }
    }
  }
}

/** Splits a batch into statements of at most MAX_ROWS rows and about MAX_CHARS of text. */
function chunk(batch: [string, string][]): [string, string][][] {
  const chunks: [string, string][][] = []
  let current: [string, string][] = []
  let chars = 0
  for (const row of batch) {
    if (current.length && (current.length >= MAX_ROWS || chars + row[1].length > MAX_CHARS)) {
      chunks.push(current)
      current = []
      chars = 0
    }
    current.push(row)
    chars += row[1].length
  }
  if (current.length) chunks.push(current)
  return chunks
}
