import { AlertTriangle, Check, Loader2, Pencil, RotateCcw, Trash2, Users } from 'lucide-react'
import { formatDate } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import type { KnowledgeEntry } from './knowledge-query'
import { previewOf, sourceTypeName } from './knowledge-text'
import '../../i18n/areas/knowledge'

const actionClass =
  'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50 dark:text-zinc-300 dark:hover:bg-zinc-800'

/** An entry in the Knowledge Base list: the whole card opens the detail pane; the owner edits and deletes. */
export function EntryCard({
  entry,
  highlight,
  owned,
  selected,
  retrying,
  onSelect,
  onEdit,
  onDelete,
  onRetry,
}: {
  entry: KnowledgeEntry
  /** The search's highlight, shown instead of the content's start. */
  highlight: string | null
  owned: boolean
  selected: boolean
  retrying: boolean
  onSelect: () => void
  onEdit: () => void
  onDelete: () => void
  onRetry: () => void
}) {
  const t = useT()
  return (
    <li
      data-testid="knowledge-card"
      data-title={entry.title}
      className={cn(
        'flex flex-col gap-2 rounded-xl border bg-white p-3 dark:bg-zinc-900',
        selected ? 'border-brand ring-2 ring-brand/25' : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        data-testid="knowledge-select"
        className="flex flex-col gap-1 rounded-md text-left focus-visible:outline-2 focus-visible:outline-brand"
      >
        <span className="flex items-center gap-1.5">
          <span className="font-semibold break-words text-zinc-900 dark:text-zinc-100">{entry.title}</span>
          {entry.is_shared ? (
            <Users
              className="size-4 shrink-0 text-emerald-700 dark:text-emerald-400"
              role="img"
              aria-label={t('knowledge.entry.shared')}
              data-testid="knowledge-shared"
            />
          ) : null}
        </span>
        <span className="line-clamp-2 text-sm break-words text-zinc-700 dark:text-zinc-300">
          {highlight ?? previewOf(entry.content)}
        </span>
      </button>
      <div className="flex flex-wrap items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
        {entry.tags.map((tag) => (
          <span
            key={tag}
            className="rounded-md border border-zinc-200 px-1.5 py-0.5 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300"
          >
            #{tag}
          </span>
        ))}
        <time dateTime={entry.created_at}>{formatDate(entry.created_at)}</time>
        <span aria-hidden>·</span>
        <span data-testid="knowledge-source-type">{sourceTypeName(entry.source_type)}</span>
        <span aria-hidden>·</span>
        <IndexStatus status={entry.index_status} />
        <span className="ml-auto flex flex-wrap gap-0.5">
          {owned && entry.index_status === 'failed' ? (
            <button
              type="button"
              className={actionClass}
              onClick={onRetry}
              disabled={retrying}
              data-testid="knowledge-retry"
            >
              <RotateCcw className="size-3.5" aria-hidden /> {t('knowledge.status.retry')}
            </button>
          ) : null}
          {owned ? (
            <>
              <button
                type="button"
                className={actionClass}
                onClick={onEdit}
                aria-label={t('knowledge.entry.editNamed', { title: entry.title })}
                data-testid="knowledge-edit"
              >
                <Pencil className="size-3.5" aria-hidden /> {t('knowledge.entry.edit')}
              </button>
              <button
                type="button"
                className={cn(actionClass, 'text-red-700 dark:text-red-400')}
                onClick={onDelete}
                aria-label={t('knowledge.entry.deleteNamed', { title: entry.title })}
                data-testid="knowledge-delete"
              >
                <Trash2 className="size-3.5" aria-hidden /> {t('knowledge.entry.delete')}
              </button>
            </>
          ) : null}
        </span>
      </div>
    </li>
  )
}

/** Indexing… / Ready / Indexing failed: whether the entry can be found by meaning yet. */
export function IndexStatus({ status }: { status: KnowledgeEntry['index_status'] }) {
  const t = useT()
  if (status === 'pending') {
    return (
      <span className="inline-flex items-center gap-1" data-testid="knowledge-status" data-status={status}>
        <Loader2 className="size-3 animate-spin" aria-hidden /> {t('knowledge.status.pending')}
      </span>
    )
  }
  if (status === 'failed') {
    return (
      <span
        className="inline-flex items-center gap-1 text-red-700 dark:text-red-400"
        data-testid="knowledge-status"
        data-status={status}
      >
        <AlertTriangle className="size-3" aria-hidden /> {t('knowledge.status.failed')}
      </span>
    )
  }
  return (
    <span className="inline-flex items-center gap-1" data-testid="knowledge-status" data-status={status}>
      <Check className="size-3" aria-hidden /> {t('knowledge.status.ready')}
    </span>
  )
}
