import { describe, expect, test } from 'bun:test'
import { apiFailure, errorCode, readApiError } from './api-error'

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
