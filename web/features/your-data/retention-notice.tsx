import { queryOptions, useQuery } from '@tanstack/react-query'
import { CalendarClock } from 'lucide-react'
import { t as translate, useT } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/yourData'

const retentionPolicyQuery = queryOptions({
  queryKey: ['retention'],
  queryFn: async () => {
    const { data, error } = await api.retention.get()
    if (error) throw apiFailure(error, translate('yourData.retention.loadFailed'))
    return data.data
  },
})

/** What the organisation deletes by age (Admin › Retention), in the person's words. */
export function RetentionNotice() {
  const t = useT()
  const policy = useQuery(retentionPolicyQuery)
  return (
    <section
      aria-labelledby="retention-notice-title"
      className="flex flex-col gap-2"
      data-testid="retention-notice"
    >
      <h3
        id="retention-notice-title"
        className="flex items-center gap-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100"
      >
        <CalendarClock className="size-4" aria-hidden /> {t('yourData.retention.title')}
      </h3>
      {policy.isPending ? null : policy.isError ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{policy.error.message}</p>
      ) : policy.data.chatDays === null && policy.data.fileDays === null ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('yourData.retention.none')}</p>
      ) : (
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
          {policy.data.chatDays !== null ? (
            <li>{t('yourData.retention.chats', { days: policy.data.chatDays })}</li>
          ) : null}
          {policy.data.fileDays !== null ? (
            <li>{t('yourData.retention.files', { days: policy.data.fileDays })}</li>
          ) : null}
        </ul>
      )}
    </section>
  )
}
