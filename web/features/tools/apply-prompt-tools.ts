import type { QueryClient } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { toast } from '../../lib/toast'
import { chatConfigQuery } from '../chat-settings/chat-config-query'
import { chatToolsOf, toolsAfterPrompt } from './chat-tool-ids'
import { saveChatTools, toolsQuery } from './tools-query'
import '../../i18n/areas/tools'

/**
 * A prompt whose tools are set was inserted: those the person may use are turned on in the chat
 * (its 'mcp' means every MCP server listed for them), the others left out quietly. Says how many
 * were turned on; the tools button's count shows it too.
 */
export async function applyPromptTools(
  queryClient: QueryClient,
  chatId: string,
  promptTools: readonly string[],
): Promise<void> {
  if (promptTools.length === 0) return
  try {
    const [available, config] = await Promise.all([
      queryClient.fetchQuery(toolsQuery),
      queryClient.fetchQuery(chatConfigQuery(chatId)),
    ])
    const enabled = chatToolsOf(config)
    const next = toolsAfterPrompt(
      enabled,
      promptTools,
      available.map((tool) => tool.id),
    )
    if (!next) return
    await saveChatTools(queryClient, chatId, next)
    toast.success(t('tools.prompt.enabled', { count: next.length - enabled.length }))
  } catch {
    toast.error(t('tools.menu.saveFailed'))
  }
}
