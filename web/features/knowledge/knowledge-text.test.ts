import { expect, test } from 'bun:test'
import { previewOf } from './knowledge-text'

test('the preview folds line breaks and blank lines into spaces', () => {
  expect(previewOf('User: Hi\n\nAI:  Hello\nthere ')).toBe('User: Hi AI: Hello there')
})
