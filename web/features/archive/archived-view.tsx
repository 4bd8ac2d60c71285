import { useInfiniteQuery } from '@tanstack/react-query'
import { ArchiveRestore, ArrowLeft, ListChecks, Loader2, MessageSquare, Trash2 } from 'lucide-react'
import { useMemo, useState } from 'react'
import { DEFAULT_CHAT_TITLE } from '../../../src/chats/auto-title'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { ChatRow } from '../chats/chat-row'
import { type Chat, chatsQuery } from '../chats/chats-query'
import { DeleteChatDialog } from '../chats/delete-chat-dialog'
import { useChatSelection } from '../chats/selection'
import { showSidebarView } from '../chats/sidebar-view'
import { useDeleteChat } from '../chats/use-chat-mutations'
import { useCurrentChatId, useSelectChat } from '../chats/use-current-chat'
import { useChangeChat } from '../chats/use-organise-chats'
import '../../i18n/areas/organise'
import '../../i18n/areas/shell'
import { lazyComponent } from '../../lib/lazy-component'

const SelectionBar = lazyComponent(() => import('../chats/selection-bar'))

const iconButton =
  'rounded-md p-1.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100'

/**
 * The archived chats (issue 28), in place of the sidebar's list: each opens as any chat, and can be
 * restored or deleted; "Select" ticks several for one Restore or Delete. Its own chunk, fetched
 * when first shown.
 */
export default function ArchivedView({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT()
  const chats = useInfiniteQuery(chatsQuery('', 'archived'))
  const rows = useMemo(() => chats.data?.pages.flatMap((page) => page.chats) ?? [], [chats.data])
  const order = useMemo(() => rows.map((chat) => chat.id), [rows])
  const currentId = useCurrentChatId()
  const selectChat = useSelectChat()
  const change = useChangeChat()
  const deleteChat = useDeleteChat()
  const [deleting, setDeleting] = useState<Chat | null>(null)
  const [selecting, setSelecting] = useState(false)
  const selection = useChatSelection(order)
  const open = (id: string) => {
    void selectChat(id)
    onNavigate?.()
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2" data-testid="archived-view">
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={iconButton}
          aria-label={t('organise.archived.back')}
          title={t('organise.archived.back')}
          onClick={() => showSidebarView('chats')}
          data-testid="archived-back"
        >
          <ArrowLeft className="size-4" aria-hidden />
        </button>
        <h2 className="flex-1 truncate text-sm font-semibold">{t('organise.archived.title')}</h2>
        {rows.length > 0 ? (
          <button
            type="button"
            aria-pressed={selecting}
            className={cn(
              iconButton,
              selecting && 'bg-zinc-200 text-zinc-900 dark:bg-zinc-700 dark:text-zinc-100',
            )}
            aria-label={t('organise.list.selectHelp')}
            title={t('organise.list.selectHelp')}
            onClick={() => {
              setSelecting((now) => !now)
              selection.clear()
            }}
          >
            <ListChecks className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {chats.isPending ? (
          <p
            className="flex items-center gap-2 px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400"
            role="status"
          >
            <Loader2 className="size-4 animate-spin" aria-hidden /> {t('common.loading')}
          </p>
        ) : rows.length === 0 ? (
          <p className="px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400">{t('organise.archived.empty')}</p>
        ) : (
          <ul>
            {rows.map((chat) => (
              <li key={chat.id}>
                {selecting ? (
                  <ChatRow
                    chat={chat}
                    current={false}
                    onSelect={open}
                    onRename={() => {}}
                    onDelete={setDeleting}
                    onChange={change}
                    selecting
                    selected={selection.selected.has(chat.id)}
                    onToggle={selection.toggle}
                  />
                ) : (
                  <ArchivedRow
                    chat={chat}
                    current={chat.id === currentId}
                    onOpen={open}
                    onRestore={() => change(chat.id, { archived: false })}
                    onDelete={() => setDeleting(chat)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
        {chats.hasNextPage ? (
          <button
            type="button"
            className="px-2.5 py-2 text-xs font-medium text-brand-ink hover:underline"
            onClick={() => void chats.fetchNextPage()}
          >
            {t('organise.archived.loadMore')}
          </button>
        ) : null}
      </div>
      {selecting ? (
        <SelectionBar
          ids={[...selection.selected]}
          archived
          onDone={() => {
            selection.clear()
            setSelecting(false)
          }}
        />
      ) : null}
      <DeleteChatDialog
        title={deleting?.title ?? ''}
        open={deleting !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeleting(null)
        }}
        onConfirm={() => {
          if (deleting) deleteChat.mutate(deleting.id)
          setDeleting(null)
        }}
      />
    </div>
  )
}

function ArchivedRow({
  chat,
  current,
  onOpen,
  onRestore,
  onDelete,
}: {
  chat: Chat
  current: boolean
  onOpen: (id: string) => void
  onRestore: () => void
  onDelete: () => void
}) {
  const t = useT()
  const title = chat.title === DEFAULT_CHAT_TITLE ? t('shell.chats.new') : chat.title
  return (
    <div
      data-testid="archived-row"
      data-chat-id={chat.id}
      className={cn(
        'group flex h-10 items-center rounded-lg text-sm',
        current
          ? 'bg-white font-medium shadow-xs dark:bg-zinc-800'
          : 'hover:bg-zinc-200/70 dark:hover:bg-zinc-800/70',
      )}
    >
      <button
        type="button"
        onClick={() => onOpen(chat.id)}
        aria-current={current ? 'page' : undefined}
        title={title}
        className="flex h-full min-w-0 flex-1 items-center gap-2 rounded-lg px-2.5 text-left focus-visible:outline-2 focus-visible:outline-brand"
      >
        <MessageSquare className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" aria-hidden />
        <span className="min-w-0 flex-1 truncate">{title}</span>
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={t('organise.archived.restore', { title })}
        title={t('organise.archived.restore', { title })}
        onClick={onRestore}
        data-testid="archived-restore"
      >
        <ArchiveRestore className="size-3.5" aria-hidden />
      </button>
      <button
        type="button"
        className={cn(iconButton, 'mr-1')}
        aria-label={t('organise.archived.delete', { title })}
        title={t('organise.archived.delete', { title })}
        onClick={onDelete}
      >
        <Trash2 className="size-3.5" aria-hidden />
      </button>
    </div>
  )
}
