import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { t, useT } from '../../i18n/i18n'
import { api, errorText } from '../../lib/api'
import { Button } from '../../ui/button'
import { Input, Label } from '../../ui/input'
import { sessionQuery } from '../auth/session-query'
import '../../i18n/areas/account'

/** Typed as is in every language (the spec's word), so the label and the toast name it as a value. */
const CONFIRM_WORD = 'DELETE'
const FINAL_TOAST_MS = 15_000
const REDIRECT_MS = 1_000

/**
 * Runs after the final toast is confirmed. The settings dialog is closed by then (a modal dialog
 * would keep the toast out of reach of mouse and keyboard), so progress is shown as a toast too.
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

export function DangerZoneTab({ onConfirmRequested }: { onConfirmRequested: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [typed, setTyped] = useState('')
  // The confirmation word is shown in monospace inside the sentence, wherever the language puts it.
  const [beforeWord, afterWord] = t('account.delete.typeToConfirm', { word: CONFIRM_WORD }).split(
    CONFIRM_WORD,
  )

  function requestDeletion(event: FormEvent) {
    event.preventDefault()
    if (typed !== CONFIRM_WORD) return void toast.error(t('account.delete.mustType', { word: CONFIRM_WORD }))
    onConfirmRequested()
    toast.warning(t('account.delete.sure'), {
      id: 'confirm-delete-account',
      description: t('account.delete.sureDescription'),
      duration: FINAL_TOAST_MS,
      action: { label: t('account.delete.confirm'), onClick: () => void deleteAccount(queryClient) },
      cancel: { label: t('common.cancel'), onClick: () => undefined },
    })
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
        <Button type="submit" variant="destructive">
          {t('account.delete.title')}
        </Button>
      </div>
    </form>
  )
}
