import { useQuery } from '@tanstack/react-query'
import {
  Archive,
  Check,
  ChevronRight,
  Folder,
  FolderMinus,
  FolderPlus,
  MoreHorizontal,
  Pencil,
  Pin,
  PinOff,
  Trash2,
} from 'lucide-react'
import { useRef } from 'react'
import { useT } from '../../i18n/i18n'
import { lazyComponent } from '../../lib/lazy-component'
import { useMediaQuery } from '../../lib/use-media-query'
import * as DropdownMenu from '../../ui/dropdown-menu'
import { menuContentClass, menuItemClass, menuLabelClass } from '../../ui/menu'
import { projectsQuery } from '../projects/projects-query'
import { openProjectDialog } from '../projects/projects-ui'
import type { Chat } from './chats-query'
import type { ChatChange } from './use-organise-chats'
import '../../i18n/areas/organise'

const separator = 'my-1 h-px bg-zinc-200 dark:bg-zinc-800'

// "Share…" and the exports, with their texts: fetched with the menus' own code (issue 35), which
// every chat page would otherwise carry before anyone opens a chat's menu.
const ShareMenuItems = lazyComponent(() =>
  import('../share/share-menu-items').then((module) => ({ default: module.ShareMenuItems })),
)
DropdownMenu.loadWithMenus(ShareMenuItems.preload)

/** A chat's "…" menu (issue 28): pin, move to a project, archive, rename, delete. */
export function ChatRowMenu({
  chat,
  title,
  triggerClass,
  onChange,
  onRename,
  onDelete,
}: {
  chat: Chat
  title: string
  triggerClass: string
  onChange: (id: string, change: ChatChange) => void
  onRename: () => void
  onDelete: () => void
}) {
  const t = useT()
  // Rename puts a text box where the row was: focus stays there rather than going back to "…".
  const renaming = useRef(false)
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={triggerClass}
        aria-label={t('organise.chatMenu.open', { title })}
        data-testid="chat-row-menu"
      >
        <MoreHorizontal className="size-3.5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          // On a phone the projects are listed in the menu itself: it scrolls when they are many.
          className={`${menuContentClass} max-h-(--radix-dropdown-menu-content-available-height) overflow-y-auto`}
          onCloseAutoFocus={(event) => {
            if (renaming.current) event.preventDefault()
            renaming.current = false
          }}
        >
          <DropdownMenu.Item
            className={menuItemClass}
            onSelect={() => onChange(chat.id, { pinned: !chat.pinned })}
          >
            {chat.pinned ? <PinOff className="size-4" aria-hidden /> : <Pin className="size-4" aria-hidden />}
            {chat.pinned ? t('organise.chatMenu.unpin') : t('organise.chatMenu.pin')}
          </DropdownMenu.Item>
          <MoveToProject chat={chat} onChange={onChange} />
          <DropdownMenu.Item className={menuItemClass} onSelect={() => onChange(chat.id, { archived: true })}>
            <Archive className="size-4" aria-hidden /> {t('organise.chatMenu.archive')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={separator} />
          <ShareMenuItems chatId={chat.id} title={title} />
          <DropdownMenu.Separator className={separator} />
          <DropdownMenu.Item
            className={menuItemClass}
            onSelect={() => {
              renaming.current = true
              onRename()
            }}
          >
            <Pencil className="size-4" aria-hidden /> {t('organise.chatMenu.rename')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={`${menuItemClass} text-red-700 dark:text-red-400`}
            onSelect={onDelete}
          >
            <Trash2 className="size-4" aria-hidden /> {t('organise.chatMenu.delete')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** The chat whose project is chosen, and how a choice is applied. */
interface ProjectChoiceProps {
  chat: Chat
  onChange: (id: string, change: ChatChange) => void
}

/**
 * "Move to project": a submenu beside the menu where there is room for one. On a phone a submenu
 * would open off the screen's edge (Radix only flips it to the other side, where there is no room
 * either), so the projects are listed in the menu itself, under that heading.
 */
function MoveToProject({ chat, onChange }: ProjectChoiceProps) {
  const t = useT()
  const beside = useMediaQuery('(min-width: 640px)')
  if (!beside)
    return (
      <DropdownMenu.Group>
        <DropdownMenu.Separator className={separator} />
        <DropdownMenu.Label className={menuLabelClass}>{t('organise.chatMenu.move')}</DropdownMenu.Label>
        <ProjectChoices chat={chat} onChange={onChange} />
        <DropdownMenu.Separator className={separator} />
      </DropdownMenu.Group>
    )
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger className={menuItemClass}>
        <Folder className="size-4" aria-hidden />
        <span className="flex-1">{t('organise.chatMenu.move')}</span>
        <ChevronRight className="size-4 text-zinc-500" aria-hidden />
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent sideOffset={4} className={`${menuContentClass} max-w-64`}>
          <ProjectChoices chat={chat} onChange={onChange} />
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  )
}

/** The projects to move the chat to (its own checked), "New project…" and "Remove from project". */
function ProjectChoices({ chat, onChange }: ProjectChoiceProps) {
  const t = useT()
  const projects = useQuery(projectsQuery).data ?? []
  return (
    <>
      {projects.map((project) => (
        <DropdownMenu.Item
          key={project.id}
          className={menuItemClass}
          disabled={project.id === chat.project_id}
          onSelect={() => onChange(chat.id, { project_id: project.id })}
        >
          {project.id === chat.project_id ? (
            <Check className="size-4 shrink-0" aria-hidden />
          ) : (
            <Folder className="size-4 shrink-0" aria-hidden />
          )}
          <span className="truncate">{project.name}</span>
        </DropdownMenu.Item>
      ))}
      {projects.length > 0 ? <DropdownMenu.Separator className={separator} /> : null}
      <DropdownMenu.Item
        className={menuItemClass}
        onSelect={() => openProjectDialog({ kind: 'create', moveChatIds: [chat.id] })}
      >
        <FolderPlus className="size-4" aria-hidden /> {t('organise.chatMenu.newProject')}
      </DropdownMenu.Item>
      {chat.project_id ? (
        <DropdownMenu.Item className={menuItemClass} onSelect={() => onChange(chat.id, { project_id: null })}>
          <FolderMinus className="size-4" aria-hidden /> {t('organise.chatMenu.removeFromProject')}
        </DropdownMenu.Item>
      ) : null}
    </>
  )
}
