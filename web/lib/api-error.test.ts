import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { messages as german } from '../i18n/compiled/de'
import { errors as english } from '../i18n/en/errors'
import { i18n } from '../i18n/i18n'
import { apiFailure, errorCode, errorMessage, loadErrorTexts, readApiError } from './api-error'

// The texts are a chunk of their own, fetched before a failed answer is read (web/lib/api.ts).
beforeAll(() => loadErrorTexts())

describe('readApiError', () => {
  test('reads the message and the stable code of the envelope', () => {
    const error = { status: 404, value: { success: false, error: 'Chat not found', code: 'not_found:chat' } }
    expect(readApiError(error, 'Failed')).toEqual({
      message: 'Chat not found',
      code: 'not_found:chat',
      status: 404,
    })
  })

  test('a body without the envelope gives the fallback and no code', () => {
    expect(
      readApiError({ status: 502, value: '<html>Bad gateway</html>' }, 'HTTP error! status: 502'),
    ).toEqual({
      message: 'HTTP error! status: 502',
      code: null,
      status: 502,
    })
    expect(readApiError(null, 'Failed')).toEqual({ message: 'Failed', code: null, status: null })
  })

  test('the decision follows the code, whatever the text says', () => {
    const renamed = {
      status: 404,
      value: { success: false, error: 'Diese Unterhaltung gibt es nicht', code: 'not_found:chat' },
    }
    expect(errorCode(apiFailure(renamed, 'Failed'))).toBe('not_found:chat')
    expect(errorCode(new Error('Chat not found'))).toBeNull()
  })
})

describe("server errors in the reader's language", () => {
  beforeEach(() => {
    i18n.load('de', german)
    i18n.activate('de')
  })
  afterEach(() => i18n.activate('en'))

  const envelope = (code: string, error: string) => ({ status: 400, value: { success: false, error, code } })

  test("a known code gives its translation, whatever the server's text says", () => {
    expect(readApiError(envelope('not_found:chat', 'Chat not found'), 'Failed').message).toBe(
      'Chat nicht gefunden',
    )
    expect(errorMessage('unauthorized:current_password', 'Some other wording')).toBe(
      'Das aktuelle Passwort ist falsch',
    )
    expect(apiFailure(envelope('conflict:email', 'x'), 'Failed').message).toBe(
      'Es gibt bereits ein Konto mit dieser E-Mail-Adresse',
    )
  })

  test("an unknown code, or none, gives the server's text; no text gives the fallback", () => {
    expect(readApiError(envelope('teapot:brewing', 'I am a teapot'), 'Failed').message).toBe('I am a teapot')
    expect(readApiError({ status: 500, value: { error: 'Plain text' } }, 'Failed').message).toBe('Plain text')
    expect(readApiError({ status: 500, value: { code: 'teapot' } }, 'Fehlgeschlagen').message).toBe(
      'Fehlgeschlagen',
    )
    // Validation texts name a field and carry the schema's English: shown as sent.
    expect(errorMessage('bad_request:validation', 'Invalid email: Expected string')).toBe(
      'Invalid email: Expected string',
    )
  })

  test('a code with several texts is translated by the text, with its value kept', () => {
    expect(errorMessage('rate_limited:budget', english['error.rate_limited:budget.monthly'])).toBe(
      'Monatsbudget überschritten. KI-Anfragen sind bis nächsten Monat gesperrt.',
    )
    expect(errorMessage('payload_too_large:file', 'File is too large (max 25 MB)')).toBe(
      'Die Datei ist zu groß (max. 25 MB)',
    )
    expect(errorMessage('unprocessable:file_empty', 'The file is empty: notes (1).txt')).toBe(
      'Die Datei ist leer: notes (1).txt',
    )
    expect(errorMessage('bad_request:nul', 'Text cannot contain NUL characters (\\u0000)')).toBe(
      'Text darf keine NUL-Zeichen (U+0000) enthalten',
    )
    // A text of that code the catalogue does not know stays the server's.
    expect(errorMessage('bad_request:body', 'Something new about the body')).toBe(
      'Something new about the body',
    )
  })

  test("in English every catalogued code gives the server's own text back", () => {
    i18n.activate('en')
    for (const [key, text] of Object.entries(english)) {
      const code = key.slice('error.'.length).split('.')[0]!
      const sample = text.replace(/\{\w+\}/g, 'x.txt').replace('\\u005C', '\\')
      expect(errorMessage(code, sample)).toBe(sample)
    }
  })
})
