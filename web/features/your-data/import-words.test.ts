import { afterAll, beforeAll, expect, test } from 'bun:test'
import { messages as french } from '../../i18n/compiled/fr'
import { i18n, t } from '../../i18n/i18n'
import { failureText, reasonText } from './import-words'
import type { Import } from './imports-query'

/*
 * An import's failure and its report's reasons are worded from their codes in the reader's language
 * (decision 150); a code this client does not know, or a row from before codes, reads as the
 * server's English.
 */
beforeAll(() => {
  i18n.load('fr', french)
  i18n.activate('fr')
})
afterAll(() => i18n.activate('en'))

const failed = (error_code: string | null, error_values: Import['error_values'] = null) =>
  ({ error: 'The English sentence.', error_code, error_values }) as Import

test('a failure is worded from its code, its numbers in the reader’s way', () => {
  expect(failureText(t, failed('not_an_export'))).toBe(
    'Ce fichier n’est pas un export de ChatGPT, Claude ou Parley.',
  )
  expect(failureText(t, failed('too_many_conversations', { count: 10_001, max: 10_000 }))).toBe(
    'L’export contient 10\u202f001 conversations\u00a0; 10\u202f000 au plus peuvent être importées à la fois.',
  )
  expect(failureText(t, failed('a_code_from_a_newer_server'))).toBe('The English sentence.')
  expect(failureText(t, failed(null))).toBe('The English sentence.')
})

test('a reason is worded from its code; the parts kept as text are counted in words', () => {
  const skip = (code: string | undefined, values?: Record<string, string | number>) => ({
    title: 'x',
    reason: 'English reason.',
    code,
    values,
  })
  expect(reasonText(t, skip('placeholders', { image: 1, file: 2, toolCall: 1 }))).toBe(
    'Les parties que l’export ne contient pas ou que Parley ne peut pas afficher ont été gardées en texte\u00a0: 1 image, 2 fichiers, 1 appel d’outil.',
  )
  expect(reasonText(t, skip('unreachable', { count: 2 }))).toBe(
    '2 messages ne sont pas reliés à la conversation et ont été omis.',
  )
  expect(reasonText(t, skip('not_a_conversation', { format: 'Claude' }))).toBe(
    'Cette entrée n’est pas une conversation Claude et a été omise.',
  )
  expect(reasonText(t, skip(undefined))).toBe('English reason.')
})
