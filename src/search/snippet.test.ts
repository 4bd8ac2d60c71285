import { describe, expect, test } from 'bun:test'
import { parseQuery } from './query'
import { makeSnippet } from './snippet'

const marks = (content: string, q: string) => {
  const { words, prefix } = parseQuery(q)
  const { snippet, highlights } = makeSnippet(content, words, prefix)
  return { snippet, marked: highlights.map(([start, end]) => snippet.slice(start, end)) }
}

describe('query pieces', () => {
  test('words, a quoted phrase, an unclosed quote; the last word a prefix while typing', () => {
    expect(parseQuery('quarterly budg')).toMatchObject({
      pieces: [
        { text: 'quarterly', prefix: false },
        { text: 'budg', prefix: true },
      ],
      words: ['quarterly', 'budg'],
      prefix: true,
    })
    expect(parseQuery('"quarterly budget" ')).toMatchObject({
      pieces: [{ text: 'quarterly budget', prefix: false }],
    })
    expect(parseQuery('"quarterly budg').pieces).toEqual([{ text: 'quarterly budg', prefix: true }])
    // One letter is no prefix: it would match nearly everything.
    expect(parseQuery('b').prefix).toBe(false)
    // Only punctuation and operators: nothing to look for.
    expect(parseQuery('!& | :* <-> "" ()').pieces).toEqual([])
  })

  test('at most 12 pieces, each at most 200 characters', () => {
    const parsed = parseQuery(`${'word '.repeat(100)}${'x'.repeat(10_000)}`)
    expect(parsed.pieces).toHaveLength(12)
    expect(parseQuery('y'.repeat(10_000)).pieces[0]!.text).toHaveLength(200)
  })
})

describe('snippets', () => {
  test('offsets into the plain snippet mark the matched words, accents and case as written', () => {
    expect(marks('Your Résumé reads well; the résumé is short.', 'resume')).toEqual({
      snippet: 'Your Résumé reads well; the résumé is short.',
      marked: ['Résumé', 'résumé'],
    })
    expect(marks('Die Straße und die Größe', 'strasse gro').marked).toEqual(['Straße', 'Größe'])
  })

  test('a match far into a long text: the snippet starts near it, cut at a word, with ellipses', () => {
    const content = `${'filler words here '.repeat(40)}the budget is set ${'and more after '.repeat(30)}`
    const { snippet, marked } = marks(content, 'budget')
    expect(snippet.startsWith('… ')).toBe(true)
    expect(snippet.endsWith(' …')).toBe(true)
    expect(snippet.length).toBeLessThanOrEqual(205)
    expect(marked).toEqual(['budget'])
  })

  test('Japanese characters of the query are one mark; markdown marks are left out', () => {
    expect(marks('来年度の予算の見直しについて', '予算').marked).toEqual(['予算'])
    expect(marks('**Budget** and `code`', 'budget')).toEqual({
      snippet: 'Budget and code',
      marked: ['Budget'],
    })
  })
})
