import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { BarChart3, Globe, GraduationCap, Info, Newspaper } from 'lucide-react'
import { useId, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { ApiRequestError } from '../../lib/api-error'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { fieldClass, Label } from '../../ui/input'
import { chatBeingCreated } from '../chats/use-chat-mutations'
import { useCurrentChatId, useSelectChat } from '../chats/use-current-chat'
import { messagesQuery } from '../messages/messages-query'
import {
  type ResearchDepth,
  type ResearchRequest,
  type ResearchSourceKind,
  researchSourcesQuery,
  startResearch,
} from './research-api'
import '../../i18n/areas/research'

/** Spec section 9 'Deep research': web and news on, thorough, in the spec's order. */
const SOURCES = [
  { key: 'includeWeb', kind: 'web', label: 'research.source.web', icon: Globe, initial: true },
  {
    key: 'includeAcademic',
    kind: 'academic',
    label: 'research.source.academic',
    icon: GraduationCap,
    initial: false,
  },
  { key: 'includeNews', kind: 'news', label: 'research.source.news', icon: Newspaper, initial: true },
  { key: 'includeStats', kind: 'stats', label: 'research.source.stats', icon: BarChart3, initial: false },
] as const
const DEPTHS: readonly ResearchDepth[] = ['quick', 'thorough', 'comprehensive']
const POPULAR = [
  'research.popular.ai',
  'research.popular.climate',
  'research.popular.work',
  'research.popular.health',
] as const

type SourceKey = (typeof SOURCES)[number]['key']

/**
 * The Deep Research dialog (spec section 2): a topic, popular-topic chips that fill it, the four
 * source checkboxes, the three depths with their descriptions and 'Start Research'. The run goes
 * to the current chat, or to a chat the server creates; that chat then becomes current, where the
 * request and the live progress card already are (pushed by the server to every tab).
 */
export default function DeepResearchDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  // The current chat; without one the server creates a chat for the research.
  const chatId = useCurrentChatId()
  const id = useId()
  const queryClient = useQueryClient()
  const selectChat = useSelectChat()
  const [topic, setTopic] = useState('')
  const [sources, setSources] = useState<Record<SourceKey, boolean>>(
    () =>
      Object.fromEntries(SOURCES.map((source) => [source.key, source.initial])) as Record<SourceKey, boolean>,
  )
  const [depth, setDepth] = useState<ResearchDepth>('thorough')
  // What this server can search (decision 144): a source it cannot is unticked and disabled, with
  // the reason. Unknown (the read failed): offered, and the server refuses what it cannot do.
  const availability = useQuery({ ...researchSourcesQuery, enabled: open })
  const canSearch = (kind: ResearchSourceKind) =>
    availability.data ? availability.data[kind].available : availability.isError
  const chosen = Object.fromEntries(
    SOURCES.map(({ key, kind }) => [key, sources[key] && canSearch(kind)]),
  ) as Record<SourceKey, boolean>
  const noSearchBackend = availability.data?.web.reason === 'no_search_backend'
  const noAcademic = availability.data?.academic.reason === 'no_academic_backend'

  const start = useMutation({
    mutationFn: async () => {
      // 'New Chat' was just clicked: the research belongs to the chat on its way.
      const pending = chatBeingCreated()
      const target = pending ? (await pending).id : chatId
      const request: ResearchRequest = {
        ...(target ? { chatId: target } : {}),
        topic: topic.trim(),
        ...chosen,
        depth,
      }
      return startResearch(request)
    },
    onSuccess: (started) => {
      // The pushed messages normally arrive first; this covers a socket that was reconnecting.
      void queryClient.invalidateQueries({ queryKey: messagesQuery(started.chatId).queryKey })
      if (started.chatId !== chatId) void queryClient.invalidateQueries({ queryKey: ['chats'] })
      toast.success(t('research.toast.success'), { id: 'research-started' })
      onOpenChange(false)
      if (started.chatId !== chatId) void selectChat(started.chatId)
    },
    // A refusal the server explains (the topic, the budget, no model) is shown as it says; anything
    // else (a network failure, a chat deleted meanwhile) is the spec's failure toast.
    onError: (error) =>
      toast.error(
        error instanceof ApiRequestError && error.code && error.code !== 'not_found:chat'
          ? error.message
          : t('research.toast.failed'),
        { id: 'research-failed' },
      ),
  })

  function submit() {
    if (!topic.trim()) {
      toast.error(t('research.toast.blank'), { id: 'research-blank' })
      return
    }
    start.mutate()
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!start.isPending) onOpenChange(next)
      }}
      title={t('research.dialog.title')}
      description={t('research.dialog.description')}
      testId="research-dialog"
      className="max-w-xl"
    >
      <form
        className="flex flex-col gap-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <div>
          <Label htmlFor={`${id}-topic`}>{t('research.dialog.topic')}</Label>
          <textarea
            id={`${id}-topic`}
            value={topic}
            onChange={(event) => setTopic(event.target.value)}
            placeholder={t('research.dialog.topicPlaceholder')}
            rows={2}
            maxLength={2000}
            className={cn(fieldClass, 'resize-y')}
            // The topic is what the dialog is for: typing starts there, not on the close button.
            autoFocus
            data-testid="research-topic"
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault()
                submit()
              }
            }}
          />
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">{t('research.dialog.popular')}</legend>
          <div className="flex flex-wrap gap-2">
            {POPULAR.map((idea) => (
              <button
                key={idea}
                type="button"
                onClick={() => setTopic(t(idea))}
                className="rounded-xl border border-zinc-300 px-3 py-1 text-left text-sm text-zinc-700 hover:border-brand hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand dark:border-zinc-700 dark:text-zinc-300 dark:hover:text-zinc-100"
                data-testid="research-popular"
              >
                {t(idea)}
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">{t('research.dialog.sources')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {SOURCES.map(({ key, kind, label, icon: Icon }) => {
              const disabled = !canSearch(kind)
              const unavailable = availability.data?.[kind].available === false
              return (
                <label
                  key={key}
                  data-unavailable={unavailable || undefined}
                  className={cn(
                    'flex items-center gap-2.5 rounded-lg border px-3 py-2 text-sm',
                    'focus-within:outline-2 focus-within:outline-brand',
                    disabled
                      ? 'cursor-not-allowed border-dashed border-zinc-300 text-zinc-500 dark:border-zinc-700 dark:text-zinc-400'
                      : chosen[key]
                        ? 'cursor-pointer border-brand bg-brand/5 text-zinc-900 dark:bg-brand/15 dark:text-zinc-50'
                        : 'cursor-pointer border-zinc-300 text-zinc-700 hover:border-zinc-400 dark:border-zinc-700 dark:text-zinc-300',
                  )}
                >
                  <input
                    type="checkbox"
                    // While the answer is on its way the spec's defaults show, not yet tickable.
                    checked={availability.isPending ? sources[key] : chosen[key]}
                    disabled={disabled}
                    aria-describedby={
                      unavailable
                        ? `${id}-unavailable-${kind === 'academic' ? 'academic' : 'web'}`
                        : undefined
                    }
                    onChange={(event) =>
                      setSources((current) => ({ ...current, [key]: event.target.checked }))
                    }
                    className="size-4 accent-brand disabled:cursor-not-allowed"
                    data-testid={`research-source-${key}`}
                  />
                  <Icon className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" aria-hidden />
                  <span className="min-w-0">
                    {t(label)}
                    {unavailable ? (
                      <span className="block text-xs">{t('research.source.unavailable')}</span>
                    ) : null}
                  </span>
                </label>
              )
            })}
          </div>
          {noSearchBackend ? (
            <p
              id={`${id}-unavailable-web`}
              className="mt-2 flex items-start gap-1.5 text-xs text-zinc-700 dark:text-zinc-300"
              data-testid="research-sources-unavailable"
            >
              <Info className="mt-px size-3.5 shrink-0" aria-hidden />
              {t('research.source.noSearchBackend')}
            </p>
          ) : null}
          {noAcademic ? (
            <p
              id={`${id}-unavailable-academic`}
              className="mt-2 flex items-start gap-1.5 text-xs text-zinc-700 dark:text-zinc-300"
              data-testid="research-academic-unavailable"
            >
              <Info className="mt-px size-3.5 shrink-0" aria-hidden />
              {t('research.source.noAcademic')}
            </p>
          ) : null}
          <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
            {t('research.dialog.knowledgeNote')}
          </p>
        </fieldset>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">{t('research.dialog.depth')}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {DEPTHS.map((value) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer flex-col gap-0.5 rounded-lg border px-3 py-2',
                  'focus-within:outline-2 focus-within:outline-brand',
                  depth === value
                    ? 'border-brand bg-brand/5 dark:bg-brand/15'
                    : 'border-zinc-300 hover:border-zinc-400 dark:border-zinc-700',
                )}
              >
                <span className="flex items-center gap-2 text-sm font-medium">
                  <input
                    type="radio"
                    name={`${id}-depth`}
                    value={value}
                    checked={depth === value}
                    onChange={() => setDepth(value)}
                    className="size-4 accent-brand"
                    data-testid={`research-depth-${value}`}
                  />
                  {t(`research.depth.${value}`)}
                </span>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  {t(`research.depth.${value}.description`)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => onOpenChange(false)}
            disabled={start.isPending}
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={start.isPending} data-testid="research-start">
            {start.isPending ? t('research.dialog.starting') : t('research.dialog.start')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
