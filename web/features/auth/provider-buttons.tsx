import { LogIn } from 'lucide-react'
import { currentLocale, useT } from '../../i18n/i18n'
import { buttonClass } from '../../ui/button'
import { providerStartUrl } from './sign-in-links'
import type { SignInOptions } from './sign-in-options'
import '../../i18n/areas/auth'

/**
 * "Sign in with <label>" for each enabled provider. Links, not fetches: the flow is a full page
 * navigation to the provider and back (src/identity), which also keeps the session cookie first-party.
 */
export function ProviderButtons({ providers }: { providers: SignInOptions['providers'] }) {
  const t = useT()
  return (
    <ul className="flex flex-col gap-2" data-testid="provider-buttons">
      {providers.map((provider) => (
        <li key={provider.id}>
          <a
            href={providerStartUrl(provider.id, window.location, currentLocale())}
            // A long label in a long language wraps rather than being cut off on a phone.
            className={`${buttonClass('outline', 'md')} h-auto min-h-11 w-full border-brand/40 py-2 text-center hover:border-brand sm:text-base`}
            data-testid="provider-button"
            data-provider={provider.id}
          >
            <LogIn className="size-4 shrink-0 text-brand-ink" aria-hidden />
            <span className="min-w-0 break-words">
              {t('auth.provider.signIn', { label: provider.label })}
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}

/** The line between the providers' buttons and the password form. */
export function OrDivider() {
  const t = useT()
  return (
    <div className="my-5 flex items-center gap-3 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" aria-hidden />
      {t('auth.provider.or')}
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" aria-hidden />
    </div>
  )
}
