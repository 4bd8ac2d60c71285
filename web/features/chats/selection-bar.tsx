import { useQuery } from '@tanstack/react-query'
import { Archive, ArchiveRestore, Folder, FolderMinus, FolderPlus, Trash2, X } from 'lucide-react'
import { useLayoutEffect, useRef, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import * as DropdownMenu from '../../ui/dropdown-menu'
import { menuContentClass, menuItemClass } from '../../ui/menu'
import { projectsQuery } from '../projects/projects-query'
import { openProjectDialog } from '../projects/projects-ui'
import { type BulkAction, useBulkChats } from './use-organise-chats'
import '../../i18n/areas/organise'

const barButton =
  'inline-flex items-center justify-center rounded-md text-zinc-800 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50 dark:text-zinc-100 dark:hover:bg-zinc-700'
// Icon over a short label, in equal columns: fits the 240 px sidebar in every language.
const actionButton = `${barButton} h-12 min-w-0 flex-col gap-1 px-0.5 text-[11px] leading-tight font-medium`

/**
 * The actions on the ticked chats (issue 28), at the foot of the sidebar: Archive (Restore in the
 * archived view), Move to a project, Delete after one confirmation. A chunk of its own, fetched the
 * first time "Select" is pressed.
 */
export default function SelectionBar({
  ids,
  archived,
  onDone,
}: {
  ids: string[]
  archived: boolean
  onDone: () => void
}) {
  const t = useT()
  const bulk = useBulkChats()
  const [confirming, setConfirming] = useState(false)
  const projects = useQuery(projectsQuery).data ?? []
  const none = ids.length === 0

  async function act(action: BulkAction, projectId?: string | null) {
    const result = await bulk.run(ids, action, projectId)
    if (result) onDone()
  }

  const bar = useRef<HTMLElement>(null)
  useLayoutEffect(() => liftToastsAbove(bar.current), [])

  return (
    <section
      ref={bar}
      aria-label={t('organise.selection.label')}
      data-testid="selection-bar"
      className="flex flex-col gap-1 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-lg dark:border-zinc-700 dark:bg-zinc-800"
    >
      <div className="flex items-center justify-between px-1">
        <p className="text-xs font-semibold text-zinc-700 dark:text-zinc-200" aria-live="polite">
          {t('organise.selection.count', { count: ids.length })}
        </p>
        <button
          type="button"
          className={cn(barButton, 'size-7')}
          aria-label={t('organise.selection.clear')}
          title={t('organise.selection.clear')}
          onClick={onDone}
          data-testid="selection-clear"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      </div>
      <div className={cn('grid', archived ? 'grid-cols-2' : 'grid-cols-3')}>
        {archived ? (
          <button
            type="button"
            className={actionButton}
            disabled={none || bulk.isPending}
            onClick={() => void act('unarchive')}
            data-testid="selection-restore"
          >
            <ArchiveRestore className="size-4" aria-hidden />
            <span className="max-w-full truncate">{t('organise.selection.restore')}</span>
          </button>
        ) : (
          <>
            <button
              type="button"
              className={actionButton}
              disabled={none || bulk.isPending}
              onClick={() => void act('archive')}
              data-testid="selection-archive"
            >
              <Archive className="size-4" aria-hidden />
              <span className="max-w-full truncate">{t('organise.selection.archive')}</span>
            </button>
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger
                className={actionButton}
                disabled={none || bulk.isPending}
                data-testid="selection-move"
              >
                <Folder className="size-4" aria-hidden />
                <span className="max-w-full truncate">{t('organise.selection.move')}</span>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content side="top" align="start" className={`${menuContentClass} max-w-64`}>
                  {projects.map((project) => (
                    <DropdownMenu.Item
                      key={project.id}
                      className={menuItemClass}
                      onSelect={() => void act('move', project.id)}
                    >
                      <Folder className="size-4 shrink-0" aria-hidden />
                      <span className="truncate">{project.name}</span>
                    </DropdownMenu.Item>
                  ))}
                  <DropdownMenu.Item className={menuItemClass} onSelect={() => void act('move', null)}>
                    <FolderMinus className="size-4" aria-hidden /> {t('organise.selection.noProject')}
                  </DropdownMenu.Item>
                  <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
                  <DropdownMenu.Item
                    className={menuItemClass}
                    onSelect={() => {
                      openProjectDialog({ kind: 'create', moveChatIds: ids })
                      onDone()
                    }}
                  >
                    <FolderPlus className="size-4" aria-hidden /> {t('organise.chatMenu.newProject')}
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          </>
        )}
        <button
          type="button"
          className={cn(actionButton, 'text-red-700 dark:text-red-400')}
          disabled={none || bulk.isPending}
          onClick={() => setConfirming(true)}
          data-testid="selection-delete"
        >
          <Trash2 className="size-4" aria-hidden />
          <span className="max-w-full truncate">{t('organise.selection.delete')}</span>
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        testId="bulk-delete-dialog"
        title={t('organise.bulk.confirmTitle', { count: ids.length })}
        description={t('organise.bulk.confirmDescription')}
        confirmLabel={t('organise.selection.delete')}
        onConfirm={() => void act('delete')}
      />
    </section>
  )
}

/**
 * Toasts sit above the sidebar's foot (web/routes/__root.tsx), where this bar stands while chats are
 * ticked, and it is taller than the foot: they would cover its buttons, and a toast under the
 * pointer waits for it to leave. While the bar is shown, `--toast-above` lifts them over it.
 */
function liftToastsAbove(element: HTMLElement | null) {
  if (!element) return
  const root = document.documentElement
  const lift = () => {
    const distance = window.innerHeight - element.getBoundingClientRect().top
    root.style.setProperty('--toast-above', `${Math.ceil(distance) + 8}px`)
  }
  lift()
  const observer = new ResizeObserver(lift)
  observer.observe(element)
  window.addEventListener('resize', lift)
  return () => {
    observer.disconnect()
    window.removeEventListener('resize', lift)
    root.style.removeProperty('--toast-above')
  }
}
