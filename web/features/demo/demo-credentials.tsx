import { useT } from '../../i18n/i18n'
import { type DemoCredentials, useDemo } from './demo-query'
import '../../i18n/areas/demo'

/** On the demo's sign-in card: who to sign in as, and a button that fills the form with it. */
export function DemoCredentialsNote({ onUse }: { onUse: (credentials: DemoCredentials) => void }) {
  const t = useT()
  const demo = useDemo()
  if (!demo) return null
  return (
    <div
      data-testid="demo-credentials"
      className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <p>{t('demo.credentials.intro')}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="font-medium">{t('demo.credentials.email')}</dt>
        <dd className="font-mono break-all" data-testid="demo-email">
          {demo.email}
        </dd>
        <dt className="font-medium">{t('demo.credentials.password')}</dt>
        <dd className="font-mono break-all" data-testid="demo-password">
          {demo.password}
        </dd>
      </dl>
      <button
        type="button"
        onClick={() => onUse(demo)}
        className="mt-2 font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
      >
        {t('demo.credentials.use')}
      </button>
    </div>
  )
}
