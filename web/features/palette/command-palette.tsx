import * as DialogPrimitive from '@radix-ui/react-dialog'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import {
  Archive,
  BookOpen,
  Bot,
  Check,
  FolderPlus,
  Library,
  Loader2,
  MessageSquare,
  MessageSquareText,
  Plus,
  Search,
  Settings,
  SunMoon,
} from 'lucide-react'
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { dialogPositionClass, overlayClass } from '../../ui/dialog'
import { chatsQuery } from '../chats/chats-query'
import { showSidebarView } from '../chats/sidebar-view'
import { useCreateChat } from '../chats/use-chat-mutations'
import { useSelectChat } from '../chats/use-current-chat'
import { openKnowledge } from '../knowledge/knowledge-ui'
import { modelName } from '../models/model-texts'
import { useSelectedModel } from '../models/use-selected-model'
import { profileQuery } from '../profile/profile-query'
import { projectsQuery } from '../projects/projects-query'
import { openPromptLibrary } from '../prompts/prompt-library-ui'
import { ArchivedBadge } from '../search/archived-badge'
import { HighlightedSnippet } from '../search/highlighted-snippet'
import { isMessageHit, searchQuery } from '../search/search-query'
import { useOpenResult } from '../search/use-open-result'
import { useThemeSync } from '../theme/use-theme-sync'
import { folded, GROUP_LABEL, inGroups, type PaletteOption } from './palette-options'
import '../../i18n/areas/search'
import '../../i18n/areas/organise'

const RECENT = 8
const DEBOUNCE_MS = 150

/**
 * The command palette (Ctrl/⌘+K, issue 28): recent chats before anything is typed, then the actions
 * whose names match and the search's chats and messages. A combobox: focus stays in the text box,
 * the arrows move the active option (aria-activedescendant), Enter chooses it, Escape closes; the
 * number of results is announced.
 */
export default function CommandPalette({
  open,
  onOpenChange,
  onOpenSettings,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onOpenSettings: () => void
}) {
  const t = useT()
  const [text, setText] = useState('')
  const [q, setQ] = useState('')
  const [mode, setMode] = useState<'main' | 'models'>('main')
  const [active, setActive] = useState(0)
  const listRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  // Closed: it opens again empty, on its first page.
  useEffect(() => {
    if (open) return
    setText('')
    setQ('')
    setMode('main')
  }, [open])

  const searching = mode === 'main' && q !== ''
  const search = useInfiniteQuery({ ...searchQuery(q), enabled: open && searching })
  const recent = useInfiniteQuery({ ...chatsQuery(''), enabled: open })
  const projects = useQuery({ ...projectsQuery, enabled: open })
  const models = useSelectedModel()
  const profile = useQuery(profileQuery)
  const changeTheme = useThemeSync(profile.data)
  const createChat = useCreateChat()
  const selectChat = useSelectChat()
  const openResult = useOpenResult()

  const options = useMemo((): PaletteOption[] => {
    if (mode === 'models') {
      const typed = folded(text.trim())
      return models.models
        .filter((model) => folded(modelName(model)).includes(typed))
        .map((model) => ({
          id: `model-${model.id}`,
          group: 'models',
          label: modelName(model),
          detail: model.id === models.selected?.id ? t('search.palette.currentModel') : model.provider,
          Icon: model.id === models.selected?.id ? Check : Bot,
          run: () => models.choose(model.id),
        }))
    }
    const actions: PaletteOption[] = [
      {
        id: 'new-chat',
        group: 'actions',
        label: t('search.palette.newChat'),
        Icon: Plus,
        run: () => createChat.mutate(),
      },
      {
        id: 'prompt-library',
        group: 'actions',
        label: t('search.palette.promptLibrary'),
        Icon: BookOpen,
        run: openPromptLibrary,
      },
      {
        id: 'knowledge',
        group: 'actions',
        label: t('search.palette.knowledge'),
        Icon: Library,
        run: () => openKnowledge(),
      },
      {
        id: 'archived',
        group: 'actions',
        label: t('organise.palette.archived'),
        Icon: Archive,
        run: () => showSidebarView('archived'),
      },
      {
        id: 'settings',
        group: 'actions',
        label: t('search.palette.settings'),
        Icon: Settings,
        run: onOpenSettings,
      },
      {
        id: 'switch-model',
        group: 'actions',
        label: t('search.palette.switchModel'),
        Icon: Bot,
        keepOpen: true,
        run: () => {
          setMode('models')
          setText('')
        },
      },
      {
        id: 'toggle-theme',
        group: 'actions',
        label: t('search.palette.toggleTheme'),
        Icon: SunMoon,
        run: () => void changeTheme(document.documentElement.classList.contains('dark') ? 'light' : 'dark'),
      },
    ]
    const typed = folded(text.trim())
    if (!typed) {
      const chats = recent.data?.pages[0]?.chats.slice(0, RECENT) ?? []
      return [
        ...actions,
        ...chats.map(
          (chat): PaletteOption => ({
            id: `recent-${chat.id}`,
            group: 'recent',
            label: chat.title,
            Icon: MessageSquare,
            run: () => void selectChat(chat.id),
          }),
        ),
      ]
    }
    const items = search.data?.pages[0]?.items ?? []
    // "New chat in <project>", one per project: offered once something typed matches it (issue 28).
    const inProjects = (projects.data ?? []).map(
      (project): PaletteOption => ({
        id: `project-${project.id}`,
        group: 'actions',
        label: t('organise.projects.newChat', { name: project.name }),
        Icon: FolderPlus,
        run: () => createChat.mutate({ projectId: project.id }),
      }),
    )
    return [
      ...[...actions, ...inProjects].filter((action) => folded(action.label).includes(typed)),
      ...items.map((item): PaletteOption => {
        if (!isMessageHit(item))
          return {
            id: `chat-${item.chat.id}`,
            group: 'chats',
            label: item.chat.title,
            badge: item.chat.archived ? <ArchivedBadge /> : undefined,
            Icon: MessageSquare,
            run: () => void selectChat(item.chat.id),
          }
        return {
          id: `message-${item.message.id}`,
          group: 'messages',
          label: item.chat.title,
          badge: item.chat.archived ? <ArchivedBadge /> : undefined,
          detail: <HighlightedSnippet text={item.message.snippet} highlights={item.message.highlights} />,
          Icon: MessageSquareText,
          run: () => void openResult(item),
        }
      }),
    ]
  }, [
    mode,
    text,
    models,
    recent.data,
    projects.data,
    search.data,
    t,
    createChat.mutate,
    selectChat,
    openResult,
    onOpenSettings,
    changeTheme,
  ])

  // A new list starts at its first option.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the list changes
  useEffect(() => setActive(0), [options.length, q, mode])
  const current = options[Math.min(active, options.length - 1)]
  const currentId = current?.id
  useEffect(() => {
    if (!currentId) return
    listRef.current
      ?.querySelector(`#${CSS.escape(`palette-${currentId}`)}`)
      ?.scrollIntoView({ block: 'nearest' })
  }, [currentId])

  function choose(option: PaletteOption | undefined) {
    if (!option) return
    if (!option.keepOpen) onOpenChange(false)
    option.run()
  }

  /** Where a key moves the active option (the arrows wrap around), or null for other keys. */
  function moved(key: string, ctrl: boolean): number | null {
    const last = options.length - 1
    if (key === 'ArrowDown') return active >= last ? 0 : active + 1
    if (key === 'ArrowUp') return active <= 0 ? last : active - 1
    // Home and End move in the text box; with Ctrl, in the list.
    if (key === 'Home' && ctrl) return 0
    if (key === 'End' && ctrl) return last
    return null
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const next = moved(event.key, event.ctrlKey)
    if (next !== null) {
      event.preventDefault()
      setActive(next)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      choose(current)
    } else if (event.key === 'Backspace' && text === '' && mode === 'models') {
      setMode('main')
    }
  }

  // Searching from the first keystroke: while the typed text waits out the debounce, the list
  // would otherwise say "No results" for what has not been searched yet.
  const settling = mode === 'main' && text.trim() !== q
  const pending = settling || (searching && search.isPending)
  const announced = searching && !pending ? t('search.palette.count', { count: options.length }) : ''
  const sections = inGroups(options)

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={`${overlayClass} z-40`} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-testid="command-palette"
          className={cn(
            dialogPositionClass,
            'z-50 flex max-w-xl flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-2xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900',
          )}
        >
          <DialogPrimitive.Title className="sr-only">{t('search.palette.label')}</DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b border-zinc-200 px-4 dark:border-zinc-800">
            {pending ? (
              <Loader2 className="size-4 shrink-0 animate-spin text-zinc-500" aria-hidden />
            ) : (
              <Search className="size-4 shrink-0 text-zinc-500" aria-hidden />
            )}
            <input
              role="combobox"
              aria-expanded="true"
              aria-controls="palette-listbox"
              aria-autocomplete="list"
              aria-activedescendant={current ? `palette-${current.id}` : undefined}
              aria-label={mode === 'models' ? t('search.palette.switchModel') : t('search.palette.label')}
              placeholder={
                mode === 'models' ? t('search.palette.switchModel') : t('search.palette.placeholder')
              }
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              className="h-12 min-w-0 flex-1 bg-transparent text-base placeholder:text-zinc-500 focus:outline-none dark:placeholder:text-zinc-400"
              data-testid="palette-input"
            />
          </div>
          <div
            ref={listRef}
            id="palette-listbox"
            role="listbox"
            aria-label={t('search.palette.label')}
            aria-busy={pending}
            className="max-h-[min(60dvh,28rem)] overflow-y-auto p-2"
          >
            {sections.map(({ group, options: groupOptions }) => (
              // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (ARIA), not a form's fieldset
              <div key={group} role="group" aria-labelledby={`palette-group-${group}`} className="mb-1">
                <div
                  id={`palette-group-${group}`}
                  role="presentation"
                  className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400"
                >
                  {t(GROUP_LABEL[group])}
                </div>
                {groupOptions.map((option) => {
                  const selected = option === current
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: keys stay with the text box (aria-activedescendant)
                    <div
                      key={option.id}
                      id={`palette-${option.id}`}
                      role="option"
                      aria-selected={selected}
                      tabIndex={-1}
                      onMouseMove={() => setActive(options.indexOf(option))}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(option)}
                      className={cn(
                        'flex cursor-pointer items-start gap-2.5 rounded-lg px-2 py-2 text-sm',
                        selected ? 'bg-zinc-200 dark:bg-zinc-800' : null,
                      )}
                      data-testid="palette-option"
                    >
                      <option.Icon
                        className="mt-0.5 size-4 shrink-0 text-zinc-600 dark:text-zinc-400"
                        aria-hidden
                      />
                      <span className="min-w-0 flex-1">
                        <span className="flex items-center gap-2">
                          <span className="min-w-0 flex-1 truncate">{option.label}</span>
                          {option.badge}
                        </span>
                        {option.detail ? (
                          <span className="line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">
                            {option.detail}
                          </span>
                        ) : null}
                      </span>
                    </div>
                  )
                })}
              </div>
            ))}
            {searching && !pending && search.isError ? (
              <p className="px-2 py-3 text-sm text-red-700 dark:text-red-400" role="alert">
                {t('search.sidebar.failed')}
              </p>
            ) : options.length === 0 && pending ? (
              <p className="px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400" role="status">
                {t('search.palette.searching')}
              </p>
            ) : options.length === 0 ? (
              <p className="px-2 py-3 text-sm text-zinc-600 dark:text-zinc-400">
                {mode === 'models' ? t('search.palette.noModels') : t('search.palette.none')}
              </p>
            ) : null}
          </div>
          <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="palette-count">
            {announced}
          </p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
