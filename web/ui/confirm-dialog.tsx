import * as AlertDialog from '@radix-ui/react-alert-dialog'
import type { ReactNode } from 'react'
import { useT } from '../i18n/i18n'
import { Button } from './button'
import { overlayClass } from './dialog'

/**
 * Asks before a destructive action: Cancel, or the action named by `confirmLabel`. An alert dialog,
 * so a click beside it does not answer for the person. Closes as the action starts, unless
 * `busy` is given: then it stays, the button spinning, until the caller closes it when the
 * request is done (a failure can then be tried again without asking anew).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy,
  testId,
  confirmTestId,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  confirmLabel: ReactNode
  onConfirm: () => void
  busy?: boolean
  testId?: string
  confirmTestId?: string
}) {
  const t = useT()
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        {/* Above an ordinary dialog (z-50): it may be asked from inside one (profile, chat settings). */}
        <AlertDialog.Overlay className={`${overlayClass} z-[60]`} />
        <AlertDialog.Content
          data-testid={testId}
          className="fixed top-1/2 left-1/2 z-[60] w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-200 bg-white p-5 shadow-2xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            {description}
          </AlertDialog.Description>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </AlertDialog.Cancel>
            <Button
              variant="destructive"
              busy={busy}
              data-testid={confirmTestId}
              onClick={() => {
                onConfirm()
                if (busy === undefined) onOpenChange(false)
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
