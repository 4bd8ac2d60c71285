import { useT } from '../i18n/i18n'

/** The full-screen 'Loading...' shown while the session is read or a screen's code is fetched. */
export function LoadingScreen() {
  const t = useT()
  return (
    <div
      className="flex h-full items-center justify-center text-sm text-zinc-600 dark:text-zinc-400"
      role="status"
    >
      {t('common.loading')}
    </div>
  )
}
