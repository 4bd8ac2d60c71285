import type { ImportReport, ImportSkip } from '../../db/schema'
import type { Worded } from './errors'
import { IMPORT_LIMITS } from './limits'

/** An import's report as it is gathered: the first entries of what was left out, and their count. */
export class ReportBuilder {
  chats = 0
  messages = 0
  duplicates = 0
  private readonly skipped: ImportSkip[] = []
  private skippedCount = 0

  skip(title: string, reason: Worded): void {
    this.skippedCount++
    if (this.skipped.length < IMPORT_LIMITS.listedSkips)
      this.skipped.push({
        title,
        reason: reason.text,
        code: reason.code,
        ...(reason.values && { values: reason.values }),
      })
  }

  /** The report of an import that wrote nothing (failed or cancelled): what was found, nothing written. */
  undone(failure?: Worded | null): ImportReport {
    return {
      ...this.build(),
      chats: 0,
      messages: 0,
      duplicates: 0,
      ...(failure && { failure: { code: failure.code, ...(failure.values && { values: failure.values }) } }),
    }
  }

  build(): ImportReport {
    return {
      chats: this.chats,
      messages: this.messages,
      duplicates: this.duplicates,
      skipped: [...this.skipped],
      skipped_count: this.skippedCount,
    }
  }
}
