import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Command, Loader2, Plus, RefreshCw, Search } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { useT } from '../../i18n/i18n'
import { Button } from '../../ui/button'
import { openPalette } from '../palette/palette-ui'
import { ChatRow } from './chat-row'
import { type Chat, chatsQuery } from './chats-query'
import { DeleteChatDialog } from './delete-chat-dialog'
import { useCreateChat, useDeleteChat, useRenameChat } from './use-chat-mutations'
import { useCurrentChatId, useSelectChat } from './use-current-chat'
import '../../i18n/areas/shell'
import '../../i18n/areas/search'

const ROW_HEIGHT = 40

// Fetched when something is first typed in the search box: the first visit does not carry it.
const MessageResults = lazy(() =>
  import('../search/message-results').then((module) => ({ default: module.MessageResults })),
)

/**
 * The sidebar's chats: New Chat, search (titles, then every message: decision 161), refresh, the
 * command palette's button, and the list newest first. Pages arrive by
 * keyset cursor as the list scrolls, and only the rows in view are rendered, so ten thousand
 * chats cost the same as fifty.
 */
export function ChatList({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [search, setSearch] = useState('')
  const [q, setQ] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250)
    return () => clearTimeout(timer)
  }, [search])

  const chats = useInfiniteQuery(chatsQuery(q))
  const rows = useMemo(() => chats.data?.pages.flatMap((page) => page.chats) ?? [], [chats.data])
  const currentId = useCurrentChatId()
  const selectChat = useSelectChat()
  const createChat = useCreateChat()
  const renameChat = useRenameChat()
  const deleteChat = useDeleteChat()
  const [deleting, setDeleting] = useState<Chat | null>(null)

  useEffect(() => {
    if (chats.isError) toast.error(t('shell.chats.loadFailed'), { id: 'chats-load' })
  }, [chats.isError, t])

  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? -1
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = chats
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - 10) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, rows.length])

  const onSelect = useCallback(
    (id: string) => {
      void selectChat(id)
      onNavigate?.()
    },
    [selectChat, onNavigate],
  )
  const onRename = useCallback(
    (id: string, title: string) => renameChat.mutate({ id, title }),
    [renameChat.mutate],
  )

  return (
    <div className="flex h-full min-h-0 flex-col gap-2">
      <div className="flex items-center gap-1.5">
        <Button
          className="flex-1"
          size="sm"
          busy={createChat.isPending}
          onClick={() => createChat.mutate(undefined, { onSuccess: () => onNavigate?.() })}
          data-testid="new-chat"
        >
          <Plus className="size-4" aria-hidden /> {t('shell.chats.new')}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('shell.chats.refresh')}
          onClick={() => void queryClient.invalidateQueries({ queryKey: ['chats'] })}
        >
          <RefreshCw className={`size-4 ${chats.isRefetching ? 'animate-spin' : ''}`} aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('search.palette.open')}
          title={t('search.palette.open')}
          onClick={openPalette}
          data-testid="open-palette"
        >
          <Command className="size-4" aria-hidden />
        </Button>
      </div>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-500"
          aria-hidden
        />
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('shell.chats.search')}
          aria-label={t('shell.chats.search')}
          className="h-9 w-full rounded-lg border border-zinc-300 bg-white pr-2 pl-8 text-sm placeholder:text-zinc-500 focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
        />
      </div>
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="chat-list">
        {q ? (
          <h2 className="px-2 pt-1 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
            {t('search.sidebar.chats')}
          </h2>
        ) : null}
        {chats.isPending ? (
          <p
            className="flex items-center gap-2 px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400"
            role="status"
          >
            <Loader2 className="size-4 animate-spin" aria-hidden /> {t('common.loading')}
          </p>
        ) : rows.length === 0 ? (
          <p className="px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400">
            {q ? t('shell.chats.noMatches') : t('shell.chats.empty')}
          </p>
        ) : (
          <ul className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const chat = rows[item.index]!
              return (
                <li
                  key={chat.id}
                  className="absolute top-0 left-0 w-full"
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                >
                  <ChatRow
                    chat={chat}
                    current={chat.id === currentId}
                    onSelect={onSelect}
                    onRename={onRename}
                    onDelete={setDeleting}
                  />
                </li>
              )
            })}
          </ul>
        )}
        {isFetchingNextPage ? (
          <p className="px-2 py-2 text-xs text-zinc-600 dark:text-zinc-400" role="status">
            {t('shell.chats.loadingMore')}
          </p>
        ) : null}
        {/* Below the title matches, every message that matches (decision 161). */}
        {q ? (
          <Suspense fallback={null}>
            <MessageResults q={q} onNavigate={onNavigate} />
          </Suspense>
        ) : null}
      </div>
      <DeleteChatDialog
        title={deleting?.title ?? ''}
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null)
        }}
        onConfirm={() => {
          if (deleting) deleteChat.mutate(deleting.id)
          setDeleting(null)
        }}
      />
    </div>
  )
}
