import { useQueryClient } from '@tanstack/react-query'
import { Camera, Loader2, Trash2 } from 'lucide-react'
import { type ChangeEvent, useRef, useState } from 'react'
import { t, useT } from '../../i18n/i18n'
import { api, errorText } from '../../lib/api'
import { toast } from '../../lib/toast'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { UserAvatar } from '../../ui/user-avatar'
import { type Profile, profileQuery } from './profile-query'
import '../../i18n/areas/account'

export const AVATAR_MAX_BYTES = 5242880

/** The spec's client-side avatar checks, in the reader's language; null when the file may be uploaded. */
export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return t('account.avatar.notImage')
  if (file.size > AVATAR_MAX_BYTES) return t('account.avatar.tooLarge')
  return null
}

/**
 * The avatar with its change and remove buttons. `lockedBy`: the id of the text saying why they are
 * locked (support access: the server refuses them with 403 forbidden:impersonating), or null.
 */
export function AvatarEditor({
  profile,
  name,
  lockedBy = null,
}: {
  profile: Profile
  name: string
  lockedBy?: string | null
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null)
  const [confirmRemove, setConfirmRemove] = useState(false)
  const disabled = busy !== null || lockedBy !== null

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const problem = checkAvatarFile(file)
    if (problem) return void toast.error(problem)
    setBusy('upload')
    try {
      const { data, error } = await api.profile.avatar.put({ file })
      if (error) return void toast.error(errorText(error, t('account.avatar.uploadFailed')))
      queryClient.setQueryData(profileQuery.queryKey, data.data)
      toast.success(t('account.avatar.updated'))
    } catch {
      toast.error(t('account.avatar.updateFailed'))
    } finally {
      setBusy(null)
    }
  }

  async function remove() {
    setBusy('remove')
    try {
      const { data, error } = await api.profile.avatar.delete()
      if (error) return void toast.error(errorText(error, t('account.avatar.removeFailed')))
      queryClient.setQueryData(profileQuery.queryKey, data.data)
      toast.success(t('account.avatar.removed'))
    } catch {
      toast.error(t('account.avatar.removeFailed'))
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="relative shrink-0">
      <UserAvatar
        url={profile.avatar_url}
        name={name}
        className="size-20 text-2xl ring-4 ring-white dark:ring-zinc-900"
      />
      {busy ? (
        <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/40">
          <Loader2 className="size-6 animate-spin text-white" aria-label={t('account.avatar.saving')} />
        </span>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="avatar-input"
        disabled={disabled}
        onChange={upload}
      />
      <button
        type="button"
        aria-label={t('account.avatar.change')}
        aria-describedby={lockedBy ?? undefined}
        disabled={disabled}
        onClick={() => input.current?.click()}
        className="absolute -right-1 -bottom-1 flex size-8 items-center justify-center rounded-full border-2 border-white bg-gradient-to-br from-brand to-brand-2 text-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-900"
      >
        <Camera className="size-4" aria-hidden />
      </button>
      {profile.avatar_url ? (
        <>
          <button
            type="button"
            aria-label={t('account.avatar.remove')}
            aria-describedby={lockedBy ?? undefined}
            disabled={disabled}
            onClick={() => setConfirmRemove(true)}
            className="absolute -top-1 -right-1 flex size-7 items-center justify-center rounded-full border-2 border-white bg-red-600 text-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-900"
          >
            <Trash2 className="size-3.5" aria-hidden />
          </button>
          <ConfirmDialog
            open={confirmRemove}
            onOpenChange={setConfirmRemove}
            title={t('account.avatar.removeTitle')}
            description={t('account.avatar.removeDescription')}
            confirmLabel={t('account.avatar.removeConfirm')}
            onConfirm={() => void remove()}
          />
        </>
      ) : null}
    </div>
  )
}
