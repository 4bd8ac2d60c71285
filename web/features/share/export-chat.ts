import { t } from '../../i18n/i18n'
import { loadErrorTexts, readApiError } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import '../../i18n/areas/share'

/**
 * Downloads the chat (`GET /api/chats/:id/export`): Markdown (the current branch) or JSON (every
 * branch). Fetched rather than navigated to, so a refusal (support access) is a toast, not a page
 * of JSON; the file's name is the server's.
 */
export async function exportChat(chatId: string, format: 'md' | 'json') {
  const res = await fetch(`/api/chats/${encodeURIComponent(chatId)}/export?format=${format}`, {
    credentials: 'same-origin',
  }).catch(() => null)
  if (!res?.ok) {
    const value = await res?.json().catch(() => null)
    await loadErrorTexts()
    toast.error(readApiError({ status: res?.status, value }, t('share.export.failed')).message)
    return
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `chat.${format}`
  const url = URL.createObjectURL(await res.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
