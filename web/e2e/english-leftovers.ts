import { expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { SOURCES } from '../i18n/compile'
import type { Locale } from '../i18n/locales'

/*
 * The check languages.test.ts makes on every screen, for suites that walk screens of their own: a
 * visible text or an accessible name that is still the English one fails, unless the language
 * writes it the same or it is a name that stays as it is.
 */

/** Words and names that stay as they are in every language. */
const SAME_EVERYWHERE = new Set([
  'Parley',
  'fake-model',
  'OpenAI',
  'Markdown',
  'JSON',
  'Email',
  'E-mail',
  'OK',
])

const cache = new Map<Locale, Set<string>>()

/** The English texts that `locale` writes differently: seeing one of these on its screens is a miss. */
function englishOnly(locale: Locale): Set<string> {
  const known = cache.get(locale)
  if (known) return known
  const translated = SOURCES[locale]
  const texts = new Set<string>()
  for (const [id, text] of Object.entries(SOURCES.en)) {
    // A text with values is never shown verbatim; its parts are checked through other screens.
    if (text.includes('{')) continue
    if (translated[id as keyof typeof translated] === text) continue
    if (!SAME_EVERYWHERE.has(text)) texts.add(text.trim())
  }
  cache.set(locale, texts)
  return texts
}

/** Every visible text node and every accessible-name attribute on the page, trimmed. */
function readTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const visible = (element: Element) =>
      (element as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim()
      if (text && node.parentElement && visible(node.parentElement)) found.push(text)
    }
    for (const element of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
      if (!visible(element)) continue
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim()
        if (value) found.push(value)
      }
    }
    return found
  })
}

/** Fails, naming the screen, when an English text shows where `locale` has its own. */
export async function expectNoEnglish(page: Page, locale: Locale, screen: string) {
  const misses = [...new Set(await readTexts(page))].filter((text) => englishOnly(locale).has(text))
  expect({ screen, locale, english: misses }).toEqual({ screen, locale, english: [] })
}

/** A text of the catalogue in `locale`, with `{name}` values filled in (to find a button by its name). */
export function say(locale: Locale, id: keyof (typeof SOURCES)['en'], values: Record<string, string> = {}) {
  return SOURCES[locale][id].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`)
}
