import type { ResearchNote, StopReason } from '../../db/catalogues/research'
import type { MessageNote, ResearchState } from '../../db/schema'

const STOP_TEXTS: Record<StopReason, string> = {
  time_limit: 'the time limit for this depth was reached',
  cost_limit: 'the cost limit for this depth was reached',
  budget: 'your budget is exhausted',
}

/** The English words for why gathering stopped early ('your budget is exhausted'). */
export function stopReasonText(reason: StopReason): string {
  return STOP_TEXTS[reason]
}

/** The stop reason whose English words these are (a state saved before codes stored only them). */
export function stopReasonOf(text: string): StopReason | undefined {
  return (Object.keys(STOP_TEXTS) as StopReason[]).find((reason) => STOP_TEXTS[reason] === text)
}

/** The English sentence of a note (as runs stored it before codes). */
export function researchNoteText(note: ResearchNote): string {
  switch (note.code) {
    case 'web_not_searched':
      return 'The web was not searched: no search backend is configured'
    case 'web_search_failed':
      return 'The web search did not answer; its results are missing'
    case 'knowledge_search_failed':
      return 'The team knowledge base could not be searched'
    case 'source_unreachable':
      return `${note.host} did not answer`
    case 'page_unreadable':
      return note.detail
        ? `${note.host} could not be read (${note.detail})`
        : `${note.host} could not be read`
    case 'stopped_early':
      return `The research stopped early: ${stopReasonText(note.reason)}`
  }
}

/** The notes a report's answer carries as codes (the client words them), plus `extra`; null: none. */
export function answerNotes(
  state: Pick<ResearchState, 'noteCodes'>,
  extra: MessageNote[] = [],
): MessageNote[] | null {
  const notes: MessageNote[] = [
    ...(state.noteCodes ?? []).map((note) => ({ code: 'research' as const, note })),
    ...extra,
  ]
  return notes.length ? notes : null
}

/**
 * The notes written into the report's text: none when the answer carries them as codes; the
 * English sentences for a run saved before codes (its notes have no codes to show them by).
 */
export function reportNotes(notes: string[], state: Pick<ResearchState, 'noteCodes'>): string[] {
  return state.noteCodes ? [] : notes
}
