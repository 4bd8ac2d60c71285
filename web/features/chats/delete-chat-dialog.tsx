import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useT } from '../../i18n/i18n'
import { buttonClass } from '../../ui/button'
import { overlayClass } from '../../ui/dialog'
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
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={`${overlayClass} z-50`} />
        <AlertDialog.Content
          data-testid="delete-chat-dialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-200 bg-white p-5 shadow-2xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          <AlertDialog.Title className="text-lg font-semibold">
            {t('shell.deleteChat.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {t('shell.deleteChat.description', { title })}
          </AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('outline')}>{t('common.cancel')}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass('destructive')} onClick={onConfirm}>
              {t('common.delete')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
