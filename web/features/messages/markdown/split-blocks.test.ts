import { describe, expect, test } from 'bun:test'
import { blocksToRender, closeOpenMarkdown, splitBlocks, stripFilesMarker } from './split-blocks'

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
    expect(closeOpenMarkdown('some text **')).toBe('some text')
    expect(closeOpenMarkdown('done **bold**')).toBe('done **bold**')
  })

  test('closes open inline code', () => {
    expect(closeOpenMarkdown('run `npm i')).toBe('run `npm i`')
  })

  test('closes an open single-star emphasis and drops a dangling star', () => {
    expect(closeOpenMarkdown('this is *importa')).toBe('this is *importa*')
    expect(closeOpenMarkdown('cut right here *')).toBe('cut right here')
    expect(closeOpenMarkdown('**bold *it')).toBe('**bold *it***')
    expect(closeOpenMarkdown('done *it* and **bold**')).toBe('done *it* and **bold**')
  })

  test('list bullets, a star between spaces and stars in code are not emphasis', () => {
    expect(closeOpenMarkdown('* one\n* two')).toBe('* one\n* two')
    expect(closeOpenMarkdown('2 * 3 = 6')).toBe('2 * 3 = 6')
    expect(closeOpenMarkdown('glob `*.ts` files')).toBe('glob `*.ts` files')
    expect(closeOpenMarkdown('an escaped \\* star')).toBe('an escaped \\* star')
  })

  test('closes a fence opened after a line of text in the same block', () => {
    expect(closeOpenMarkdown('Run this:\n```sh\nls -la')).toBe('Run this:\n```sh\nls -la\n```')
    expect(closeOpenMarkdown('Run this:\n```sh\nls\n```')).toBe('Run this:\n```sh\nls\n```')
  })
})

describe('blocksToRender', () => {
  const cutShort = 'Intro *one*.\n\nTry this: **impor'

  test('a stopped or failed answer shows its last block closed; the stored text is unchanged', () => {
    expect(blocksToRender(cutShort, { cut: true })).toEqual([
      { text: 'Intro *one*.', open: false },
      { text: 'Try this: **impor**', open: false },
    ])
    expect(blocksToRender('```js\nconst x', { cut: true })).toEqual([
      { text: '```js\nconst x\n```', open: false },
    ])
    expect(cutShort).toBe('Intro *one*.\n\nTry this: **impor')
  })

  test('the live text closes its last block and marks it open', () => {
    expect(blocksToRender('Say *hi', { streaming: true })).toEqual([{ text: 'Say *hi*', open: true }])
  })

  test('a complete answer is shown as written', () => {
    expect(blocksToRender('2 * 3 and a *', {})).toEqual([{ text: '2 * 3 and a *', open: false }])
  })
})

test('stripFilesMarker hides the attachment marker', () => {
  expect(stripFilesMarker('Look at this\n\n[Files attached: a.pdf, b.png]')).toBe('Look at this')
  expect(stripFilesMarker('plain')).toBe('plain')
})
