import { useQuery } from '@tanstack/react-query'
import { Wrench } from 'lucide-react'
import { useState } from 'react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import * as DropdownMenu from '../../ui/dropdown-menu'
import { menuContentClass } from '../../ui/menu'
import { chatConfigQuery } from '../chat-settings/chat-config-query'
import { chatToolsOf, enabledCount } from './chat-tool-ids'
import { toolsQuery } from './tools-query'
import '../../i18n/areas/shell'
import { lazyComponent } from '../../lib/lazy-component'

// The list, its switches and their texts come with the first opening (the chat page stays small).
const ToolsMenuItems = lazyComponent(() => import('./tools-menu-items'), MenuPlaceholder)

/**
 * The composer's tools button (issue 30): a wrench with the number of tools on in this chat,
 * opening the menu of the tools this person may turn on. Not shown when there are none.
 */
export function ToolsButton({ chatId }: { chatId: string | undefined }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const tools = useQuery(toolsQuery)
  const config = useQuery({ ...chatConfigQuery(chatId ?? ''), enabled: Boolean(chatId) })
  if (!tools.data || tools.data.length === 0) return null
  const count = chatId
    ? enabledCount(
        chatToolsOf(config.data),
        tools.data.map((tool) => tool.id),
      )
    : 0
  const label = count > 0 ? t('shell.composer.toolsOn', { count }) : t('shell.composer.tools')
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        data-testid="composer-tools"
        data-count={count}
        aria-label={label}
        title={label}
        className={cn(
          'relative flex size-8 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:bg-zinc-800',
          count > 0 && 'text-brand-ink dark:text-brand-ink',
        )}
      >
        <Wrench className="size-[18px]" aria-hidden />
        {count > 0 ? (
          <span
            aria-hidden
            data-testid="composer-tools-count"
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-brand-ink px-1 text-[10px] leading-none font-semibold text-white dark:text-zinc-950"
          >
            {count}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          data-testid="tools-menu"
          className={cn(
            menuContentClass,
            'w-[min(22rem,calc(100vw-1rem))] max-h-[min(28rem,70dvh)] overflow-y-auto',
          )}
        >
          {open ? <ToolsMenuItems chatId={chatId} /> : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** The menu's height while its items' code arrives, so it does not open as a sliver. */
function MenuPlaceholder() {
  return <div className="h-16" />
}
