/** The six languages of the profile's `preferred_language`, English first (it ships with the app). */
export const LOCALES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const
export type Locale = (typeof LOCALES)[number]

/** Each language in its own words, for the language pickers. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
}

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** The first of the browser's preferred languages that Parley speaks ('pt-BR' → 'pt'), else English. */
export function pickBrowserLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLocale(base)) return base
  }
  return 'en'
}
