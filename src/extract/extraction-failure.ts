/** An extraction that could not produce text, with the reason kept for the log (never shown). */
export class ExtractionFailure extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options)
    this.name = 'ExtractionFailure'
  }
}
