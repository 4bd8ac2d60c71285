/**
 * OpenAI's `stop`, applied to the text as it arrives (the providers are not sent it: the reply
 * engine's call carries no such field): the answer ends before the first stop sequence, which is
 * never shown. Text that might be the start of a stop sequence is held back until it is not.
 */
export class StopSequences {
  private held = ''
  private readonly longest: number
  stopped = false

  constructor(private readonly sequences: readonly string[]) {
    this.longest = Math.max(0, ...sequences.map((sequence) => sequence.length))
  }

  /** The text that may be shown now; after a stop, nothing more. */
  push(text: string): string {
    if (this.stopped) return ''
    if (this.sequences.length === 0) return text
    const all = this.held + text
    let cut = -1
    for (const sequence of this.sequences) {
      const at = all.indexOf(sequence)
      if (at !== -1 && (cut === -1 || at < cut)) cut = at
    }
    if (cut !== -1) {
      this.stopped = true
      this.held = ''
      return all.slice(0, cut)
    }
    // Keep the tail that could still begin a sequence.
    const keep = Math.min(this.longest - 1, all.length)
    this.held = keep > 0 ? all.slice(all.length - keep) : ''
    return all.slice(0, all.length - keep)
  }

  /** What was held back, once the answer ended without a stop. */
  end(): string {
    const rest = this.stopped ? '' : this.held
    this.held = ''
    return rest
  }
}
