import { AlertCircle, Loader2, Paperclip, X } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { FileBadgeIcon } from '../attachments/file-badge-icon'
import type { ComposerFile } from '../attachments/use-attachment-uploads'
import '../../i18n/areas/chat'
import '../../i18n/areas/shell'

const chipClass =
  'flex max-w-56 items-center gap-2 rounded-xl border bg-zinc-50 py-1.5 pr-1 pl-2 dark:bg-zinc-800/60'
const removeClass =
  'flex size-6 shrink-0 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100'

/** One file in the editor: a kept file of the message, or a new one (uploading, ready or failed). */
export function EditorFileChip({
  name,
  contentType,
  upload,
  onRemove,
}: {
  name: string
  contentType: string | null | undefined
  /** A new file's upload; left out for the message's own files. */
  upload?: ComposerFile
  onRemove: () => void
}) {
  const t = useT()
  const failed = upload?.status === 'error'
  return (
    <li
      className={cn(
        chipClass,
        failed ? 'border-red-400 dark:border-red-500/70' : 'border-zinc-200 dark:border-zinc-700',
      )}
      data-testid="editor-attachment"
      data-status={upload?.status ?? 'kept'}
    >
      {upload?.status === 'uploading' ? (
        // A small file is read in a moment: a spinner, not the composer's progress bar.
        <span
          role="progressbar"
          aria-label={t('chat.attachments.uploading', { name })}
          className="flex size-10 shrink-0 items-center justify-center"
        >
          <Loader2 className="size-4 animate-spin text-zinc-600 dark:text-zinc-400" aria-hidden />
        </span>
      ) : (
        <FileBadgeIcon name={name} contentType={contentType} />
      )}
      <span className="min-w-0">
        <span className="block truncate text-xs font-medium" title={name}>
          {name}
        </span>
        {failed ? (
          <span
            role="alert"
            className="flex items-center gap-1 truncate text-xs text-red-700 dark:text-red-400"
            title={upload.error}
          >
            <AlertCircle className="size-3 shrink-0" aria-hidden />
            <span className="truncate">{upload.error}</span>
          </span>
        ) : null}
      </span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('chat.attachments.remove', { name })}
        className={removeClass}
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </li>
  )
}

/** The editor's paperclip: the composer's 'Add photos & files', for files added to the edit. */
export function AddFilesButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  const t = useT()
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={t('shell.composer.addFiles')}
      title={t('shell.composer.addFiles')}
      data-testid="editor-add-files"
      className="flex size-8 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50 dark:text-zinc-400 dark:hover:bg-zinc-800"
    >
      <Paperclip className="size-4" aria-hidden />
    </button>
  )
}
