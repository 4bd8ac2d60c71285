import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { chatConfigQuery } from '../chat-settings/chat-config-query'
import '../../i18n/areas/chat'

/** A tool this person may turn on in a chat (GET /api/tools). */
export interface AvailableTool {
  /** 'web-search', 'file-search', 'image-generation', 'code-interpreter' or `mcp:<serverId>`. */
  id: string
  /** A built-in tool's English name (shown translated by id instead), or the MCP server's name. */
  name: string
  description: string
  functions: { name: string; description: string }[]
  /** Why an MCP server's tools could not be listed just now (it stays switchable). */
  error?: string
}

/**
 * The tools this person may turn on. Read once the chat shows (the composer shows its button only
 * when there is one) and again when the menu opens, so a server an administrator just added shows.
 */
export const toolsQuery = queryOptions({
  queryKey: ['tools'],
  queryFn: async (): Promise<AvailableTool[]> => {
    const { data, error } = await api.tools.get()
    // In the chat area (loaded with the chat), as the button that needs it is.
    if (error) throw apiFailure(error, t('chat.settings.loadFailed'))
    return data.data.tools
  },
  staleTime: 60_000,
})

/** Saves the chat's enabled tools and puts the saved config in the cache. */
export async function saveChatTools(queryClient: QueryClient, chatId: string, tools: string[]) {
  const { data, error } = await api.chats({ id: chatId }).config.patch({ tools })
  if (error) throw apiFailure(error, t('chat.settings.saveFailed'))
  queryClient.setQueryData(chatConfigQuery(chatId).queryKey, data.data)
  return data.data
}
