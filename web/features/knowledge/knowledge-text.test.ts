import { expect, test } from 'bun:test'
import { previewOf } from './knowledge-text'

test('the preview folds line breaks and blank lines into spaces', () => {
  expect(previewOf('User: Hi\n\nAI:  Hello\nthere ')).toBe('User: Hi AI: Hello there')
})

test('the preview reads as the rendered entry: no markdown marks (issue 26)', () => {
  expect(
    previewOf(
      'User: Check this\n\nAttached file: a.txt\n> Sunscreen  \n> Hat  \n\nAI: Pack **light**, _really_:\n\n- sunscreen\n1. a `hat`\n## Then\nSee [the guide](https://example.com) and ![a map](/api/images/x)',
    ),
  ).toBe(
    'User: Check this Attached file: a.txt Sunscreen Hat AI: Pack light, really: sunscreen a hat Then See the guide and a map',
  )
  // Words with underscores or stars inside stay whole.
  expect(previewOf('snake_case_name and 2*3*4')).toBe('snake_case_name and 2*3*4')
})
