import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query'
import { formatDate } from '../../i18n/format'
import { t as translate, useT } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { chatSharesQuery, type ShareLink } from './shares-query'
import '../../i18n/areas/share'

/** The chat's links, newest first: audience, views, created, expiry or state, and Revoke. */
export function ShareLinks({
  chatId,
  query,
}: {
  chatId: string
  query: UseQueryResult<{ links: ShareLink[]; public_links: boolean }>
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const revoke = useMutation({
    mutationFn: async (id: string) => {
      const { error } = await api.shares({ id }).delete()
      if (error) throw apiFailure(error, translate('share.links.revokeFailed'))
    },
    onSuccess: () => {
      toast.success(t('share.links.revokedToast'))
      void queryClient.invalidateQueries({ queryKey: chatSharesQuery(chatId).queryKey })
    },
    onError: (error) => toast.error(error.message || t('share.links.revokeFailed')),
  })
  const links = query.data?.links ?? []
  return (
    <section aria-labelledby={`${chatId}-links`} className="flex flex-col gap-2">
      <h3 id={`${chatId}-links`} className="text-sm font-semibold">
        {t('share.links.title')}
      </h3>
      {query.isError ? (
        <p className="text-sm text-red-700 dark:text-red-400">{t('share.links.loadFailed')}</p>
      ) : query.isPending ? null : links.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('share.links.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {links.map((link) => {
            const expired = link.expires_at !== null && new Date(link.expires_at).getTime() <= Date.now()
            const dead = link.revoked_at !== null || expired
            return (
              <li
                key={link.id}
                className={cn(
                  'flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm',
                  dead && 'opacity-70',
                )}
                data-testid="share-link-row"
              >
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-medium',
                    link.audience === 'public'
                      ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
                      : 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
                  )}
                >
                  {link.audience === 'public' ? t('share.links.public') : t('share.links.organization')}
                </span>
                <span className="text-zinc-700 dark:text-zinc-300">
                  {t('share.links.created', { date: formatDate(link.created_at) })}
                </span>
                <span className="text-zinc-600 dark:text-zinc-400">
                  {t('share.links.views', { count: link.view_count })}
                </span>
                <span className="text-zinc-600 dark:text-zinc-400">
                  {link.revoked_at
                    ? t('share.links.revoked')
                    : expired
                      ? t('share.links.expired')
                      : link.expires_at
                        ? t('share.links.expires', { date: formatDate(link.expires_at) })
                        : null}
                </span>
                {dead ? null : (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="ml-auto text-red-700 dark:text-red-400"
                    onClick={() => revoke.mutate(link.id)}
                    busy={revoke.isPending && revoke.variables === link.id}
                    aria-label={t('share.links.revokeLabel', { date: formatDate(link.created_at) })}
                    data-testid="share-revoke"
                  >
                    {t('share.links.revoke')}
                  </Button>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
