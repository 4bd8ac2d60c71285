import { ImageOff } from 'lucide-react'
import type { MessageNote } from '../../../db/schema'
import { currentLocale, useT } from '../../i18n/i18n'
import { lazyComponent } from '../../lib/lazy-component'
import type { Message } from './messages-query'
import '../../i18n/areas/chat'

/**
 * A research run's note, worded in the research texts: a chunk of its own (issue 35), since most
 * chat pages show no research report.
 */
const ResearchNoteLine = lazyComponent(() => import('./research-note-line'))

const lists = new Map<string, Intl.ListFormat>()
/** 'a.png, b.png and c.png' in the active language. */
function fileList(files: readonly string[]): string {
  const locale = currentLocale()
  let format = lists.get(locale)
  if (!format) {
    format = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' })
    lists.set(locale, format)
  }
  return format.format(files)
}

/** The notes the server stored with an assistant reply, or none. */
export function notesOf(message: Message): MessageNote[] {
  return 'notes' in message && Array.isArray(message.notes) ? message.notes : []
}

/**
 * Under an answer: what the person should know about how it was made, stored with the message
 * (docs/decisions/143, 150) and worded here in their language: the question's images the model did
 * not see; what a research report's run could not search or read.
 */
export function MessageNotes({ notes }: { notes: readonly MessageNote[] }) {
  const t = useT()
  return notes.map((note, index) => {
    if (note.code === 'images_not_seen') {
      return (
        <p
          // biome-ignore lint/suspicious/noArrayIndexKey: a message's notes never change order
          key={index}
          className={noteClass}
          data-testid="message-note"
          data-note={note.code}
        >
          <ImageOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {t('chat.note.imagesNotSeen', { count: note.files.length, files: fileList(note.files) })}
          </span>
        </p>
      )
    }
    // A failure is shown by the failure line; a code this client does not know, not at all.
    if (note.code !== 'research') return null
    // biome-ignore lint/suspicious/noArrayIndexKey: a message's notes never change order
    return <ResearchNoteLine key={index} note={note.note} className={noteClass} />
  })
}

const noteClass =
  'mt-2 flex items-start gap-1.5 rounded-lg bg-amber-50 px-2.5 py-1.5 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200'
