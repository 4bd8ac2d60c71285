import { AlertCircle, X } from 'lucide-react'
import { useState } from 'react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { FileBadgeIcon } from './file-badge-icon'
import { fileExtension, isTextFile } from './file-kind'
import type { PreviewFile } from './file-preview-dialog'
import { fileSize } from './file-size'
import { LazyFilePreviewDialog } from './lazy-file-preview-dialog'
import type { ComposerFile } from './use-attachment-uploads'
import '../../i18n/areas/chat'

/**
 * The previews above the composer's textarea: images as 128 px thumbnails with name and size, other
 * files with their extension; each with a remove button, an upload progress bar and, on failure,
 * the server's reason. A click opens the preview dialog, whose Remove also works here.
 */
export function ComposerAttachments({
  files,
  onRemove,
}: {
  files: ComposerFile[]
  onRemove: (index: number) => void
}) {
  const t = useT()
  const [previewKey, setPreviewKey] = useState<string | null>(null)
  if (files.length === 0) return null
  const previewIndex = files.findIndex((entry) => entry.key === previewKey)
  const previewing = previewIndex >= 0 ? files[previewIndex]! : null

  return (
    <>
      <ul
        aria-label={t('chat.attachments.attached')}
        className="flex gap-2 overflow-x-auto px-3 pt-3"
        data-testid="composer-attachments"
      >
        {files.map((entry, index) => (
          <li
            key={entry.key}
            className="shrink-0"
            data-testid="composer-attachment"
            data-status={entry.status}
          >
            <AttachmentPreview
              entry={entry}
              onOpen={() => setPreviewKey(entry.key)}
              onRemove={() => onRemove(index)}
            />
          </li>
        ))}
      </ul>
      <LazyFilePreviewDialog
        file={previewing ? toPreviewFile(previewing) : null}
        onOpenChange={(open) => !open && setPreviewKey(null)}
        onRemove={previewing ? () => onRemove(previewIndex) : undefined}
      />
    </>
  )
}

function AttachmentPreview({
  entry,
  onOpen,
  onRemove,
}: {
  entry: ComposerFile
  onOpen: () => void
  onRemove: () => void
}) {
  const t = useT()
  const { file } = entry
  const size = fileSize(file.size)
  return (
    <div
      className={cn(
        'group relative flex overflow-hidden rounded-xl border bg-zinc-50 dark:bg-zinc-800/60',
        entry.status === 'error'
          ? 'border-red-400 dark:border-red-500/70'
          : 'border-zinc-200 dark:border-zinc-700',
        // Narrower on phones, so an image and a document fit side by side in the composer.
        entry.previewUrl ? 'w-[130px] flex-col' : 'w-48 items-center gap-2.5 p-2 pr-8 sm:w-56',
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          'flex min-w-0 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand',
          entry.previewUrl ? 'flex-col' : 'flex-1 items-center gap-2.5 rounded-md',
        )}
      >
        <span className="sr-only">{t('chat.attachments.preview')} </span>
        {entry.previewUrl ? (
          <img src={entry.previewUrl} alt="" className="size-32 object-cover" />
        ) : (
          <FileBadgeIcon name={file.name} contentType={file.type} />
        )}
        <span className={cn('min-w-0', entry.previewUrl && 'px-2 py-1.5')}>
          <span className="block truncate text-xs font-medium" title={file.name}>
            {file.name}
          </span>
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">
            {entry.previewUrl
              ? size
              : `${fileExtension(file.name) || t('chat.attachments.genericExtension')} · ${size}`}
          </span>
        </span>
      </button>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('chat.attachments.remove', { name: file.name })}
        className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-zinc-900/70 text-white hover:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <X className="size-3.5" aria-hidden />
      </button>
      {entry.status === 'uploading' ? <UploadProgress name={file.name} progress={entry.progress} /> : null}
      {entry.status === 'error' ? (
        <p
          role="alert"
          className={cn(
            'flex items-start gap-1 text-xs text-red-700 dark:text-red-400',
            entry.previewUrl ? 'px-2 pb-1.5' : 'absolute inset-x-2 bottom-0.5 truncate',
          )}
        >
          <AlertCircle className="mt-px size-3 shrink-0" aria-hidden />
          <span className={cn(!entry.previewUrl && 'truncate')} title={entry.error}>
            {entry.error}
          </span>
        </p>
      ) : null}
    </div>
  )
}

function UploadProgress({ name, progress }: { name: string; progress: number }) {
  const t = useT()
  const percent = Math.round(progress * 100)
  return (
    <div
      role="progressbar"
      aria-label={
        percent >= 100
          ? t('chat.attachments.processing', { name })
          : t('chat.attachments.uploading', { name })
      }
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="absolute inset-x-0 bottom-0 h-1 bg-zinc-200 dark:bg-zinc-700"
    >
      <div
        className={cn('h-full bg-brand transition-[width] duration-150', percent >= 100 && 'animate-pulse')}
        style={{ width: `${percent}%` }}
      />
    </div>
  )
}

function toPreviewFile(entry: ComposerFile): PreviewFile {
  const { file, uploaded } = entry
  const served = uploaded ? `/api/files/${uploaded.id}` : null
  return {
    name: file.name,
    contentType: uploaded?.contentType ?? file.type,
    size: file.size,
    url: served ?? entry.previewUrl,
    downloadUrl: served ? `${served}?download=1` : null,
    readText: isTextFile(file.name, file.type) ? () => file.text() : undefined,
  }
}
