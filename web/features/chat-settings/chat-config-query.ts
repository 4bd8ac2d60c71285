import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/chat'

export function chatConfigQuery(chatId: string) {
  return queryOptions({
    queryKey: ['chat-config', chatId],
    queryFn: async () => {
      const { data, error } = await api.chats({ id: chatId }).config.get()
      if (error) throw apiFailure(error, t('chat.settings.loadFailed'))
      return data.data
    },
    staleTime: 0,
  })
}

export type ChatConfig = Awaited<ReturnType<NonNullable<ReturnType<typeof chatConfigQuery>['queryFn']>>>

export const capabilitiesQuery = queryOptions({
  queryKey: ['capabilities'],
  queryFn: async () => {
    const { data, error } = await api.capabilities.get()
    if (error) throw apiFailure(error, t('chat.settings.capabilitiesFailed'))
    return data.data
  },
  staleTime: Number.POSITIVE_INFINITY,
})
