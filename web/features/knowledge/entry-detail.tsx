import { Users, X } from 'lucide-react'
import { formatDate } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { useMarkdown } from '../messages/markdown/use-markdown'
import { IndexStatus } from './entry-card'
import type { KnowledgeEntry } from './knowledge-query'
import { indexErrorText, sourceTypeName } from './knowledge-text'
import '../../i18n/areas/knowledge'

/**
 * The selected entry in full, with its notes when an export added some, and Close. Its content is
 * rendered as chat messages are (the same markdown renderer, a chunk of its own): an exported chat
 * or a Markdown document reads as it did there.
 */
export function EntryDetail({ entry, onClose }: { entry: KnowledgeEntry; onClose: () => void }) {
  const t = useT()
  const Markdown = useMarkdown()
  const notes = typeof entry.metadata.notes === 'string' ? entry.metadata.notes : ''
  return (
    <section
      aria-labelledby="knowledge-detail-heading"
      data-testid="knowledge-detail"
      className="flex min-h-0 flex-col gap-2 rounded-xl border border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-800 dark:bg-zinc-950"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id="knowledge-detail-heading" className="font-semibold break-words">
          {entry.title}
        </h3>
        <button
          type="button"
          onClick={onClose}
          className="-mt-0.5 -mr-1 inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-300 dark:hover:bg-zinc-800"
          data-testid="knowledge-detail-close"
        >
          <X className="size-3.5" aria-hidden /> {t('knowledge.detail.close')}
        </button>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
        <span>{sourceTypeName(entry.source_type)}</span>
        {entry.is_shared ? (
          <span className="inline-flex items-center gap-1 text-emerald-800 dark:text-emerald-300">
            <Users className="size-3.5" aria-hidden /> {t('knowledge.entry.shared')}
          </span>
        ) : null}
        <IndexStatus entry={entry} />
      </p>
      {entry.index_status === 'failed' && entry.index_error && entry.index_error_code !== 'cancelled' ? (
        <p className="text-xs text-red-700 dark:text-red-400" data-testid="knowledge-index-error">
          {indexErrorText(entry)}
        </p>
      ) : null}
      {entry.tags.length > 0 ? (
        <p className="flex flex-wrap gap-1 text-xs">
          {entry.tags.map((tag) => (
            <span
              key={tag}
              className="rounded-md border border-zinc-200 px-1.5 py-0.5 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300"
            >
              #{tag}
            </span>
          ))}
        </p>
      ) : null}
      {notes ? (
        <div className="rounded-lg bg-white p-2 text-sm dark:bg-zinc-900">
          <h4 className="text-xs font-semibold text-zinc-600 dark:text-zinc-400">
            {t('knowledge.detail.notes')}
          </h4>
          <p className="whitespace-pre-wrap break-words">{notes}</p>
        </div>
      ) : null}
      <section
        className="max-h-[50dvh] overflow-y-auto text-sm break-words text-zinc-800 dark:text-zinc-200"
        data-testid="knowledge-detail-content"
        data-rendered={typeof Markdown === 'function' ? 'markdown' : 'text'}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region needs focus to scroll by keyboard
        tabIndex={0}
        aria-label={t('knowledge.detail.content')}
      >
        {typeof Markdown === 'function' ? (
          <Markdown text={entry.content} />
        ) : (
          // Until the markdown chunk (loaded with the chat view) is there, or if it failed: the text.
          <p className="whitespace-pre-wrap">{entry.content}</p>
        )}
      </section>
    </section>
  )
}
