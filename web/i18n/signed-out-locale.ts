import { safeStorage } from '../lib/safe-storage'
import { activateLocale } from './i18n'
import { isLocale, type Locale, pickBrowserLocale } from './locales'

const KEY = 'parley_language'

/**
 * The language of the signed-out screens: the one picked on the sign-in card, else the browser's
 * preferred language when Parley speaks it, else English. Once signed in, the profile decides.
 */
export function signedOutLocale(): Locale {
  const chosen = safeStorage()?.getItem(KEY)
  return isLocale(chosen) ? chosen : pickBrowserLocale(navigator.languages ?? [navigator.language])
}

/** The sign-in card's language switcher: remembered in this browser, shown at once. */
export async function chooseSignedOutLocale(locale: Locale): Promise<void> {
  safeStorage()?.setItem(KEY, locale)
  await activateLocale(locale)
}
