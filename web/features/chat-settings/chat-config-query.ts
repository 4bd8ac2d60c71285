import { queryOptions } from '@tanstack/react-query'
import { api, errorText } from '../../lib/api'

export function chatConfigQuery(chatId: string) {
  return queryOptions({
    queryKey: ['chat-config', chatId],
    queryFn: async () => {
      const { data, error } = await api.chats({ id: chatId }).config.get()
      if (error) throw new Error(errorText(error, 'Failed to load settings'))
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
    if (error) throw new Error(errorText(error, 'Failed to load capabilities'))
    return data.data
  },
  staleTime: Number.POSITIVE_INFINITY,
})
