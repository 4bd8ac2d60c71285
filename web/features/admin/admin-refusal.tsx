import { ArrowLeft, ShieldAlert } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { buttonClass } from '../../ui/button'
import '../../i18n/areas/admin'

/** Shown to anyone who may not use the admin area: non-admins, and an admin acting as another user. */
export function AdminRefusal() {
  const t = useT()
  return (
    <main
      className="mx-auto flex min-h-full max-w-2xl flex-col justify-center px-6 py-12"
      data-testid="admin-refusal"
    >
      <ShieldAlert className="size-10 text-red-600 dark:text-red-400" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t('admin.notAllowedTitle')}</h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300" role="alert">
        {t('admin.notAllowed')}
      </p>
      <a href="/" className={`${buttonClass('outline')} mt-8 self-start`}>
        <ArrowLeft className="size-4" aria-hidden /> {t('common.backToApp')}
      </a>
    </main>
  )
}
