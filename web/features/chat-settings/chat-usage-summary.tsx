import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { formatNumber } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { formatAnswerCost } from '../messages/answer-cost'
import { chatUsageQuery } from './chat-usage-query'
import '../../i18n/areas/chat'

/** The chat's total so far (issue 27, point 6): input and output tokens and what they cost. */
export function ChatUsageSummary({ chatId }: { chatId: string }) {
  const t = useT()
  const usage = useQuery(chatUsageQuery(chatId))
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-zinc-200 px-3 py-2.5 text-sm dark:border-zinc-800"
      data-testid="chat-usage"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={headingId} className="font-medium">
          {t('chat.settings.usage')}
        </h3>
        {usage.data && usage.data.messages > 0 ? (
          <span className="text-xs text-zinc-600 dark:text-zinc-400">
            {t('chat.settings.usageAnswers', { count: usage.data.messages })}
          </span>
        ) : null}
      </div>
      {usage.isPending ? (
        <p role="status" className="mt-1 text-zinc-600 dark:text-zinc-400">
          {t('common.loading')}
        </p>
      ) : usage.isError ? (
        <p className="mt-1 text-red-700 dark:text-red-400">{usage.error.message}</p>
      ) : usage.data.messages === 0 ? (
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t('chat.settings.usageNone')}</p>
      ) : (
        <dl className="mt-1.5 grid grid-cols-3 gap-2">
          <Figure
            label={t('chat.usage.input')}
            value={formatNumber(usage.data.input_tokens)}
            testId="chat-usage-input"
          />
          <Figure
            label={t('chat.usage.output')}
            value={formatNumber(usage.data.output_tokens)}
            testId="chat-usage-output"
          />
          <Figure
            label={t('chat.usage.cost')}
            value={formatAnswerCost(usage.data.cost)}
            testId="chat-usage-cost"
          />
        </dl>
      )}
    </section>
  )
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="truncate text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}
