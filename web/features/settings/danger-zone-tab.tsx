import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Toaster, toast } from 'sonner'
import { t, useT } from '../../i18n/i18n'
import { api, errorText } from '../../lib/api'
import { loadSonner } from '../../lib/toast'
import { Button } from '../../ui/button'
import { Input, Label } from '../../ui/input'
import { sessionQuery } from '../auth/session-query'
import '../../i18n/areas/account'

/** Typed as is in every language (the spec's word), so the label and the toast name it as a value. */
const CONFIRM_WORD = 'DELETE'
const FINAL_TOAST_MS = 15_000
const REDIRECT_MS = 1_000
const FINAL_TOAST_ID = 'confirm-delete-account'
/** The toaster inside the settings dialog that shows the final confirmation. */
const FINAL_TOASTER_ID = 'account-deletion'
const FINAL_TOAST_WIDTH = 440

// This tab uses sonner itself (a toaster of its own, a custom toast): the page's toaster
// (web/ui/lazy-toaster.tsx) mounts with it, for the progress and outcome toasts.
void loadSonner()

/**
 * Runs after the final toast is confirmed. Progress and the outcome are ordinary toasts: the
 * success one must outlive the dialog, which goes with the session.
 */
async function deleteAccount(queryClient: QueryClient) {
  const progress = toast.loading(t('account.delete.deleting'))
  try {
    // The httpOnly session cookie is the credential (page script never holds the token, see
    // docs/decisions/100-session-token-not-in-page.md); the server checks this page's Origin.
    const { error } = await api.user['delete-account'].delete()
    if (error) return void toast.error(errorText(error, t('account.delete.failed')), { id: progress })
    toast.success(t('account.delete.done'), { id: progress })
    localStorage.clear()
    sessionStorage.clear()
    queryClient.setQueryData(sessionQuery.queryKey, null)
    setTimeout(() => window.location.assign('/'), REDIRECT_MS)
  } catch {
    toast.error(t('account.delete.unexpected'), { id: progress })
  }
}

/** Whether the final confirmation is showing; if so it is closed (Escape closes it, not the dialog). */
export function dismissFinalConfirmation(): boolean {
  const open = toast.getToasts().some((shown) => shown.id === FINAL_TOAST_ID && !('dismiss' in shown))
  if (open) toast.dismiss(FINAL_TOAST_ID)
  return open
}

/**
 * The final confirmation's own toaster, rendered inside the settings dialog (docs/decisions/147):
 * a modal dialog keeps mouse and keyboard away from the page's toaster, and closing the dialog to
 * reach it dropped the person out of Settings on Cancel. In here the toast is reachable, Cancel
 * leaves the person where they were, and focus goes back to the form when it closes.
 */
export function FinalConfirmationToaster() {
  const t = useT()
  // The confirmation belongs to this dialog: closing the dialog withdraws it.
  useEffect(() => () => void toast.dismiss(FINAL_TOAST_ID), [])
  return (
    <Toaster
      id={FINAL_TOASTER_ID}
      position="bottom-center"
      offset={{ bottom: 24 }}
      mobileOffset={{ bottom: 12, left: 12, right: 12 }}
      hotkey={[]}
      containerAriaLabel={t('common.toasts.label')}
      style={{ '--width': `${FINAL_TOAST_WIDTH}px` } as React.CSSProperties}
    />
  )
}

/** The spec's final toast: its title and warning on the full width, the two choices under them. */
function FinalConfirmation({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const t = useT()
  const id = useId()
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      data-testid="delete-account-final"
      className="w-full rounded-xl border border-red-300 bg-white p-4 text-left shadow-xl dark:border-red-900 dark:bg-zinc-900"
    >
      <p id={`${id}-title`} className="flex items-center gap-2 font-semibold text-red-700 dark:text-red-300">
        <TriangleAlert className="size-4 shrink-0" aria-hidden /> {t('account.delete.sure')}
      </p>
      <p id={`${id}-description`} className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
        {t('account.delete.sureDescription')}
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {/* Focus starts on the safe choice: the toast is the next step the person must answer. */}
        <Button variant="outline" size="sm" onClick={onCancel} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button variant="destructive" size="sm" onClick={onConfirm}>
          {t('account.delete.confirm')}
        </Button>
      </div>
    </section>
  )
}

export function DangerZoneTab() {
  const t = useT()
  const queryClient = useQueryClient()
  const [typed, setTyped] = useState('')
  const [deleting, setDeleting] = useState(false)
  // The confirmation word is shown in monospace inside the sentence, wherever the language puts it.
  const [beforeWord, afterWord] = t('account.delete.typeToConfirm', { word: CONFIRM_WORD }).split(
    CONFIRM_WORD,
  )

  function requestDeletion(event: FormEvent) {
    event.preventDefault()
    if (typed !== CONFIRM_WORD) return void toast.error(t('account.delete.mustType', { word: CONFIRM_WORD }))
    toast.custom(
      () => (
        <FinalConfirmation
          onCancel={() => toast.dismiss(FINAL_TOAST_ID)}
          onConfirm={() => {
            toast.dismiss(FINAL_TOAST_ID)
            setDeleting(true)
            void deleteAccount(queryClient).finally(() => setDeleting(false))
          }}
        />
      ),
      { id: FINAL_TOAST_ID, toasterId: FINAL_TOASTER_ID, duration: FINAL_TOAST_MS },
    )
  }

  return (
    <form
      onSubmit={requestDeletion}
      aria-labelledby="delete-account-title"
      className="space-y-4 rounded-xl border border-red-300 bg-red-50/60 p-4 dark:border-red-900 dark:bg-red-950/30"
    >
      <h3
        id="delete-account-title"
        className="flex items-center gap-2 font-semibold text-red-700 dark:text-red-300"
      >
        <TriangleAlert className="size-4" aria-hidden /> {t('account.delete.title')}
      </h3>
      <div className="text-sm text-zinc-700 dark:text-zinc-300">
        <p>{t('account.delete.intro')}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t('account.delete.removesProfile')}</li>
          <li>{t('account.delete.removesChats')}</li>
          <li>{t('account.delete.removesFiles')}</li>
        </ul>
      </div>
      <div>
        <Label htmlFor="delete-confirmation">
          {beforeWord}
          <span className="font-mono font-bold">{CONFIRM_WORD}</span>
          {afterWord}
        </Label>
        <Input
          id="delete-confirmation"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="destructive" busy={deleting}>
          {t('account.delete.title')}
        </Button>
      </div>
    </form>
  )
}
