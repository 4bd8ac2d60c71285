import { afterAll, describe, expect, test } from 'bun:test'
import { i18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { type Area, compiledEnglishArea, compiledModule, ENGLISH_AREAS } from './compile'
import { formatBytes, formatMoney, formatPercent, formatRelative } from './format'
import { LOCALES, type Locale, pickBrowserLocale } from './locales'

// Test files share one process: leave the app's language as the app starts, English.
afterAll(() => i18n.activate('en'))

/** Formats one ICU message in a language, as the app does (compiled by Lingui, plural rules from Intl). */
function format(locale: Locale, message: string, values: Record<string, unknown>) {
  i18n.load(locale, { probe: compileMessage(message) })
  i18n.activate(locale)
  return i18n._('probe', values)
}

describe('compiled catalogues', () => {
  test.each(LOCALES.filter((locale) => locale !== 'en'))(
    'web/i18n/compiled/%s.ts is up to date with its source (run `bun run i18n:compile`)',
    async (locale) => {
      const onDisk = await Bun.file(new URL(`./compiled/${locale}.ts`, import.meta.url)).text()
      expect(onDisk).toBe(compiledModule(locale as Exclude<Locale, 'en'>))
    },
  )
  test.each(Object.keys(ENGLISH_AREAS))('web/i18n/compiled/en/%s.ts is up to date', async (area) => {
    const onDisk = await Bun.file(new URL(`./compiled/en/${area}.ts`, import.meta.url)).text()
    expect(onDisk).toBe(compiledEnglishArea(area as Area))
  })

  test('a file that shows an area’s texts loads that area’s English (import of web/i18n/areas/<area>)', async () => {
    // Every area is named by its key prefix (`adminUsers.…`), except errors (`error.…`); common
    // ships with the app and needs no import.
    const areaOfPrefix: Record<string, string> = { error: 'errors' }
    for (const area of Object.keys(ENGLISH_AREAS))
      if (area !== 'common' && area !== 'errors') areaOfPrefix[area] = area
    const missing: string[] = []
    for await (const path of new Bun.Glob('web/{features,lib,routes,ui}/**/*.{ts,tsx}').scan('.')) {
      if (path.includes('.test.')) continue
      const text = await Bun.file(path).text()
      for (const [, prefix] of text.matchAll(/\bt\(\s*['"`](\w+)\./g)) {
        if (!areaOfPrefix[prefix!]) continue
        const area = areaOfPrefix[prefix!]!
        if (!text.includes(`i18n/areas/${area}'`)) missing.push(`${path}: ${area}`)
      }
    }
    expect([...new Set(missing)]).toEqual([])
  })
})

describe('plurals follow each language’s rules', () => {
  const entries = '{count, plural, one {# entry} other {# entries}}'
  test('French and Portuguese treat 0 as singular; the others do not', () => {
    expect(format('fr', '{count, plural, one {# entrée} other {# entrées}}', { count: 0 })).toBe('0 entrée')
    expect(format('pt', '{count, plural, one {# entrada} other {# entradas}}', { count: 0 })).toBe(
      '0 entrada',
    )
    expect(format('en', entries, { count: 0 })).toBe('0 entries')
    expect(format('de', '{count, plural, one {# Eintrag} other {# Einträge}}', { count: 0 })).toBe(
      '0 Einträge',
    )
    expect(format('es', '{count, plural, one {# entrada} other {# entradas}}', { count: 0 })).toBe(
      '0 entradas',
    )
    expect(format('it', '{count, plural, one {# voce} other {# voci}}', { count: 0 })).toBe('0 voci')
  })

  const forms: Record<Locale, { words: [string, string]; cases: [number, string][] }> = {
    en: {
      words: ['entry', 'entries'],
      cases: [
        [1, '1 entry'],
        [2, '2 entries'],
        [5, '5 entries'],
        [21, '21 entries'],
        [1_000_000, '1,000,000 entries'],
      ],
    },
    de: {
      words: ['Eintrag', 'Einträge'],
      cases: [
        [1, '1 Eintrag'],
        [2, '2 Einträge'],
        [5, '5 Einträge'],
        [21, '21 Einträge'],
        [1_000_000, '1.000.000 Einträge'],
      ],
    },
    fr: {
      words: ['entrée', 'entrées'],
      cases: [
        [1, '1 entrée'],
        [2, '2 entrées'],
        [5, '5 entrées'],
        [21, '21 entrées'],
        [1_000_000, '1 000 000 entrées'],
      ],
    },
    es: {
      words: ['entrada', 'entradas'],
      cases: [
        [1, '1 entrada'],
        [2, '2 entradas'],
        [5, '5 entradas'],
        [21, '21 entradas'],
        [1_000_000, '1.000.000 entradas'],
      ],
    },
    it: {
      words: ['voce', 'voci'],
      cases: [
        [1, '1 voce'],
        [2, '2 voci'],
        [5, '5 voci'],
        [21, '21 voci'],
        [1_000_000, '1.000.000 voci'],
      ],
    },
    pt: {
      words: ['entrada', 'entradas'],
      cases: [
        [1, '1 entrada'],
        [2, '2 entradas'],
        [5, '5 entradas'],
        [21, '21 entradas'],
        [1_000_000, '1.000.000 entradas'],
      ],
    },
  }
  for (const locale of LOCALES) {
    test(`${locale}: 1, 2, 5, 21 and a million`, () => {
      const { words, cases } = forms[locale]
      for (const [count, expected] of cases) {
        // Intl's grouping uses a narrow no-break space in French; compare with plain spaces.
        const text = format(locale, `{count, plural, one {# ${words[0]}} other {# ${words[1]}}}`, { count })
        expect(text.replace(/\s/g, ' ')).toBe(expected)
      }
    })
  }
})

describe('numbers, money, sizes and times in the user’s language', () => {
  const inLocale = <T>(locale: Locale, run: () => T): T => {
    i18n.load(locale, {})
    i18n.activate(locale)
    return run()
  }
  const spaces = (text: string) => text.replace(/\s/g, ' ')

  test('money is in US dollars, written the language’s way', () => {
    expect(inLocale('en', () => formatMoney(1234.5))).toBe('$1,234.50')
    expect(spaces(inLocale('de', () => formatMoney(1234.5)))).toBe('1.234,50 $')
    expect(spaces(inLocale('fr', () => formatMoney(1234.5)))).toBe('1 234,50 $US')
  })

  test('percentages', () => {
    expect(inLocale('en', () => formatPercent(0.8))).toBe('80%')
    expect(spaces(inLocale('fr', () => formatPercent(0.8)))).toBe('80 %')
  })

  test('file sizes use the language’s decimal mark and unit', () => {
    expect(inLocale('en', () => formatBytes(1536))).toBe('1.5 kB')
    expect(spaces(inLocale('fr', () => formatBytes(1.5 * 1024 * 1024)))).toBe('1,5 Mo')
    expect(inLocale('de', () => formatBytes(500))).toBe('500 Byte')
  })

  test('relative times', () => {
    const now = Date.parse('2026-11-24T12:00:00Z')
    expect(inLocale('en', () => formatRelative(now - 3 * 60_000, now))).toBe('3 minutes ago')
    expect(inLocale('de', () => formatRelative(now - 3 * 60_000, now))).toBe('vor 3 Minuten')
    expect(inLocale('fr', () => formatRelative(now - 86_400_000, now))).toBe('hier')
  })
})

describe('which language a signed-out visitor gets', () => {
  test('the first of the browser’s languages that Parley speaks, else English', () => {
    expect(pickBrowserLocale(['pt-BR', 'en'])).toBe('pt')
    expect(pickBrowserLocale(['nl-NL', 'de-AT'])).toBe('de')
    expect(pickBrowserLocale(['ja'])).toBe('en')
    expect(pickBrowserLocale([])).toBe('en')
  })
})
