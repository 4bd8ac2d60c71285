import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Ban, Check, ChevronRight, Hand, Loader2, X } from 'lucide-react'
import { useId, useState } from 'react'
import { formatNumber } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { ApiRequestError } from '../../lib/api-error'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { reloadMessages } from '../messages/messages-query'
import { decideToolCall } from './decide-tool-call'
import { durationOf, shownArguments, type ToolCall } from './tool-calls'
import { toolName } from './tool-names'
import '../../i18n/areas/tools'

const STATUS_LOOK: Record<ToolCall['status'], { icon: typeof Check; className: string }> = {
  running: { icon: Loader2, className: 'animate-spin text-zinc-600 dark:text-zinc-400' },
  awaiting_approval: { icon: Hand, className: 'text-amber-700 dark:text-amber-300' },
  done: { icon: Check, className: 'text-emerald-700 dark:text-emerald-400' },
  failed: { icon: X, className: 'text-red-700 dark:text-red-400' },
  denied: { icon: Ban, className: 'text-zinc-600 dark:text-zinc-400' },
}

/**
 * The tools an answer called, one collapsed row each (tool and server, status, duration); opening
 * a row shows the arguments and the result's start. A call waiting for the person has Approve and
 * Deny (`canDecide`: in their own chat); images a call made show under it.
 */
export default function ToolCallList({
  chatId,
  messageId,
  calls,
  canDecide,
}: {
  chatId: string
  messageId: string
  calls: ToolCall[]
  canDecide: boolean
}) {
  const t = useT()
  return (
    <ul aria-label={t('tools.calls.label')} className="mb-2 flex flex-col gap-1.5" data-testid="tool-calls">
      {calls.map((call) => (
        <ToolCallRow key={call.id} chatId={chatId} messageId={messageId} call={call} canDecide={canDecide} />
      ))}
    </ul>
  )
}

function ToolCallRow({
  chatId,
  messageId,
  call,
  canDecide,
}: {
  chatId: string
  messageId: string
  call: ToolCall
  canDecide: boolean
}) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  const look = STATUS_LOOK[call.status]
  const Icon = look.icon
  const status = t(`tools.call.status.${call.status}`)
  const tool = toolName({ id: call.tool, name: call.server ?? call.tool })
  const duration = call.duration_ms === null ? null : durationOf(call.duration_ms)
  const args = shownArguments(call.arguments)
  return (
    <li
      className="rounded-lg border border-zinc-200 bg-zinc-50 text-sm dark:border-zinc-800 dark:bg-zinc-950/40"
      data-testid="tool-call"
      data-status={call.status}
      data-call={call.id}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((was) => !was)}
        className="flex w-full min-w-0 items-center gap-2 rounded-lg px-2.5 py-1.5 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-zinc-900"
        data-testid="tool-call-toggle"
      >
        <ChevronRight
          className={cn('size-3.5 shrink-0 text-zinc-500 transition-transform', open && 'rotate-90')}
          aria-hidden
        />
        <Icon className={cn('size-4 shrink-0', look.className)} aria-hidden />
        <span className="min-w-0 flex-1 truncate">
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{call.server ?? tool}</span>
          <span className="text-zinc-600 dark:text-zinc-400"> · </span>
          <code className="font-mono text-xs text-zinc-700 dark:text-zinc-300">{call.name}</code>
        </span>
        <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400" data-testid="tool-call-status">
          {status}
        </span>
        {duration ? (
          <span
            className="shrink-0 text-xs text-zinc-600 tabular-nums dark:text-zinc-400"
            data-testid="tool-call-duration"
          >
            {duration.unit === 'ms'
              ? t('tools.call.milliseconds', { ms: formatNumber(duration.value) })
              : t('tools.call.seconds', { seconds: formatNumber(duration.value) })}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={detailsId}
          className="flex flex-col gap-2 border-t border-zinc-200 px-2.5 py-2 dark:border-zinc-800"
          data-testid="tool-call-details"
        >
          <Detail label={t('tools.call.arguments')} text={args} empty={t('tools.call.noArguments')} />
          <Detail
            label={t('tools.call.result')}
            text={call.result_preview}
            empty={t('tools.call.noResult')}
            testId="tool-call-result"
          />
        </div>
      ) : null}
      {call.status === 'awaiting_approval' && canDecide ? (
        <Approval chatId={chatId} messageId={messageId} call={call} />
      ) : null}
      {call.images && call.images.length > 0 ? (
        <div className="flex flex-wrap gap-2 px-2.5 pb-2.5" data-testid="tool-call-images">
          {call.images.map((image) => (
            <a key={image.url} href={image.url} target="_blank" rel="noreferrer" className="block">
              <img
                src={image.url}
                alt={image.alt}
                loading="lazy"
                className="max-h-80 max-w-full rounded-lg border border-zinc-200 object-contain dark:border-zinc-800"
              />
            </a>
          ))}
        </div>
      ) : null}
    </li>
  )
}

function Detail({
  label,
  text,
  empty,
  testId,
}: {
  label: string
  text: string | null
  empty: string
  testId?: string
}) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</p>
      {text ? (
        <pre
          className="mt-1 max-h-64 overflow-auto rounded-md bg-white p-2 font-mono text-xs whitespace-pre-wrap break-words text-zinc-800 dark:bg-zinc-900 dark:text-zinc-200"
          data-testid={testId}
        >
          {text}
        </pre>
      ) : (
        <p className="mt-0.5 text-xs text-zinc-600 italic dark:text-zinc-400">{empty}</p>
      )}
    </div>
  )
}

/** Approve / Deny: the person decides, not the model. The new status arrives as `message:tool`. */
function Approval({ chatId, messageId, call }: { chatId: string; messageId: string; call: ToolCall }) {
  const t = useT()
  const queryClient = useQueryClient()
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'deny') => decideToolCall(messageId, call.id, decision),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        // Decided elsewhere (another tab) or the answer ended: show the call as it is now.
        toast.info(t('tools.call.noLongerWaiting'))
        void reloadMessages(queryClient, chatId)
      } else toast.error(error.message)
    },
  })
  return (
    <div
      className="flex flex-wrap items-center gap-2 border-t border-amber-200 bg-amber-50 px-2.5 py-2 dark:border-amber-900/60 dark:bg-amber-950/40"
      data-testid="tool-call-approval"
    >
      <p className="min-w-0 flex-1 text-sm text-amber-950 dark:text-amber-100">
        {t('tools.call.ask', { name: call.name })}
      </p>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="outline"
          busy={decide.isPending && decide.variables === 'deny'}
          disabled={decide.isPending || decide.isSuccess}
          onClick={() => decide.mutate('deny')}
          aria-label={t('tools.call.denyLabel', { name: call.name })}
          data-testid="tool-call-deny"
        >
          {t('tools.call.deny')}
        </Button>
        <Button
          size="sm"
          busy={decide.isPending && decide.variables === 'approve'}
          disabled={decide.isPending || decide.isSuccess}
          onClick={() => decide.mutate('approve')}
          aria-label={t('tools.call.approveLabel', { name: call.name })}
          data-testid="tool-call-approve"
        >
          {t('tools.call.approve')}
        </Button>
      </div>
    </div>
  )
}
