import { i18n, type Messages } from '@lingui/core'
import { useLingui } from '@lingui/react'
import type { MessageArgs, MessageId } from './catalogue'
import { messages as common } from './compiled/en/common'
import type { Locale } from './locales'

// English ships in areas: the common texts with the app, the others with the screens that show
// them (web/i18n/areas/, imported by those screens). The other languages are one chunk each,
// fetched by those who use them.
i18n.load('en', common)
i18n.activate('en')

/** Adds an area's English texts (web/i18n/areas/*.ts call this as they load). */
export function addEnglish(messages: Messages) {
  i18n.load('en', messages)
}

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('./compiled/es'),
  fr: () => import('./compiled/fr'),
  de: () => import('./compiled/de'),
  it: () => import('./compiled/it'),
  pt: () => import('./compiled/pt'),
}
const loaded = new Set<Locale>(['en'])

export { i18n }

/** The active language. */
export const currentLocale = (): Locale => i18n.locale as Locale

/**
 * Switches every mounted screen to `locale`, fetching its messages first (so nothing flashes in
 * English), and sets `<html lang>`. Resolves once the new language shows.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale) && locale !== 'en') {
    const { messages } = await loaders[locale]()
    i18n.load(locale, messages)
    loaded.add(locale)
  }
  if (i18n.locale !== locale) i18n.activate(locale)
  document.documentElement.lang = locale
}

/** A message in the active language. Outside React (toasts from mutations, say). */
export function t<K extends MessageId>(id: K, ...args: MessageArgs<K>): string {
  return i18n._(id, args[0])
}

/** `t` for components: the component renders again when the language changes. */
export function useT() {
  useLingui()
  return t
}
