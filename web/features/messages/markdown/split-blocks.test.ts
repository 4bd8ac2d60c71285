import { describe, expect, test } from 'bun:test'
import { closeOpenMarkdown, splitBlocks, stripFilesMarker } from './split-blocks'

describe('splitBlocks', () => {
  test('splits paragraphs at blank lines', () => {
    expect(splitBlocks('one\ntwo\n\nthree')).toEqual(['one\ntwo', 'three'])
  })

  test('keeps a fenced code block with blank lines in one block', () => {
    const text = 'intro\n\n```ts\nconst a = 1\n\nconst b = 2\n```\n\nafter'
    expect(splitBlocks(text)).toEqual(['intro', '```ts\nconst a = 1\n\nconst b = 2\n```', 'after'])
  })

  test('finished blocks stay identical as more text streams in', () => {
    const full = 'para one\n\n- a\n- b\n\n```js\nx()\n```\n\nlast words here'
    const finalBlocks = splitBlocks(full)
    for (let cut = 1; cut < full.length; cut++) {
      const partial = splitBlocks(full.slice(0, cut))
      // Every block but the open last one is already final.
      for (let i = 0; i < partial.length - 1; i++) expect(partial[i]).toBe(finalBlocks[i]!)
    }
  })
})

describe('closeOpenMarkdown', () => {
  test('closes an unterminated code fence', () => {
    expect(closeOpenMarkdown('```py\nprint(1)')).toBe('```py\nprint(1)\n```')
  })

  test('leaves a closed fence alone', () => {
    expect(closeOpenMarkdown('```\na\n```')).toBe('```\na\n```')
  })

  test('closes an open bold run and drops a marker with nothing after it', () => {
    expect(closeOpenMarkdown('some **bold te')).toBe('some **bold te**')
    expect(closeOpenMarkdown('some text **')).toBe('some text ')
    expect(closeOpenMarkdown('done **bold**')).toBe('done **bold**')
  })

  test('closes open inline code', () => {
    expect(closeOpenMarkdown('run `npm i')).toBe('run `npm i`')
  })
})

test('stripFilesMarker hides the attachment marker', () => {
  expect(stripFilesMarker('Look at this\n\n[Files attached: a.pdf, b.png]')).toBe('Look at this')
  expect(stripFilesMarker('plain')).toBe('plain')
})
