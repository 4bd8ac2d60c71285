import { Coins } from 'lucide-react'
import { useId, useState } from 'react'
import { formatNumber } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { AnchoredPanel } from './anchored-panel'
import { formatAnswerCost } from './answer-cost'
import type { Message } from './messages-query'
import '../../i18n/areas/chat'

const buttonClass =
  'flex items-center gap-1 rounded-md px-1.5 py-1 text-xs text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100'

/**
 * What an answer cost (issue 27, point 6): a coins button under the answer opening its input and
 * output tokens and its cost. Nothing for a question or an answer whose call was not recorded.
 */
export function MessageUsage({ message }: { message: Message }) {
  const t = useT()
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null)
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const usage = message.usage
  if (message.is_user || !usage) return null
  const label = t('chat.usage.show')
  return (
    <>
      <button
        ref={setAnchor}
        type="button"
        className={cn(buttonClass, open && 'bg-zinc-200 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100')}
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((current) => !current)}
        data-testid="message-usage"
      >
        <Coins className="size-3.5" aria-hidden />
      </button>
      {open && anchor ? (
        <AnchoredPanel
          anchor={anchor}
          onClose={() => setOpen(false)}
          id={panelId}
          label={t('chat.usage.title')}
          className="w-60"
          testId="message-usage-panel"
        >
          <p className="mb-2 font-medium">{t('chat.usage.title')}</p>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt className="text-zinc-600 dark:text-zinc-400">{t('chat.usage.input')}</dt>
            <dd className="text-right tabular-nums" data-testid="usage-input">
              {formatNumber(usage.input_tokens)}
            </dd>
            <dt className="text-zinc-600 dark:text-zinc-400">{t('chat.usage.output')}</dt>
            <dd className="text-right tabular-nums" data-testid="usage-output">
              {formatNumber(usage.output_tokens)}
            </dd>
            <dt className="text-zinc-600 dark:text-zinc-400">{t('chat.usage.cost')}</dt>
            <dd className="text-right font-medium tabular-nums" data-testid="usage-cost">
              {formatAnswerCost(usage.cost)}
            </dd>
          </dl>
        </AnchoredPanel>
      ) : null}
    </>
  )
}
