import type { QueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api'
import { capabilitiesQuery, chatConfigQuery } from './chat-config-query'

/**
 * Turns the chat's web search on (a prompt that asks for the tool was inserted), when the server
 * has a search backend; otherwise leaves the chat as it is. Quiet: the settings dialog shows it.
 */
export async function enableWebSearch(queryClient: QueryClient, chatId: string): Promise<boolean> {
  const capabilities = await queryClient.fetchQuery(capabilitiesQuery).catch(() => null)
  if (!capabilities?.webSearch) return false
  const { data, error } = await api.chats({ id: chatId }).config.patch({ web_search_enabled: true })
  if (error) return false
  queryClient.setQueryData(chatConfigQuery(chatId).queryKey, data.data)
  return true
}
