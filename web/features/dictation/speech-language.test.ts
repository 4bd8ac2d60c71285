import { expect, test } from 'bun:test'
import { LOCALES } from '../../i18n/locales'
import { speechLanguage } from './speech-language'

test('English dictates in en-US (spec); every other language in its own locale', () => {
  expect(LOCALES.map(speechLanguage)).toEqual(['en-US', 'es-ES', 'fr-FR', 'de-DE', 'it-IT', 'pt-BR'])
})
