import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import {
  ChevronRight,
  Folder,
  FolderOpen,
  MoreHorizontal,
  Pencil,
  Plus,
  SquarePen,
  Trash2,
} from 'lucide-react'
import { memo, useCallback, useEffect, useMemo, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import * as DropdownMenu from '../../ui/dropdown-menu'
import { menuContentClass, menuItemClass } from '../../ui/menu'
import { useChatDrop } from '../chats/chat-drag'
import { ChatRow } from '../chats/chat-row'
import { type Chat, chatsQuery } from '../chats/chats-query'
import type { ChatChange } from '../chats/use-organise-chats'
import { type Project, projectsQuery } from './projects-query'
import { openProjectDialog } from './projects-ui'
import '../../i18n/areas/organise'

/** What every chat row in the sidebar is given, projects' rows as the main list's. */
export interface RowActions {
  currentId: string | undefined
  onSelect: (id: string) => void
  onRename: (id: string, title: string) => void
  onDelete: (chat: Chat) => void
  onChange: (id: string, change: ChatChange) => void
  selecting: boolean
  selected: ReadonlySet<string>
  onToggle: (id: string, range: boolean) => void
  /** The chats a drag of this row carries (the ticked ones when it is ticked). */
  dragIds: (id: string) => string[]
  /** Chats dropped on a project (null: on "Chats", out of their project). */
  onDropChats: (ids: string[], projectId: string | null) => void
}

const OPEN_KEY = 'projects_open'
const iconButton =
  'rounded-md p-1.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100'
export const sectionLabel =
  'px-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400'

function readOpen(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(OPEN_KEY) ?? '[]') as string[])
  } catch {
    return new Set()
  }
}

/**
 * The sidebar's projects (issue 28), above the chats: each opens to list its chats (read when
 * first opened), takes chats dragged onto it, and has "New chat in …" and a menu (rename and
 * instructions, delete). Which projects are open is kept across reloads; the project of the chat
 * shown opens by itself.
 */
export function ProjectSection({
  rows,
  currentProjectId,
  onNewChat,
  onShown,
}: {
  rows: RowActions
  currentProjectId: string | null
  onNewChat: (projectId: string) => void
  onShown: (projectId: string, chatIds: string[]) => void
}) {
  const t = useT()
  const projects = useQuery(projectsQuery)
  const [open, setOpen] = useState(readOpen)
  // When the chat shown changes to one in a project; closing that project afterwards is allowed.
  useEffect(() => {
    if (currentProjectId)
      setOpen((now) => (now.has(currentProjectId) ? now : new Set(now).add(currentProjectId)))
  }, [currentProjectId])
  const toggle = useCallback((projectId: string) => {
    setOpen((now) => {
      const next = new Set(now)
      if (!next.delete(projectId)) next.add(projectId)
      localStorage.setItem(OPEN_KEY, JSON.stringify([...next]))
      return next
    })
  }, [])
  const list = projects.data ?? []

  return (
    <section aria-labelledby="projects-heading" className="pb-2" data-testid="projects">
      <div className="flex h-8 items-center justify-between">
        <h2 id="projects-heading" className={sectionLabel}>
          {t('organise.projects.section')}
        </h2>
        <button
          type="button"
          className={iconButton}
          aria-label={t('organise.projects.new')}
          title={t('organise.projects.new')}
          onClick={() => openProjectDialog({ kind: 'create' })}
          data-testid="new-project"
        >
          <Plus className="size-3.5" aria-hidden />
        </button>
      </div>
      {list.length > 0 ? (
        <ul>
          {list.map((project) => (
            <ProjectItem
              key={project.id}
              project={project}
              open={open.has(project.id)}
              onToggle={toggle}
              rows={rows}
              onNewChat={onNewChat}
              onShown={onShown}
            />
          ))}
        </ul>
      ) : null}
    </section>
  )
}

/**
 * Memoised: the sidebar re-renders as it scrolls and as chats arrive, and fifty projects re-rendered
 * each time made its longest task (bench:chat-ui, 10,000 chats in 50 projects).
 */
const ProjectItem = memo(function ProjectItem({
  project,
  open,
  onToggle,
  rows,
  onNewChat,
  onShown,
}: {
  project: Project
  open: boolean
  onToggle: (projectId: string) => void
  rows: RowActions
  onNewChat: (projectId: string) => void
  onShown: (projectId: string, chatIds: string[]) => void
}) {
  const t = useT()
  const drop = useChatDrop((ids) => rows.onDropChats(ids, project.id))
  const Icon = open ? FolderOpen : Folder
  return (
    <li data-testid="project" data-project-id={project.id} {...drop.handlers}>
      <div
        className={cn(
          'group relative flex h-9 items-center rounded-lg text-sm',
          drop.over
            ? 'bg-brand/15 ring-2 ring-brand/60 ring-inset'
            : 'hover:bg-zinc-200/70 dark:hover:bg-zinc-800/70',
        )}
      >
        <button
          type="button"
          aria-expanded={open}
          onClick={() => onToggle(project.id)}
          title={project.name}
          className="flex h-full min-w-0 flex-1 items-center gap-1.5 rounded-lg pr-16 pl-1.5 text-left focus-visible:outline-2 focus-visible:outline-brand"
          data-testid="project-toggle"
        >
          <ChevronRight
            className={cn('size-3.5 shrink-0 text-zinc-500 transition-transform', open && 'rotate-90')}
            aria-hidden
          />
          <Icon className="size-4 shrink-0 text-zinc-600 dark:text-zinc-300" aria-hidden />
          <span className="min-w-0 flex-1 truncate font-medium">{project.name}</span>
        </button>
        <div className="absolute inset-y-0 right-1 flex items-center transition-opacity md:pointer-events-none md:opacity-0 md:group-focus-within:pointer-events-auto md:group-focus-within:opacity-100 md:group-hover:pointer-events-auto md:group-hover:opacity-100">
          <button
            type="button"
            className={iconButton}
            aria-label={t('organise.projects.newChat', { name: project.name })}
            title={t('organise.projects.newChat', { name: project.name })}
            onClick={() => onNewChat(project.id)}
            data-testid="project-new-chat"
          >
            <SquarePen className="size-3.5" aria-hidden />
          </button>
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger
              className={iconButton}
              aria-label={t('organise.projects.menu', { name: project.name })}
              data-testid="project-menu"
            >
              <MoreHorizontal className="size-3.5" aria-hidden />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="start" sideOffset={4} className={menuContentClass}>
                <DropdownMenu.Item
                  className={menuItemClass}
                  onSelect={() => openProjectDialog({ kind: 'edit', project })}
                >
                  <Pencil className="size-4" aria-hidden /> {t('organise.projects.edit')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={`${menuItemClass} text-red-700 dark:text-red-400`}
                  onSelect={() => openProjectDialog({ kind: 'delete', project })}
                >
                  <Trash2 className="size-4" aria-hidden /> {t('organise.projects.delete')}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>
      {open ? <ProjectChats projectId={project.id} rows={rows} onShown={onShown} /> : null}
    </li>
  )
})

/** One open project's chats, pinned first; a page at a time with "Show more". */
function ProjectChats({
  projectId,
  rows,
  onShown,
}: {
  projectId: string
  rows: RowActions
  onShown: (projectId: string, chatIds: string[]) => void
}) {
  const t = useT()
  const chats = useInfiniteQuery(chatsQuery('', `project:${projectId}`))
  const list = useMemo(() => chats.data?.pages.flatMap((page) => page.chats) ?? [], [chats.data])
  useEffect(() => {
    onShown(
      projectId,
      list.map((chat) => chat.id),
    )
    return () => onShown(projectId, [])
  }, [projectId, list, onShown])
  if (chats.isPending)
    return (
      <p className="py-1.5 pl-8 text-xs text-zinc-600 dark:text-zinc-400" role="status">
        {t('organise.projects.loading')}
      </p>
    )
  if (list.length === 0)
    return (
      <p className="py-1.5 pr-2 pl-8 text-xs text-zinc-600 dark:text-zinc-400">
        {t('organise.projects.empty')}
      </p>
    )
  return (
    <ul className="ml-3.5 border-l border-zinc-200 pl-1.5 dark:border-zinc-800">
      {list.map((chat) => (
        <li key={chat.id}>
          <ChatRow
            chat={chat}
            current={chat.id === rows.currentId}
            onSelect={rows.onSelect}
            onRename={rows.onRename}
            onDelete={rows.onDelete}
            onChange={rows.onChange}
            selecting={rows.selecting}
            selected={rows.selected.has(chat.id)}
            onToggle={rows.onToggle}
            dragIds={rows.dragIds}
          />
        </li>
      ))}
      {chats.hasNextPage ? (
        <li>
          <button
            type="button"
            className="px-2.5 py-1.5 text-xs font-medium text-brand-ink hover:underline"
            onClick={() => void chats.fetchNextPage()}
          >
            {t('organise.projects.more')}
          </button>
        </li>
      ) : null}
    </ul>
  )
}
