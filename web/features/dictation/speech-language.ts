import type { Locale } from '../../i18n/locales'

/**
 * The recognition language for the user's language: en-US for English, as the spec says, and the
 * main locale of each other language (Brazilian Portuguese, like the translations).
 */
const SPEECH_LANGUAGES: Record<Locale, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
  pt: 'pt-BR',
}

export const speechLanguage = (locale: Locale): string => SPEECH_LANGUAGES[locale]
