import { useInfiniteQuery } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useMemo } from 'react'
import { useT } from '../../i18n/i18n'
import { useSelectChat } from '../chats/use-current-chat'
import { ArchivedBadge } from './archived-badge'
import { HighlightedSnippet } from './highlighted-snippet'
import { isMessageHit, searchQuery } from './search-query'
import { useOpenResult } from './use-open-result'
import '../../i18n/areas/search'

const resultButton =
  'w-full rounded-lg px-2 py-1.5 text-left hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-zinc-800'
const headingClass =
  'px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400'

/**
 * The sidebar's results under its title matches (which list only chats that are not archived):
 * archived chats whose title matches, then each matching message's chat and a snippet with the
 * matched words marked; choosing a message opens the chat at it (decision 161). Results in an
 * archived chat say so.
 */
export function MessageResults({ q, onNavigate }: { q: string; onNavigate?: () => void }) {
  const t = useT()
  const search = useInfiniteQuery(searchQuery(q))
  const { hits, archivedChats } = useMemo(() => {
    const items = search.data?.pages.flatMap((page) => page.items) ?? []
    return {
      hits: items.filter(isMessageHit),
      archivedChats: items
        .filter((item) => !isMessageHit(item) && item.chat.archived)
        .map((item) => item.chat),
    }
  }, [search.data])
  const open = useOpenResult()
  const selectChat = useSelectChat()
  return (
    <>
      {archivedChats.length > 0 ? (
        <section aria-labelledby="archived-results-heading" className="mt-2" data-testid="archived-results">
          <h2 id="archived-results-heading" className={headingClass}>
            {t('search.sidebar.archivedChats')}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {archivedChats.map((chat) => (
              <li key={chat.id}>
                <button
                  type="button"
                  onClick={() => {
                    void selectChat(chat.id)
                    onNavigate?.()
                  }}
                  className={`${resultButton} flex items-center gap-2`}
                  data-testid="archived-result"
                >
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{chat.title}</span>
                  <ArchivedBadge />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="message-results-heading" className="mt-2" data-testid="message-results">
        <h2 id="message-results-heading" className={headingClass}>
          {t('search.sidebar.messages')}
        </h2>
        {search.isPending ? (
          <p
            className="flex items-center gap-2 px-2 py-2 text-sm text-zinc-600 dark:text-zinc-400"
            role="status"
          >
            <Loader2 className="size-4 animate-spin" aria-hidden /> {t('search.sidebar.searching')}
          </p>
        ) : search.isError ? (
          <p className="px-2 py-2 text-sm text-red-700 dark:text-red-400" role="alert">
            {t('search.sidebar.failed')}
          </p>
        ) : hits.length === 0 ? (
          <p className="px-2 py-2 text-sm text-zinc-600 dark:text-zinc-400" role="status">
            {t('search.sidebar.noMessages')}
          </p>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {hits.map((hit) => (
              <li key={hit.message.id}>
                <button
                  type="button"
                  onClick={() => {
                    void open(hit)
                    onNavigate?.()
                  }}
                  className={resultButton}
                  data-testid="message-result"
                >
                  <span className="flex items-center gap-2">
                    <span className="min-w-0 flex-1 truncate text-sm font-medium">{hit.chat.title}</span>
                    {hit.chat.archived ? <ArchivedBadge /> : null}
                  </span>
                  <span className="line-clamp-2 text-xs text-zinc-700 dark:text-zinc-300">
                    <HighlightedSnippet text={hit.message.snippet} highlights={hit.message.highlights} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {search.hasNextPage ? (
          <button
            type="button"
            onClick={() => void search.fetchNextPage({ cancelRefetch: false })}
            disabled={search.isFetchingNextPage}
            className="mt-1 w-full rounded-lg px-2 py-1.5 text-left text-sm font-medium text-zinc-700 underline hover:bg-zinc-200 dark:text-zinc-300 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-zinc-800"
          >
            {t('search.sidebar.more')}
          </button>
        ) : null}
      </section>
    </>
  )
}
