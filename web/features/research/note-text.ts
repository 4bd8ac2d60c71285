import type { ResearchNote } from '../../../db/catalogues/research'
import { t } from '../../i18n/i18n'
import '../../i18n/areas/research'

/** A research run's note (what it could not search or read) in the active language (decision 150). */
export function researchNoteText(note: ResearchNote): string | null {
  switch (note.code) {
    case 'web_not_searched':
      return t('research.note.webNotSearched')
    case 'web_search_failed':
      return t('research.note.webSearchFailed')
    case 'knowledge_search_failed':
      return t('research.note.knowledgeSearchFailed')
    case 'source_unreachable':
      return t('research.note.sourceUnreachable', { host: note.host })
    case 'page_unreadable':
      return t('research.note.pageUnreadable', { host: note.host })
    case 'stopped_early':
      return note.reason === 'time_limit'
        ? t('research.note.stoppedTimeLimit')
        : note.reason === 'cost_limit'
          ? t('research.note.stoppedCostLimit')
          : t('research.note.stoppedBudget')
    default:
      // A note a newer server wrote that this client does not know.
      return null
  }
}

/**
 * A run's notes as the person reads them: worded from their codes when the run has them (in the
 * same order as the English), else the English the run stored.
 */
export function researchNotesText(run: { notes: string[]; noteCodes?: ResearchNote[] }): string[] {
  if (!run.noteCodes || run.noteCodes.length !== run.notes.length) return run.notes
  return run.noteCodes.map((note, index) => researchNoteText(note) ?? run.notes[index]!)
}
