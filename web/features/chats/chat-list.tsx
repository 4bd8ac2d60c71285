import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Archive, Command, ListChecks, Loader2, Plus, RefreshCw, Search } from 'lucide-react'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { openPalette } from '../palette/palette-ui'
import { ProjectSection, type RowActions, sectionLabel } from '../projects/project-section'
import { projectsQuery } from '../projects/projects-query'
import { useProjectDialog } from '../projects/projects-ui'
import { useChatDrop } from './chat-drag'
import { ChatRow } from './chat-row'
import { type Chat, cachedChat, chatsQuery } from './chats-query'
import { useChatSelection } from './selection'
import { showSidebarView, useSidebarView } from './sidebar-view'
import { useCreateChat, useDeleteChat, useRenameChat } from './use-chat-mutations'
import { useCurrentChatId, useSelectChat } from './use-current-chat'
import { type ChatChange, useBulkChats, useChangeChat } from './use-organise-chats'
import '../../i18n/areas/shell'
import '../../i18n/areas/search'
import '../../i18n/areas/organise'
import { lazyComponent } from '../../lib/lazy-component'

const ROW_HEIGHT = 40
const LABEL_HEIGHT = 32

// Fetched when something is first typed in the search box: the first visit does not carry it.
const MessageResults = lazyComponent(() =>
  import('../search/message-results').then((module) => ({ default: module.MessageResults })),
)
// Each fetched on first use (issue 28): the signed-in page's first download stays as it was.
const ArchivedView = lazyComponent(() => import('../archive/archived-view'))
const SelectionBar = lazyComponent(() => import('./selection-bar'))
const ProjectDialogs = lazyComponent(() => import('../projects/project-dialogs'))
// Loaded with the first Delete (issue 35): the first page carries no dialog code.
const DeleteChatDialog = lazyComponent(() =>
  import('./delete-chat-dialog').then((module) => ({ default: module.DeleteChatDialog })),
)

type Entry = { kind: 'label'; label: 'pinned' | 'chats' } | { kind: 'chat'; chat: Chat }

const footerButton =
  'flex h-9 items-center rounded-lg text-sm text-zinc-700 hover:bg-zinc-200/70 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-300 dark:hover:bg-zinc-800/70'

/**
 * The sidebar's chats: New Chat, Select, refresh, the command palette's button, search (titles,
 * then every message: decision 161), the projects (issue 28), then the chats in no project, pinned
 * first, newest first. Pages arrive by keyset cursor as the list scrolls, and only the rows in
 * view are rendered, so ten thousand chats cost the same as fifty. At the foot: the archived
 * chats, or the actions on the selected ones.
 */
export function ChatList({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const view = useSidebarView()
  const [search, setSearch] = useState('')
  const [q, setQ] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250)
    return () => clearTimeout(timer)
  }, [search])

  // Searching lists every chat whose title matches, in a project or not.
  const chats = useInfiniteQuery(chatsQuery(q, q ? 'all' : 'none'))
  const rows = useMemo(() => chats.data?.pages.flatMap((page) => page.chats) ?? [], [chats.data])
  const projects = useQuery(projectsQuery)
  const currentId = useCurrentChatId()
  const selectChat = useSelectChat()
  const createChat = useCreateChat()
  const renameChat = useRenameChat()
  const deleteChat = useDeleteChat()
  const change = useChangeChat()
  const [deleting, setDeleting] = useState<Chat | null>(null)
  // Kept mounted after the first Delete, so that the dialog animates out when it closes.
  const [deleteWanted, setDeleteWanted] = useState(false)
  if (deleting && !deleteWanted) setDeleteWanted(true)
  const [selecting, setSelecting] = useState(false)
  const [projectRows, setProjectRows] = useState<Record<string, string[]>>({})
  const [dialogsWanted, setDialogsWanted] = useState(false)

  useEffect(() => {
    if (chats.isError) toast.error(t('shell.chats.loadFailed'), { id: 'chats-load' })
  }, [chats.isError, t])

  const entries = useMemo((): Entry[] => {
    const chatsOf = (list: Chat[]) => list.map((chat): Entry => ({ kind: 'chat', chat }))
    if (q) return chatsOf(rows)
    const pinned = rows.filter((chat) => chat.pinned)
    const rest = rows.filter((chat) => !chat.pinned)
    return [
      ...(pinned.length ? [{ kind: 'label', label: 'pinned' } as const, ...chatsOf(pinned)] : []),
      { kind: 'label', label: 'chats' },
      ...chatsOf(rest),
    ]
  }, [rows, q])

  // The order a shift-click ranges over: the open projects' chats, then the list's.
  const order = useMemo(() => {
    const inProjects = q ? [] : (projects.data ?? []).flatMap((project) => projectRows[project.id] ?? [])
    return [...inProjects, ...rows.map((chat) => chat.id)]
  }, [q, projects.data, projectRows, rows])
  const selection = useChatSelection(order)
  const onShown = useCallback((projectId: string, ids: string[]) => {
    setProjectRows((now) => ({ ...now, [projectId]: ids }))
  }, [])

  const scrollRef = useRef<HTMLDivElement>(null)
  const listRef = useRef<HTMLDivElement>(null)
  // The projects sit above the virtual list in the same scroll box: its rows start below them.
  const [listTop, setListTop] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the boxes to watch change with these
  useLayoutEffect(() => {
    const list = listRef.current
    const scroller = scrollRef.current
    if (!list || !scroller) return
    const measure = () => setListTop(list.offsetTop)
    measure()
    const observer = new ResizeObserver(measure)
    for (const child of scroller.children) observer.observe(child)
    return () => observer.disconnect()
  }, [view, q, chats.isPending])
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (entries[index]?.kind === 'label' ? LABEL_HEIGHT : ROW_HEIGHT),
    overscan: 8,
    scrollMargin: listTop,
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? -1
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = chats
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= entries.length - 10) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, entries.length])

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
  const onChange = useCallback(
    (id: string, next: ChatChange) => {
      // A drop where the chat already is changes nothing.
      if (next.project_id !== undefined && cachedChat(queryClient, id)?.project_id === next.project_id) return
      change(id, next)
    },
    [change, queryClient],
  )
  const stopSelecting = useCallback(() => {
    setSelecting(false)
    selection.clear()
  }, [selection.clear])
  // A ticked row dragged carries every ticked chat, in the list's order (read through a ref, so
  // the memoised rows keep one function).
  const ticked = useRef({ selecting, selected: selection.selected, order })
  ticked.current = { selecting, selected: selection.selected, order }
  const dragIds = useCallback((id: string) => {
    const { selecting, selected, order } = ticked.current
    return selecting && selected.has(id) ? order.filter((each) => selected.has(each)) : [id]
  }, [])
  const bulk = useBulkChats()
  const moveMany = useRef(bulk.run)
  moveMany.current = bulk.run
  // One chat moves as its menu moves it; several as the selection bar's Move does (one request,
  // one toast with Undo), and the selecting ends as it does there.
  const onDropChats = useCallback(
    (ids: string[], projectId: string | null) => {
      if (ids.length === 1) return onChange(ids[0]!, { project_id: projectId })
      void moveMany.current(ids, 'move', projectId).then((result) => {
        if (result) stopSelecting()
      })
    },
    [onChange, stopSelecting],
  )
  // The same object while nothing in it changes: the projects' rows are memoised on it.
  const rowActions = useMemo<RowActions>(
    () => ({
      currentId,
      onSelect,
      onRename,
      onDelete: setDeleting,
      onChange,
      selecting,
      selected: selection.selected,
      onToggle: selection.toggle,
      dragIds,
      onDropChats,
    }),
    [
      currentId,
      onSelect,
      onRename,
      onChange,
      selecting,
      selection.selected,
      selection.toggle,
      dragIds,
      onDropChats,
    ],
  )
  const onNewChatIn = useCallback(
    (projectId: string) => createChat.mutate({ projectId }, { onSuccess: () => onNavigate?.() }),
    [createChat.mutate, onNavigate],
  )
  const dropOut = useChatDrop((ids) => onDropChats(ids, null))
  const currentProjectId = currentId ? (cachedChat(queryClient, currentId)?.project_id ?? null) : null

  // The project dialogs' chunk is fetched the first time one opens (its store lives in the first
  // chunk), then stays mounted so closing animates and reopening is instant.
  const projectDialog = useProjectDialog()
  useEffect(() => {
    if (projectDialog) setDialogsWanted(true)
  }, [projectDialog])

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the list ends selecting, as in a menu
    <div
      className="flex h-full min-h-0 flex-col gap-2"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && selecting) stopSelecting()
      }}
    >
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
          onClick={() => {
            void queryClient.invalidateQueries({ queryKey: ['chats'] })
            void queryClient.invalidateQueries({ queryKey: projectsQuery.queryKey })
          }}
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
      {view === 'archived' ? (
        <ArchivedView onNavigate={onNavigate} />
      ) : (
        <>
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
            ) : (
              <ProjectSection
                rows={rowActions}
                currentProjectId={currentProjectId}
                onShown={onShown}
                onNewChat={onNewChatIn}
              />
            )}
            <div
              ref={listRef}
              {...dropOut.handlers}
              className={cn('rounded-lg', dropOut.over && 'bg-brand/10 ring-2 ring-brand/60 ring-inset')}
              data-testid="chats-drop"
            >
              {chats.isPending ? (
                <p
                  className="flex items-center gap-2 px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400"
                  role="status"
                >
                  <Loader2 className="size-4 animate-spin" aria-hidden /> {t('common.loading')}
                </p>
              ) : rows.length === 0 ? (
                <>
                  {q ? null : (
                    <h2 className={cn(sectionLabel, 'flex h-8 items-center')}>{t('organise.list.chats')}</h2>
                  )}
                  <p className="px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400">
                    {q ? t('shell.chats.noMatches') : t('shell.chats.empty')}
                  </p>
                </>
              ) : (
                <ul className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
                  {items.map((item) => {
                    const entry = entries[item.index]!
                    const top = item.start - listTop
                    if (entry.kind === 'label')
                      return (
                        <li
                          key={`label-${entry.label}`}
                          className="absolute top-0 left-0 flex w-full items-end pb-1"
                          style={{ height: LABEL_HEIGHT, transform: `translateY(${top}px)` }}
                        >
                          <h2 className={sectionLabel} data-testid={`list-label-${entry.label}`}>
                            {entry.label === 'pinned' ? t('organise.list.pinned') : t('organise.list.chats')}
                          </h2>
                        </li>
                      )
                    const chat = entry.chat
                    return (
                      <li
                        key={chat.id}
                        className="absolute top-0 left-0 w-full"
                        style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
                      >
                        <ChatRow
                          chat={chat}
                          current={chat.id === currentId}
                          onSelect={onSelect}
                          onRename={onRename}
                          onDelete={setDeleting}
                          onChange={onChange}
                          selecting={selecting}
                          selected={selection.selected.has(chat.id)}
                          onToggle={selection.toggle}
                          dragIds={dragIds}
                        />
                      </li>
                    )
                  })}
                </ul>
              )}
            </div>
            {isFetchingNextPage ? (
              <p className="px-2 py-2 text-xs text-zinc-600 dark:text-zinc-400" role="status">
                {t('shell.chats.loadingMore')}
              </p>
            ) : null}
            {/* Below the title matches, every message that matches (decision 161). */}
            {q ? <MessageResults q={q} onNavigate={onNavigate} /> : null}
          </div>
          {selecting ? (
            <SelectionBar
              ids={order.filter((id) => selection.selected.has(id))}
              archived={false}
              onDone={stopSelecting}
            />
          ) : (
            <div className="flex items-center gap-1">
              <button
                type="button"
                onClick={() => showSidebarView('archived')}
                className={cn(footerButton, 'min-w-0 flex-1 gap-2 px-2.5')}
                data-testid="open-archived"
              >
                <Archive className="size-4 shrink-0" aria-hidden />
                <span className="truncate">{t('organise.list.archived')}</span>
              </button>
              <button
                type="button"
                onClick={() => setSelecting(true)}
                className={cn(footerButton, 'w-9 justify-center')}
                aria-label={t('organise.list.selectHelp')}
                title={t('organise.list.selectHelp')}
                data-testid="select-chats"
              >
                <ListChecks className="size-4" aria-hidden />
              </button>
            </div>
          )}
        </>
      )}
      {deleteWanted ? (
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
      ) : null}
      {dialogsWanted || projectDialog ? <ProjectDialogs /> : null}
    </div>
  )
}
