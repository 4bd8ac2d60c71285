import { useT } from '../../../i18n/i18n'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'

/** Asks before a destructive action; the title and text name the user it applies to. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  body,
  confirmLabel,
  busy,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  body: string
  confirmLabel: string
  busy: boolean
  onConfirm: () => void
}) {
  const t = useT()
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} testId="confirm-dialog">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{body}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('common.cancel')}
        </Button>
        <Button variant="destructive" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
