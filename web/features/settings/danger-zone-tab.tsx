import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { api, errorText } from '../../lib/api'
import { Button } from '../../ui/button'
import { Input, Label } from '../../ui/input'
import { sessionQuery } from '../auth/session-query'

const CONFIRM_WORD = 'DELETE'
const FINAL_TOAST_MS = 15_000
const REDIRECT_MS = 1_000

/**
 * Runs after the final toast is confirmed. The settings dialog is closed by then (a modal dialog
 * would keep the toast out of reach of mouse and keyboard), so progress is shown as a toast too.
 */
async function deleteAccount(queryClient: QueryClient) {
  const progress = toast.loading('Deleting account...')
  try {
    // The httpOnly session cookie is the credential (page script never holds the token, see
    // docs/decisions/100-session-token-not-in-page.md); the server checks this page's Origin.
    const { error } = await api.user['delete-account'].delete()
    if (error) return void toast.error(errorText(error, 'Failed to delete account'), { id: progress })
    toast.success('Account deleted successfully. Redirecting to login...', { id: progress })
    localStorage.clear()
    sessionStorage.clear()
    queryClient.setQueryData(sessionQuery.queryKey, null)
    setTimeout(() => window.location.assign('/'), REDIRECT_MS)
  } catch {
    toast.error('An unexpected error occurred while deleting account', { id: progress })
  }
}

export function DangerZoneTab({ onConfirmRequested }: { onConfirmRequested: () => void }) {
  const queryClient = useQueryClient()
  const [typed, setTyped] = useState('')

  function requestDeletion(event: FormEvent) {
    event.preventDefault()
    if (typed !== CONFIRM_WORD) return void toast.error('Please type "DELETE" to confirm account deletion')
    onConfirmRequested()
    toast.warning('Are you absolutely sure?', {
      id: 'confirm-delete-account',
      description: 'Your account, chats and files will be deleted. This cannot be undone.',
      duration: FINAL_TOAST_MS,
      action: { label: 'Delete my account', onClick: () => void deleteAccount(queryClient) },
      cancel: { label: 'Cancel', onClick: () => undefined },
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
        <TriangleAlert className="size-4" aria-hidden /> Delete Account
      </h3>
      <div className="text-sm text-zinc-700 dark:text-zinc-300">
        <p>Deleting your account is permanent. It removes:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>your profile and profile picture;</li>
          <li>all of your chats and messages;</li>
          <li>the files you uploaded.</li>
        </ul>
      </div>
      <div>
        <Label htmlFor="delete-confirmation">
          Type <span className="font-mono font-bold">DELETE</span> to confirm
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
          Delete Account
        </Button>
      </div>
    </form>
  )
}
