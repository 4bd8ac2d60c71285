import { File, FileText } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { fileBadge, fileExtension } from './file-kind'
import '../../i18n/areas/chat'

/**
 * The square mark on a file card: 'PDF' and 'DOC' badges, a text icon for txt/md, else the file's
 * extension (composer previews show the extension, spec section 2).
 */
export function FileBadgeIcon({
  name,
  contentType,
  large,
}: {
  name: string
  contentType: string | null | undefined
  large?: boolean
}) {
  const t = useT()
  const badge = fileBadge(name, contentType)
  const box = cn(
    'flex shrink-0 items-center justify-center rounded-lg font-bold tracking-wide text-white',
    large ? 'size-20 text-lg' : 'size-10 text-[11px]',
  )
  if (badge.kind === 'pdf') return <span className={cn(box, 'bg-red-600')}>PDF</span>
  if (badge.kind === 'doc') return <span className={cn(box, 'bg-blue-600')}>DOC</span>
  if (badge.kind === 'text') {
    return (
      <span
        className={cn(box, 'bg-zinc-600 dark:bg-zinc-700')}
        role="img"
        aria-label={t('chat.attachments.textFile', { extension: badge.label })}
      >
        <FileText className={large ? 'size-9' : 'size-5'} aria-hidden />
      </span>
    )
  }
  const extension = fileExtension(name)
  return (
    <span className={cn(box, 'bg-zinc-500 dark:bg-zinc-700')}>
      {extension ? (
        extension.slice(0, 4)
      ) : (
        <File className={large ? 'size-9' : 'size-5'} aria-label={t('chat.attachments.file')} />
      )}
    </span>
  )
}
