import { Info } from 'lucide-react'
import type { ResearchNote } from '../../../db/catalogues/research'
import { researchNoteText } from '../research/note-text'

/** Under a research report: what its run could not search or read, in the reader's language. */
export default function ResearchNoteLine({ note, className }: { note: ResearchNote; className: string }) {
  const text = researchNoteText(note)
  if (!text) return null
  return (
    <p className={className} data-testid="message-note" data-note={note.code}>
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{text}</span>
    </p>
  )
}
