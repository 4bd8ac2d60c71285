import { Copy, Globe, Pencil, Trash2 } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { categoryName } from './prompt-text'
import type { Prompt } from './prompts-query'
import '../../i18n/areas/prompts'

const actionClass =
  'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-300 dark:hover:bg-zinc-800'

/** A prompt in the library: the whole card selects it; Edit and Delete only on one's own prompts. */
export function PromptCard({
  prompt,
  selected,
  onSelect,
  onEdit,
  onDuplicate,
  onDelete,
}: {
  prompt: Prompt
  selected: boolean
  onSelect: () => void
  onEdit: () => void
  onDuplicate: () => void
  onDelete: () => void
}) {
  const t = useT()
  return (
    <li
      data-testid="prompt-card"
      data-title={prompt.title}
      className={cn(
        'flex flex-col gap-2 rounded-xl border bg-white p-3 dark:bg-zinc-900',
        selected ? 'border-brand ring-2 ring-brand/25' : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <button
        type="button"
        onClick={onSelect}
        data-testid="prompt-select"
        className="flex flex-col gap-1.5 rounded-md text-left focus-visible:outline-2 focus-visible:outline-brand"
      >
        <span className="flex flex-wrap items-center gap-1.5">
          <span className="font-semibold text-zinc-900 dark:text-zinc-100">{prompt.title}</span>
          {prompt.is_public ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
              <Globe className="size-3" aria-hidden /> {t('prompts.card.public')}
            </span>
          ) : null}
          <span
            data-testid="prompt-use-count"
            className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
          >
            {t('prompts.card.uses', { count: prompt.use_count })}
          </span>
        </span>
        {prompt.description ? (
          <span className="text-sm text-zinc-700 dark:text-zinc-300">{prompt.description}</span>
        ) : null}
        <span className="line-clamp-3 font-mono text-xs whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">
          {prompt.prompt_text}
        </span>
      </button>
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="rounded-md bg-brand/10 px-2 py-0.5 text-xs font-medium text-zinc-800 dark:text-zinc-200">
          {categoryName(prompt.category)}
        </span>
        {prompt.tags.map((tag) => (
          <span
            key={tag}
            className="rounded-md border border-zinc-200 px-1.5 py-0.5 text-xs text-zinc-700 dark:border-zinc-700 dark:text-zinc-300"
          >
            #{tag}
          </span>
        ))}
        <span className="ml-auto flex flex-wrap gap-0.5">
          {prompt.is_owner ? (
            <button type="button" className={actionClass} onClick={onEdit} data-testid="prompt-edit">
              <Pencil className="size-3.5" aria-hidden /> {t('prompts.card.edit')}
            </button>
          ) : null}
          <button type="button" className={actionClass} onClick={onDuplicate} data-testid="prompt-duplicate">
            <Copy className="size-3.5" aria-hidden /> {t('prompts.card.duplicate')}
          </button>
          {prompt.is_owner ? (
            <button
              type="button"
              className={cn(actionClass, 'text-red-700 dark:text-red-400')}
              onClick={onDelete}
              data-testid="prompt-delete"
            >
              <Trash2 className="size-3.5" aria-hidden /> {t('prompts.card.delete')}
            </button>
          ) : null}
        </span>
      </div>
    </li>
  )
}
