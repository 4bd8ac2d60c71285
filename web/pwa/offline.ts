import { isLocale, pickBrowserLocale } from '../i18n/locales'

/**
 * /offline.js, the offline page's one script (web/pwa/offline-page.ts): shows the page in the
 * language the sign-in card remembers or the browser prefers, and in the chosen theme, as the app
 * would. Both are read from the same keys the app writes (web/i18n/signed-out-locale.ts,
 * web/features/theme/theme.ts); storage may be unavailable, and then the browser decides.
 */
function stored(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

const chosen = stored('parley_language')
const locale = isLocale(chosen) ? chosen : pickBrowserLocale(navigator.languages ?? [navigator.language])
for (const section of document.querySelectorAll<HTMLElement>('main[lang]')) {
  section.hidden = section.lang !== locale
  if (section.lang === locale) document.title = section.dataset.title ?? document.title
}
document.documentElement.lang = locale

const theme = stored('theme')
const dark = theme === 'dark' || (theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches)
document.documentElement.classList.toggle('dark', dark)
