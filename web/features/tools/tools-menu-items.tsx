import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleAlert, Wrench } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import * as DropdownMenu from '../../ui/dropdown-menu'
import { type ChatConfig, chatConfigQuery } from '../chat-settings/chat-config-query'
import { chatToolsOf, toggledTools } from './chat-tool-ids'
import { toolIcon } from './tool-icon'
import { toolDescription, toolName } from './tool-names'
import { type AvailableTool, saveChatTools, toolsQuery } from './tools-query'
import '../../i18n/areas/tools'

/**
 * The tools menu's content: each tool this person may use with its switch (a menu checkbox, so the
 * arrows, Space and Enter work and a screen reader hears on or off). An MCP server names its tools;
 * one that could not be reached says why and stays switchable (it may be back by the next answer).
 */
export default function ToolsMenuItems({ chatId }: { chatId: string | undefined }) {
  const t = useT()
  const queryClient = useQueryClient()
  // Read again on every opening: a server an administrator just added or turned off shows at once.
  const tools = useQuery({ ...toolsQuery, refetchOnMount: 'always' })
  const config = useQuery({ ...chatConfigQuery(chatId ?? ''), enabled: Boolean(chatId) })
  const enabled = chatToolsOf(config.data)
  const configKey = chatConfigQuery(chatId ?? '').queryKey
  const save = useMutation({
    // One at a time per chat, in the order switched: each saves the whole list as it was then.
    scope: { id: `chat-tools:${chatId}` },
    mutationFn: (next: string[]) => saveChatTools(queryClient, chatId!, next),
    onMutate: (next) => {
      const before = queryClient.getQueryData<ChatConfig>(configKey)
      if (before) queryClient.setQueryData(configKey, { ...before, tools: next })
      return { before }
    },
    onError: (_error, _next, context) => {
      if (context?.before) queryClient.setQueryData(configKey, context.before)
      toast.error(t('tools.menu.saveFailed'))
    },
  })

  return (
    <div data-testid="tools-menu-items">
      <DropdownMenu.Label className="px-2.5 pt-2 pb-1">
        <span className="flex items-center gap-2 font-semibold text-zinc-900 dark:text-zinc-100">
          <Wrench className="size-4" aria-hidden />
          {t('tools.menu.title')}
        </span>
        <span className="mt-0.5 block text-xs font-normal text-zinc-600 dark:text-zinc-400">
          {chatId ? t('tools.menu.hint') : t('tools.menu.noChat')}
        </span>
      </DropdownMenu.Label>
      <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
      {tools.isError && !tools.data ? (
        <p role="alert" className="px-2.5 py-2 text-sm text-red-700 dark:text-red-300">
          {t('tools.menu.loadFailed')}
        </p>
      ) : !tools.data ? (
        <div className="h-16" />
      ) : tools.data.length === 0 ? (
        <p className="px-2.5 py-2 text-sm text-zinc-600 dark:text-zinc-400">{t('tools.menu.empty')}</p>
      ) : (
        tools.data.map((tool) => (
          <ToolItem
            key={tool.id}
            tool={tool}
            checked={enabled.includes(tool.id)}
            disabled={!chatId || !config.data}
            onChange={(on) => {
              const current = chatToolsOf(queryClient.getQueryData(configKey))
              save.mutate(toggledTools(current, tool.id, on))
            }}
          />
        ))
      )}
    </div>
  )
}

function ToolItem({
  tool,
  checked,
  disabled,
  onChange,
}: {
  tool: AvailableTool
  checked: boolean
  disabled: boolean
  onChange: (on: boolean) => void
}) {
  const t = useT()
  const mcp = tool.id.startsWith('mcp:')
  const Icon = toolIcon(tool.id)
  const hint = tool.error
    ? t('tools.menu.unreachable', { error: tool.error })
    : mcp
      ? tool.functions.length > 0
        ? t('tools.menu.functions', { names: tool.functions.map((fn) => fn.name).join(', ') })
        : t('tools.menu.noFunctions')
      : toolDescription(tool.id)
  return (
    <DropdownMenu.CheckboxItem
      checked={checked}
      disabled={disabled}
      onCheckedChange={onChange}
      // Stays open: several tools are often switched at once.
      onSelect={(event) => event.preventDefault()}
      data-testid="tool-item"
      data-tool={tool.id}
      className="flex cursor-default items-start gap-3 rounded-md px-2.5 py-2 text-zinc-800 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-zinc-100 dark:text-zinc-200 dark:data-[highlighted]:bg-zinc-800"
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-zinc-600 dark:text-zinc-400" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="block font-medium break-words">{toolName(tool)}</span>
        <span
          className={cn(
            'mt-0.5 flex items-start gap-1 text-xs break-words',
            tool.error ? 'text-red-700 dark:text-red-300' : 'text-zinc-600 dark:text-zinc-400',
          )}
          data-testid={tool.error ? 'tool-error' : 'tool-hint'}
        >
          {tool.error ? <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden /> : null}
          <span className="min-w-0">{hint}</span>
        </span>
      </span>
      {/* The switch's look; its state is the item's (aria-checked). */}
      <span
        aria-hidden
        className={cn(
          'relative mt-0.5 h-5 w-9 shrink-0 rounded-full transition',
          checked ? 'bg-brand' : 'bg-zinc-300 dark:bg-zinc-600',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 left-0.5 block size-4 rounded-full bg-white shadow transition',
            checked && 'translate-x-4',
          )}
        />
      </span>
    </DropdownMenu.CheckboxItem>
  )
}
