import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { showPath } from '../messages/message-tree'
import type { MessageHit } from './search-query'
import '../../i18n/areas/search'

/**
 * Opens a found message: its chat, scrolled to it and marked for a moment (`?m=`, read by the
 * message list). A message in a branch that is not the chat's current one first becomes current
 * (`PUT /api/chats/:id/branch`, as the '‹ 2 / 3 ›' arrows do), so the list can show it.
 */
export function useOpenResult() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(
    async (hit: MessageHit) => {
      const chatId = hit.chat.id
      if (!hit.message.on_current_path) {
        const { data, error } = await api.chats({ id: chatId }).branch.put({ messageId: hit.message.id })
        if (error) {
          toast.error(apiFailure(error, t('search.result.openFailed')).message)
          return
        }
        showPath(queryClient, chatId, data.data)
      }
      await navigate({ to: '/c/$chatId', params: { chatId }, search: { m: hit.message.id } })
    },
    [queryClient, navigate],
  )
}
