import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useState } from 'react'
import { useT } from '../../i18n/i18n'
import { type MessageAttachment, messageAttachmentsQuery } from './attachment-queries'
import { FileBadgeIcon } from './file-badge-icon'
import { fileBadge, isImageFile } from './file-kind'
import type { PreviewFile } from './file-preview-dialog'
import { fileSize } from './file-size'
import { LazyFilePreviewDialog } from './lazy-file-preview-dialog'
import '../../i18n/areas/chat'

/**
 * A sent message's files (spec section 2, 'Message rendering'): loaded when its text carried the
 * '[Files attached: …]' marker; images as thumbnails that open the preview, other files as download
 * cards with their type label.
 */
export function MessageAttachments({ messageId }: { messageId: string }) {
  const t = useT()
  const attachments = useQuery(messageAttachmentsQuery(messageId))
  const [preview, setPreview] = useState<PreviewFile | null>(null)

  if (attachments.isPending) {
    return (
      <div className="mt-2 h-16 w-40 animate-pulse rounded-xl bg-zinc-200 dark:bg-zinc-800" aria-hidden />
    )
  }
  if (attachments.isError) {
    return <p className="mt-2 text-xs text-red-700 dark:text-red-400">{attachments.error.message}</p>
  }
  if (attachments.data.length === 0) return null

  return (
    <>
      <ul
        aria-label={t('chat.attachments.list')}
        className="mt-2 flex flex-wrap justify-end gap-2"
        data-testid="message-attachments"
      >
        {attachments.data.map((attachment) => (
          <li key={attachment.id}>
            {isImageFile(attachment.content_type) ? (
              <button
                type="button"
                onClick={() => setPreview(toPreviewFile(attachment))}
                aria-label={t('chat.attachments.openNamed', { name: attachment.filename })}
                className="block overflow-hidden rounded-xl border border-zinc-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:border-zinc-700"
              >
                <img
                  src={attachment.file_data}
                  alt={attachment.filename}
                  loading="lazy"
                  className="size-32 bg-zinc-100 object-cover dark:bg-zinc-800"
                />
              </button>
            ) : (
              <DownloadCard attachment={attachment} onOpen={() => setPreview(toPreviewFile(attachment))} />
            )}
          </li>
        ))}
      </ul>
      <LazyFilePreviewDialog file={preview} onOpenChange={(open) => !open && setPreview(null)} />
    </>
  )
}

function DownloadCard({ attachment, onOpen }: { attachment: MessageAttachment; onOpen: () => void }) {
  const t = useT()
  const badge = fileBadge(attachment.filename, attachment.content_type)
  return (
    <div
      data-testid="attachment-card"
      className="flex w-64 max-w-full items-center gap-2.5 rounded-xl border border-zinc-200 bg-white p-2 text-left dark:border-zinc-700 dark:bg-zinc-900"
    >
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-center gap-2.5 rounded-md text-left focus-visible:outline-2 focus-visible:outline-brand"
      >
        <span className="sr-only">{t('chat.attachments.open')} </span>
        <FileBadgeIcon name={attachment.filename} contentType={attachment.content_type} />
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium" title={attachment.filename}>
            {attachment.filename}
          </span>
          <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">
            {badge.kind === 'other' ? badge.label : fileSize(attachment.size)}
          </span>
        </span>
      </button>
      <a
        href={`${attachment.file_data}?download=1`}
        download={attachment.filename}
        aria-label={t('chat.attachments.download', { name: attachment.filename })}
        className="flex size-8 shrink-0 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:bg-zinc-800"
      >
        <Download className="size-4" aria-hidden />
      </a>
    </div>
  )
}

function toPreviewFile(attachment: MessageAttachment): PreviewFile {
  return {
    name: attachment.filename,
    contentType: attachment.content_type,
    size: attachment.size,
    url: attachment.file_data,
    downloadUrl: `${attachment.file_data}?download=1`,
  }
}
