import * as Switch from '@radix-ui/react-switch'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Pencil } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { formatDate } from '../../i18n/format'
import { activateLocale, useT } from '../../i18n/i18n'
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../i18n/locales'
import { api, errorText } from '../../lib/api'
import { toast } from '../../lib/toast'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { Input, Label, Textarea } from '../../ui/input'
import { Select } from '../../ui/select'
import { LockReason, useSupportAccessTarget } from '../impersonation/account-security-lock'
import { AvatarEditor } from './avatar-editor'
import { type Profile, profileQuery } from './profile-query'
import { UsageStatistics } from './usage-statistics'
import '../../i18n/areas/account'
import '../../i18n/areas/errors'

interface Draft {
  fullName: string
  bio: string
  language: Locale
  notifications: boolean
}

function draftOf(profile: Profile): Draft {
  const language = isLocale(profile.preferred_language) ? profile.preferred_language : 'en'
  return {
    fullName: profile.full_name ?? '',
    bio: profile.bio ?? '',
    language,
    notifications: profile.notifications_enabled ?? true,
  }
}

/** The join date in the reader's language: 'November 24, 2026', '24. November 2026'. */
export function formatJoined(date: string | Date) {
  return formatDate(date)
}

/** The User Profile dialog: view and edit modes, avatar, details and usage statistics. */
export default function ProfileDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const profile = useQuery(profileQuery)
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('account.profile.title')}
      testId="profile-dialog"
      className="max-w-xl"
    >
      {profile.data ? (
        <ProfileBody profile={profile.data} />
      ) : profile.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('account.profile.loadFailed')}
        </p>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('common.loading')}</p>
      )}
    </Dialog>
  )
}

function ProfileBody({ profile }: { profile: Profile }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(() => draftOf(profile))
  const [saving, setSaving] = useState(false)
  const name = profile.full_name?.trim() || t('account.profile.unnamed')
  // The picture is the account's face to others: support access may not change it (decision 117).
  const supportTarget = useSupportAccessTarget()
  const avatarLockId = useId()

  // A profile pushed from another tab refreshes the fields, unless the user is editing them.
  useEffect(() => {
    if (!editing) setDraft(draftOf(profile))
  }, [profile, editing])

  function cancel() {
    setDraft(draftOf(profile))
    setEditing(false)
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    setSaving(true)
    try {
      const { data, error } = await api.profile.patch({
        full_name: draft.fullName.trim(),
        bio: draft.bio,
        preferred_language: draft.language,
        notifications_enabled: draft.notifications,
      })
      if (error) return void toast.error(errorText(error, t('account.profile.updateFailed')))
      queryClient.setQueryData(profileQuery.queryKey, data.data)
      await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey })
      // The new language shows before the toast does, so the toast speaks it too.
      await activateLocale(draft.language)
      toast.success(t('account.profile.updated'))
      setEditing(false)
    } catch {
      toast.error(t('error.internal'))
    } finally {
      setSaving(false)
    }
  }

  const languageName = LOCALE_NAMES[draft.language]

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4">
        <AvatarEditor profile={profile} name={name} lockedBy={supportTarget === null ? null : avatarLockId} />
        <div className="min-w-0">
          <p className="truncate text-xl font-semibold" data-testid="profile-name">
            {name}
          </p>
          <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{profile.email}</p>
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            {t('account.profile.joined', { date: formatJoined(profile.created_at) })}
          </p>
        </div>
      </div>
      {supportTarget !== null ? (
        <LockReason id={avatarLockId} testId="avatar-locked">
          {t('account.avatar.locked', { name: supportTarget })}
        </LockReason>
      ) : null}

      <form onSubmit={save} className="space-y-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        {/* Wraps when a language's heading and button do not fit side by side on a phone. */}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">{t('account.profile.information')}</h3>
          {!editing ? (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil className="size-3.5" aria-hidden /> {t('account.profile.edit')}
            </Button>
          ) : null}
        </div>
        {editing ? (
          <>
            <div>
              <Label htmlFor="profile-full-name">{t('account.profile.fullName')}</Label>
              <Input
                id="profile-full-name"
                autoComplete="name"
                value={draft.fullName}
                onChange={(event) => setDraft({ ...draft, fullName: event.target.value })}
              />
            </div>
            <div>
              <Label htmlFor="profile-bio">{t('account.profile.bio')}</Label>
              <Textarea
                id="profile-bio"
                value={draft.bio}
                placeholder={t('account.profile.bioPlaceholder')}
                onChange={(event) => setDraft({ ...draft, bio: event.target.value })}
              />
            </div>
            <div>
              <Label htmlFor="profile-language">{t('common.language')}</Label>
              <Select
                id="profile-language"
                value={draft.language}
                onValueChange={(value) => setDraft({ ...draft, language: isLocale(value) ? value : 'en' })}
                // Each language in its own words, tagged so it is read out in that language.
                options={LOCALES.map((locale) => ({
                  value: locale,
                  label: LOCALE_NAMES[locale],
                  lang: locale,
                }))}
              />
            </div>
            <div className="flex items-center justify-between gap-4">
              <Label htmlFor="profile-notifications" className="mb-0">
                {t('account.profile.notifications')}
                <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">
                  {draft.notifications ? t('account.profile.enabled') : t('account.profile.disabled')}
                </span>
              </Label>
              <Switch.Root
                id="profile-notifications"
                checked={draft.notifications}
                onCheckedChange={(checked) => setDraft({ ...draft, notifications: checked })}
                className="relative h-6 w-11 shrink-0 rounded-full bg-zinc-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand data-[state=checked]:bg-brand dark:bg-zinc-700 dark:data-[state=checked]:bg-brand"
              >
                <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
              </Switch.Root>
            </div>
            <div className="flex justify-end gap-2 pt-1">
              <Button variant="outline" onClick={cancel} disabled={saving}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" busy={saving}>
                {saving ? t('account.profile.saving') : t('account.profile.saveChanges')}
              </Button>
            </div>
          </>
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Detail term={t('account.profile.fullName')}>{name}</Detail>
            <Detail term={t('common.language')}>
              <span lang={draft.language}>{languageName}</span>
            </Detail>
            <Detail term={t('account.profile.notifications')}>
              {profile.notifications_enabled ? t('account.profile.enabled') : t('account.profile.disabled')}
            </Detail>
            <Detail term={t('account.profile.bio')} wide>
              {profile.bio?.trim() ? (
                <span className="whitespace-pre-wrap">{profile.bio}</span>
              ) : (
                <span className="text-zinc-600 italic dark:text-zinc-400">{t('account.profile.noBio')}</span>
              )}
            </Detail>
          </dl>
        )}
      </form>

      <UsageStatistics />
    </div>
  )
}

function Detail({ term, wide, children }: { term: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  )
}
