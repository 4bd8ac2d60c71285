import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, ShieldAlert, ShieldCheck } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { buttonClass } from '../../ui/button'
import { SLOT, withNode } from '../../ui/with-node'
import { displayName, profileQuery } from '../profile/profile-query'
import { AuditSection } from './audit/audit-section'
import { UsersSection } from './users/users-section'
import '../../i18n/areas/shell'

/** The admin area. Only administrators may open it; others are told so and given a way back. */
export function AdminPage() {
  const t = useT()
  const profile = useQuery(profileQuery)
  if (profile.isPending) {
    return (
      <div
        className="flex h-full items-center justify-center text-sm text-zinc-600 dark:text-zinc-400"
        role="status"
      >
        {t('common.loading')}
      </div>
    )
  }
  const isAdmin = profile.data?.role === 'admin'
  return (
    <main
      className={
        isAdmin
          ? 'mx-auto flex min-h-full max-w-6xl flex-col px-4 py-8 sm:px-6'
          : 'mx-auto flex min-h-full max-w-2xl flex-col justify-center px-6 py-12'
      }
      data-testid="admin-page"
    >
      {isAdmin ? (
        <>
          <ShieldCheck className="size-10 text-brand-ink" aria-hidden />
          <h1 className="mt-4 text-3xl font-bold tracking-tight">{t('shell.admin.title')}</h1>
          <p className="mt-2 text-zinc-700 dark:text-zinc-300">
            {withNode(
              t('shell.admin.signedInAs', { name: SLOT }),
              <span className="font-semibold">{displayName(profile.data)}</span>,
            )}
          </p>
          {/* TEMPORARY: shown here until the admin shell (another branch) gives them their own sections. */}
          <div className="mt-8 flex flex-col gap-12">
            <UsersSection />
            <AuditSection />
          </div>
        </>
      ) : (
        <>
          <ShieldAlert className="size-10 text-red-600 dark:text-red-400" aria-hidden />
          <h1 className="mt-4 text-3xl font-bold tracking-tight">{t('shell.admin.notAllowedTitle')}</h1>
          <p className="mt-2 text-zinc-700 dark:text-zinc-300" role="alert">
            {t('shell.admin.notAllowed')}
          </p>
        </>
      )}
      <a href="/" className={`${buttonClass('outline')} mt-8 self-start`}>
        <ArrowLeft className="size-4" aria-hidden /> {t('common.backToApp')}
      </a>
    </main>
  )
}
