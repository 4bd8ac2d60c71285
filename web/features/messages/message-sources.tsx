import { Library } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { openKnowledge } from '../knowledge/knowledge-ui'
import '../../i18n/areas/chat'

export interface MessageSource {
  id: string
  title: string
}

/**
 * The knowledge entries an answer was given from, numbered as the model saw them
 * ('[Source N: title]'); each opens the entry in the Knowledge Base panel.
 */
export function MessageSources({ sources }: { sources: MessageSource[] }) {
  const t = useT()
  if (sources.length === 0) return null
  return (
    <nav
      aria-label={t('chat.sources.title')}
      data-testid="message-sources"
      className="mt-2 flex flex-wrap items-center gap-1.5 text-xs"
    >
      <span className="flex items-center gap-1 font-medium text-zinc-600 dark:text-zinc-400">
        <Library className="size-3.5" aria-hidden /> {t('chat.sources.title')}
      </span>
      <ol className="contents">
        {sources.map((source, index) => (
          <li key={source.id} className="contents">
            <button
              type="button"
              onClick={() => openKnowledge(source.id)}
              aria-label={t('chat.sources.open', { number: index + 1, title: source.title })}
              data-testid="message-source"
              className="inline-flex max-w-60 items-center gap-1 rounded-full border border-zinc-300 px-2 py-0.5 text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
            >
              <span className="font-semibold">{index + 1}</span>
              <span className="truncate">{source.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  )
}
