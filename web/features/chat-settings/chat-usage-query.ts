import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/chat'

/** GET /api/chats/:id/usage: the chat's tokens and cost so far, read again each time the dialog opens. */
export function chatUsageQuery(chatId: string) {
  return queryOptions({
    queryKey: ['chat-usage', chatId],
    queryFn: async () => {
      const { data, error } = await api.chats({ id: chatId }).usage.get()
      if (error) throw apiFailure(error, t('chat.settings.usageFailed'))
      return data.data
    },
    staleTime: 0,
  })
}
