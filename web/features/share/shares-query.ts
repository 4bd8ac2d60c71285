import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/share'

/** A chat's links and whether a public one may be made (`GET /api/chats/:id/shares`). */
export const chatSharesQuery = (chatId: string) =>
  queryOptions({
    queryKey: ['chat-shares', chatId],
    // Read afresh at each opening: views, and whether public links are allowed, change elsewhere.
    staleTime: 0,
    refetchOnMount: 'always',
    queryFn: async () => {
      const { data, error } = await api.chats({ id: chatId }).shares.get()
      if (error) throw apiFailure(error, t('share.links.loadFailed'))
      return data.data
    },
  })

export type ShareLink = Awaited<
  ReturnType<NonNullable<ReturnType<typeof chatSharesQuery>['queryFn']>>
>['links'][number]
