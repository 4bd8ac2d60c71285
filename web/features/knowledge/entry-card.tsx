import {
  AlertTriangle,
  Check,
  CircleStop,
  Loader2,
  type LucideIcon,
  Pencil,
  RotateCcw,
  Trash2,
  Users,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { formatDate } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { useIndexProgress } from './index-progress'
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
  cancelling,
  onSelect,
  onEdit,
  onDelete,
  onRetry,
  onCancel,
}: {
  entry: KnowledgeEntry
  /** The search's highlight, shown instead of the content's start. */
  highlight: string | null
  owned: boolean
  selected: boolean
  retrying: boolean
  cancelling: boolean
  onSelect: () => void
  onEdit: () => void
  onDelete: () => void
  onRetry: () => void
  /** Stops the entry's indexing (it then reads 'Indexing cancelled', with Retry). */
  onCancel: () => void
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
          {previewOf(highlight ?? entry.content)}
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
        <IndexStatus entry={entry} />
        <span className="ml-auto flex flex-wrap gap-0.5">
          {owned && entry.index_status === 'failed' ? (
            <CardAction icon={RotateCcw} onClick={onRetry} disabled={retrying} testId="knowledge-retry">
              {t('knowledge.status.retry')}
            </CardAction>
          ) : null}
          {owned && entry.index_status === 'pending' ? (
            <CardAction
              icon={CircleStop}
              onClick={onCancel}
              disabled={cancelling}
              label={t('knowledge.status.cancelNamed', { title: entry.title })}
              testId="knowledge-cancel-indexing"
            >
              {t('knowledge.status.cancel')}
            </CardAction>
          ) : null}
          {owned ? (
            <>
              <CardAction
                icon={Pencil}
                onClick={onEdit}
                label={t('knowledge.entry.editNamed', { title: entry.title })}
                testId="knowledge-edit"
              >
                {t('knowledge.entry.edit')}
              </CardAction>
              <CardAction
                icon={Trash2}
                onClick={onDelete}
                label={t('knowledge.entry.deleteNamed', { title: entry.title })}
                testId="knowledge-delete"
                danger
              >
                {t('knowledge.entry.delete')}
              </CardAction>
            </>
          ) : null}
        </span>
      </div>
    </li>
  )
}

/** One of the card's small text buttons (Retry, Cancel, Edit, Delete). */
function CardAction({
  icon: Icon,
  onClick,
  disabled,
  label,
  testId,
  danger = false,
  children,
}: {
  icon: LucideIcon
  onClick: () => void
  disabled?: boolean
  /** The accessible name, when the visible text alone would not say which entry. */
  label?: string
  testId: string
  danger?: boolean
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className={cn(actionClass, danger && 'text-red-700 dark:text-red-400')}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      data-testid={testId}
    >
      <Icon className="size-3.5" aria-hidden /> {children}
    </button>
  )
}

/**
 * Indexing… / Ready / Indexing failed (or cancelled): whether the entry can be found by meaning yet. A long
 * entry's indexing counts its chunks as they are embedded ('Indexing… 64/95 chunks').
 */
export function IndexStatus({
  entry,
}: {
  entry: Pick<KnowledgeEntry, 'id' | 'index_status' | 'index_error_code' | 'index_progress'>
}) {
  const t = useT()
  const status = entry.index_status
  const progress = useIndexProgress(entry)
  if (status === 'pending') {
    return (
      <span className="inline-flex items-center gap-1" data-testid="knowledge-status" data-status={status}>
        <Loader2 className="size-3 animate-spin" aria-hidden />{' '}
        {progress
          ? t('knowledge.status.progress', { done: progress.done, total: progress.total })
          : t('knowledge.status.pending')}
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
        <AlertTriangle className="size-3" aria-hidden />{' '}
        {entry.index_error_code === 'cancelled'
          ? t('knowledge.status.cancelled')
          : t('knowledge.status.failed')}
      </span>
    )
  }
  return (
    <span className="inline-flex items-center gap-1" data-testid="knowledge-status" data-status={status}>
      <Check className="size-3" aria-hidden /> {t('knowledge.status.ready')}
    </span>
  )
}
