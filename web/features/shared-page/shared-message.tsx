import { FileText } from 'lucide-react'
import { formatDate, formatTime } from '../../i18n/format'
import { useT } from '../../i18n/i18n'
import { stripFilesMarker } from '../messages/markdown/split-blocks'
import { useMarkdown } from '../messages/markdown/use-markdown'
import type { SharedMessage } from './shared-query'
import '../../i18n/areas/share'

/**
 * One message of a shared chat, read only, drawn like the chat's bubbles (message-bubble.tsx): the
 * question on the right as typed, the answer on the left as markdown (raw HTML shown as text).
 */
export function SharedMessageView({
  message,
  token,
  files,
}: {
  message: SharedMessage
  token: string
  files: boolean
}) {
  const t = useT()
  const Markdown = useMarkdown()
  const when = (
    <time dateTime={message.created_at} className="text-xs text-zinc-600 dark:text-zinc-400">
      {formatDate(message.created_at)} {formatTime(message.created_at)}
    </time>
  )
  if (message.role === 'user') {
    const text = stripFilesMarker(message.content)
    return (
      <article
        className="flex flex-col items-end gap-1"
        data-testid="shared-message"
        data-role="user"
        aria-label={t('share.page.user')}
      >
        {text ? (
          <div className="max-w-[85%] rounded-2xl rounded-br-md bg-brand/15 px-4 py-2.5 whitespace-pre-wrap break-words text-zinc-900 dark:bg-brand/25 dark:text-zinc-50">
            {text}
          </div>
        ) : null}
        {message.attachments.length ? (
          <ul className="flex max-w-[85%] flex-wrap justify-end gap-1.5" aria-label={t('share.page.files')}>
            {message.attachments.map((file) => (
              <li key={file.id}>
                {files ? (
                  <a
                    href={`/api/shares/${token}/files/${file.id}`}
                    className="flex items-center gap-1.5 rounded-lg border border-zinc-200 bg-white px-2.5 py-1 text-sm hover:bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:bg-zinc-800"
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <FileText className="size-4 shrink-0 text-zinc-500" aria-hidden />
                    <span className="max-w-52 truncate">{file.name}</span>
                  </a>
                ) : (
                  <span className="flex items-center gap-1.5 rounded-lg border border-zinc-200 px-2.5 py-1 text-sm text-zinc-700 dark:border-zinc-800 dark:text-zinc-300">
                    <FileText className="size-4 shrink-0 text-zinc-500" aria-hidden />
                    <span className="max-w-52 truncate">{file.name}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {when}
      </article>
    )
  }
  return (
    <article
      className="flex flex-col items-start gap-1"
      data-testid="shared-message"
      data-role="assistant"
      aria-label={t('share.page.assistant')}
    >
      <div className="max-w-full rounded-2xl rounded-bl-md border border-zinc-200 bg-white px-4 py-3 shadow-xs sm:max-w-[90%] dark:border-zinc-800 dark:bg-zinc-900">
        {typeof Markdown === 'function' ? (
          <Markdown text={message.content} cut={message.status !== 'complete'} />
        ) : (
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        )}
      </div>
      <span className="flex items-center gap-2">
        {message.model_id ? (
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{message.model_id}</span>
        ) : null}
        {when}
      </span>
    </article>
  )
}
