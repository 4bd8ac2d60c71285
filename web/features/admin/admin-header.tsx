import { ArrowLeft, ShieldCheck } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { buttonClass } from '../../ui/button'
import { SLOT, withNode } from '../../ui/with-node'
import '../../i18n/areas/admin'

/** The admin area's top bar: its title, who is signed in, and the way back to the app. */
export function AdminHeader({ adminName }: { adminName: string }) {
  const t = useT()
  return (
    <header className="border-b border-zinc-200 bg-white/80 dark:border-zinc-800 dark:bg-zinc-950/80">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 sm:px-6">
        <ShieldCheck className="size-7 shrink-0 text-brand-ink" aria-hidden />
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-bold tracking-tight">{t('admin.title')}</h1>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {withNode(
              t('admin.signedInAs', { name: SLOT }),
              <span className="font-medium text-zinc-800 dark:text-zinc-200">{adminName}</span>,
            )}
          </p>
        </div>
        {/* A full page load: the app's chunks are not this one's. */}
        <a href="/" className={buttonClass('outline', 'sm')}>
          <ArrowLeft className="size-4" aria-hidden /> {t('common.backToApp')}
        </a>
      </div>
    </header>
  )
}
