import { useT } from '../../i18n/i18n'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import '../../i18n/areas/shell'

/** Asks before a chat and its messages are deleted for good. */
export function DeleteChatDialog({
  title,
  open,
  onOpenChange,
  onConfirm,
}: {
  title: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
}) {
  const t = useT()
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="delete-chat-dialog"
      title={t('shell.deleteChat.title')}
      description={t('shell.deleteChat.description', { title })}
      confirmLabel={t('common.delete')}
      onConfirm={onConfirm}
    />
  )
}
