import { describe, expect, test } from 'bun:test'
import { convertDocxHtmlToText } from './docx-html-to-text'

describe('convertDocxHtmlToText', () => {
  test('headings become # lines and paragraphs are separated by a blank line', () => {
    expect(convertDocxHtmlToText('<h1>Title</h1><p>One.</p><h2>Part</h2><p>Two.</p>')).toBe(
      '# Title\n\nOne.\n\n## Part\n\nTwo.',
    )
  })

  test('lists become - or numbered items, nested lists indented', () => {
    const html =
      '<ul><li>Fruit<ul><li>Apple</li><li>Pear</li></ul></li><li>Bread</li></ul><ol><li>First</li><li>Second</li></ol>'
    expect(convertDocxHtmlToText(html)).toBe('- Fruit\n  - Apple\n  - Pear\n- Bread\n\n1. First\n2. Second')
  })

  test('tables become pipe tables, with pipes in cells escaped and ragged rows padded', () => {
    const html =
      '<table><tr><th><p>Name</p></th><th><p>Note</p></th></tr>' +
      '<tr><td><p>A|B</p></td><td><p>x</p><p>y</p></td></tr><tr><td><p>Only</p></td></tr></table>'
    expect(convertDocxHtmlToText(html)).toBe('| Name | Note |\n| --- | --- |\n| A\\|B | x y |\n| Only |  |')
  })

  test('decodes entities, keeps inline marks as text, drops images, keeps line breaks', () => {
    const html =
      '<p>Fish &amp; chips &lt;3 &#233;&#x263A;</p><p><strong>Bold</strong> and <em>it</em><img src="" /></p><p>a<br />b</p>'
    expect(convertDocxHtmlToText(html)).toBe('Fish & chips <3 é☺\n\nBold and it\n\na\nb')
  })
})
