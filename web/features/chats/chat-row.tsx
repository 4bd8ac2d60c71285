import { Check, MessageSquare, Pencil, Pin, Trash2 } from 'lucide-react'
import { type DragEvent, memo, useState } from 'react'
import { DEFAULT_CHAT_TITLE } from '../../../src/chats/auto-title'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { startChatDrag } from './chat-drag'
import { ChatRowMenu } from './chat-row-menu'
import type { Chat } from './chats-query'
import type { ChatChange } from './use-organise-chats'
import '../../i18n/areas/shell'
import '../../i18n/areas/organise'

const iconButton =
  'rounded-md p-1.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100'

/**
 * The title's end fades out under the menu, Rename and Delete while they show: always on a phone (no
 * hover; there the menu alone, which holds Rename and Delete too), on hover or focus from 768 px.
 * Otherwise the title has the row's whole width (issue 26: room kept for the icons cut titles at
 * ~17 characters).
 */
// Written out whole: Tailwind finds classes by reading the source.
const titleFade =
  '[mask-image:linear-gradient(to_left,transparent_2.25rem,black_3.75rem)] md:[mask-image:none] md:group-hover:[mask-image:linear-gradient(to_left,transparent_4.5rem,black_6.5rem)] md:group-focus-within:[mask-image:linear-gradient(to_left,transparent_4.5rem,black_6.5rem)]'

/**
 * One chat in the sidebar: open on click, rename inline (Enter saves, Escape cancels), delete, and
 * the "…" menu (pin, move to a project, archive: issue 28). Dragged onto a project it moves there,
 * with every other ticked chat when it is ticked.
 * While chats are being selected, a click (shift-click: a range) ticks it instead of opening it.
 */
export const ChatRow = memo(function ChatRow({
  chat,
  current,
  onSelect,
  onRename,
  onDelete,
  onChange,
  selecting = false,
  selected = false,
  onToggle,
  dragIds,
}: {
  chat: Chat
  current: boolean
  onSelect: (id: string) => void
  onRename: (id: string, title: string) => void
  onDelete: (chat: Chat) => void
  onChange: (id: string, change: ChatChange) => void
  selecting?: boolean
  selected?: boolean
  onToggle?: (id: string, range: boolean) => void
  /** The chats a drag of this row carries: every ticked one when it is ticked, else itself. */
  dragIds?: (id: string) => string[]
}) {
  const t = useT()
  // The server names a chat 'New Chat' until its first message titles it: shown in the user's language.
  const title = chat.title === DEFAULT_CHAT_TITLE ? t('shell.chats.new') : chat.title
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(title)

  function save() {
    setEditing(false)
    const next = draft.trim()
    if (next && next !== title) onRename(chat.id, next)
  }

  if (editing) {
    return (
      <div className="flex h-10 items-center px-1">
        <input
          // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this chat
          autoFocus
          aria-label={t('shell.chatRow.titleField')}
          value={draft}
          maxLength={200}
          onChange={(event) => setDraft(event.target.value)}
          onFocus={(event) => event.target.select()}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save()
            if (event.key === 'Escape') {
              event.stopPropagation()
              setDraft(title)
              setEditing(false)
            }
          }}
          className="h-8 w-full rounded-md border border-brand bg-white px-2 text-sm outline-none ring-2 ring-brand/30 dark:bg-zinc-900"
        />
      </div>
    )
  }

  function startDrag(event: DragEvent) {
    const ids = dragIds?.(chat.id) ?? [chat.id]
    startChatDrag(event, ids, t('organise.selection.count', { count: ids.length }))
  }

  if (selecting) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: dragging is the pointer's shortcut; the selection bar's Move is the keyboard's
      <div
        data-testid="chat-row"
        data-chat-id={chat.id}
        draggable
        onDragStart={startDrag}
        className={cn(
          'relative flex h-10 items-center rounded-lg text-sm',
          selected ? 'bg-brand/10 dark:bg-brand/20' : 'hover:bg-zinc-200/70 dark:hover:bg-zinc-800/70',
        )}
      >
        <button
          type="button"
          aria-pressed={selected}
          aria-label={t('organise.list.selectChat', { title })}
          // Shift-click ticks the range from the last ticked row; the page must not select text.
          onMouseDown={(event) => {
            if (event.shiftKey) event.preventDefault()
          }}
          onClick={(event) => onToggle?.(chat.id, event.shiftKey)}
          className="flex h-full min-w-0 flex-1 items-center gap-2 rounded-lg px-2.5 text-left focus-visible:outline-2 focus-visible:outline-brand"
        >
          <span
            aria-hidden
            className={cn(
              'flex size-4 shrink-0 items-center justify-center rounded border',
              selected
                ? 'border-brand bg-brand text-white'
                : 'border-zinc-400 bg-white dark:border-zinc-500 dark:bg-zinc-900',
            )}
          >
            {selected ? <Check className="size-3" strokeWidth={3} /> : null}
          </span>
          <span className="min-w-0 flex-1 truncate" data-testid="chat-row-title">
            {title}
          </span>
          {chat.pinned ? <Pin className="size-3.5 shrink-0 text-zinc-500" aria-hidden /> : null}
        </button>
      </div>
    )
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging is the pointer's shortcut; the menu's "Move to project" is the keyboard's
    <div
      data-testid="chat-row"
      data-chat-id={chat.id}
      data-pinned={chat.pinned || undefined}
      draggable
      onDragStart={startDrag}
      className={cn(
        'group relative flex h-10 items-center rounded-lg text-sm',
        current
          ? 'bg-white font-medium shadow-xs dark:bg-zinc-800'
          : 'hover:bg-zinc-200/70 dark:hover:bg-zinc-800/70',
      )}
    >
      <button
        type="button"
        onClick={() => onSelect(chat.id)}
        aria-current={current ? 'page' : undefined}
        // The whole title on hover when the row cuts it off.
        title={title}
        className="flex h-full min-w-0 flex-1 items-center gap-2 rounded-lg px-2.5 text-left focus-visible:outline-2 focus-visible:outline-brand"
      >
        {chat.pinned ? (
          <Pin
            className="size-4 shrink-0 text-brand-ink"
            aria-label={t('organise.row.pinned')}
            role="img"
            data-testid="chat-row-pin"
          />
        ) : (
          <MessageSquare className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" aria-hidden />
        )}
        <span className={cn('min-w-0 flex-1 truncate', titleFade)} data-testid="chat-row-title">
          {title}
        </span>
      </button>
      <div
        data-testid="chat-row-actions"
        className="absolute inset-y-0 right-1 flex items-center transition-opacity duration-150 md:pointer-events-none md:opacity-0 md:group-focus-within:pointer-events-auto md:group-focus-within:opacity-100 md:group-hover:pointer-events-auto md:group-hover:opacity-100"
      >
        <ChatRowMenu
          chat={chat}
          title={title}
          triggerClass={iconButton}
          onChange={onChange}
          onRename={() => {
            setDraft(title)
            setEditing(true)
          }}
          onDelete={() => onDelete(chat)}
        />
        <button
          type="button"
          className={cn(iconButton, 'max-md:hidden')}
          aria-label={t('shell.chatRow.rename', { title })}
          onClick={() => {
            setDraft(title)
            setEditing(true)
          }}
        >
          <Pencil className="size-3.5" aria-hidden />
        </button>
        <button
          type="button"
          className={cn(iconButton, 'max-md:hidden')}
          aria-label={t('shell.chatRow.delete', { title })}
          onClick={() => onDelete(chat)}
        >
          <Trash2 className="size-3.5" aria-hidden />
        </button>
      </div>
    </div>
  )
})
