import { beforeAll, expect, test } from 'bun:test'
import { renderToStaticMarkup } from 'react-dom/server'
import { cachedBlock, loadGfm, needsGfm, parseTree, renderAndCacheBlock, renderBlock } from './render-block'

const tree = (text: string, withGfm: boolean) => JSON.stringify(parseTree(text, withGfm))

const html = (text: string) => renderToStaticMarkup(renderBlock(text))

// GitHub-flavoured markdown's extensions are a chunk of their own, fetched by the first block that
// needs them (the chat view waits for them before it shows such an answer).
beforeAll(() => loadGfm())

/** Blocks with no GitHub-flavoured sign, of every CommonMark kind. */
const COMMONMARK = [
  '**bold** and `code`',
  '# Heading\n\ntext',
  '## A *second* level',
  '- one\n- two\n\n- loose',
  '3. three\n4. four',
  '> a quote\n> - with a list',
  '```ts\nconst a = 1 < 2 && 3 > 2\n```',
  '    indented code',
  '[a link](https://example.com/path) and ![an image](/api/images/x.png)',
  '[ref]\n\n[ref]: https://example.com',
  'Use the <br> tag, <kbd>Ctrl</kbd>+<kbd>C</kbd> & 5 * 3 = 15',
  'line one  \nline two\\\nline three',
  '***\n\n___',
  'Setext\n======',
  'Text[2] and [z](y) and [ y ] and snake_case_words and *em*phasis',
  'Ünïcödé — “quotes” ‘single’ … 日本語の文章、句読点。',
  '<https://example.com> is an autolink CommonMark has',
  'a\\|b escaped \\~ signs and 1 : 2 ratio',
]

test('a block with no GitHub-flavoured sign parses the same without the extensions', () => {
  for (const text of COMMONMARK) {
    if (text.includes('https://') || text.includes('|') || text.includes('~')) {
      expect(needsGfm(text)).toBe(true)
      continue
    }
    expect(needsGfm(text)).toBe(false)
    expect(tree(text, false)).toBe(tree(text, true))
  }
})

test('every GitHub-flavoured construct is told by its sign', () => {
  for (const text of [
    '| a |\n| - |\n| 1 |',
    '~~gone~~',
    'Text[^1].\n\n[^1]: The note.',
    '- [ ] todo',
    '- [x] done',
    '- [X] done',
    'www.example.com',
    'WWW.EXAMPLE.COM',
    'see http://example.com',
    'see https://example.com',
    'write to ada@example.com',
    'mailto:ada@example.com',
    'xmpp:ada@example.com',
  ]) {
    expect(needsGfm(text)).toBe(true)
    // And each of them is something the extensions change.
    expect(tree(text, false)).not.toBe(tree(text, true))
  }
})

test('renders GitHub-flavoured markdown', () => {
  expect(html('**bold** and `code`')).toBe(
    '<p><strong>bold</strong> and <code class="rounded bg-zinc-200/70 px-1 py-0.5 text-[0.9em] dark:bg-zinc-700/70">code</code></p>',
  )
  expect(html('| a |\n| - |\n| 1 |')).toContain('<table>')
  expect(html('~~gone~~ www.example.com')).toBe(
    '<p><del>gone</del> <a href="http://www.example.com/" target="_blank" rel="noopener noreferrer nofollow" class="font-medium text-brand-ink underline">www.example.com</a></p>',
  )
  expect(html('- [x] done')).toContain('<input type="checkbox" disabled="" checked=""/>')
  // The shared GFM extensions hold no state between documents.
  expect(html('| b |\n| - |\n| 2 |')).toContain('<td>2</td>')
})

test('raw HTML is never rendered as markup', () => {
  const out = html('before <img src=x onerror="alert(1)"> <script>alert(2)</script> after')
  expect(out).not.toContain('<img')
  expect(out).not.toContain('<script')
  expect(out).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;')
})

test('HTML in an answer shows as literal text, not silently deleted', () => {
  expect(html('Use the <br> tag for a line break.')).toBe('<p>Use the &lt;br&gt; tag for a line break.</p>')
  expect(html('Wrap it: <kbd>Ctrl</kbd>+<kbd>C</kbd>')).toBe(
    '<p>Wrap it: &lt;kbd&gt;Ctrl&lt;/kbd&gt;+&lt;kbd&gt;C&lt;/kbd&gt;</p>',
  )
  // A block of HTML becomes a paragraph of its text.
  expect(html('<div class="x">\n<b>hi</b>\n</div>')).toBe(
    '<p>&lt;div class=&quot;x&quot;&gt;\n&lt;b&gt;hi&lt;/b&gt;\n&lt;/div&gt;</p>',
  )
  // Code keeps its HTML as it always did.
  expect(html('`<br>`')).toContain('&lt;br&gt;</code>')
})

test('javascript: and data: links stay inert text; http links open in a new tab', () => {
  expect(html('[x](javascript:alert(1))')).toBe('<p><span data-testid="inert-link">x</span></p>')
  expect(html('[y](data:text/html,hi)')).toBe('<p><span data-testid="inert-link">y</span></p>')
  expect(html('[z](https://example.com/)')).toContain(
    '<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow"',
  )
})

test('headings, and blocks one per line as react-markdown rendered them', () => {
  expect(html('# A\ntext\n## B\nmore')).toBe('<h1>A</h1>\n<p>text</p>\n<h2>B</h2>\n<p>more</p>')
  expect(html('#### Four\n###### Six')).toBe('<h4>Four</h4>\n<h6>Six</h6>')
})

test('a tight list shows its items without paragraphs, a loose one with them', () => {
  expect(html('- a\n- b')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>')
  expect(html('- a\n\n- b')).toBe('<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>')
  expect(html('- a\n  - b\n- c')).toBe('<ul>\n<li>a\n<ul>\n<li>b</li>\n</ul>\n</li>\n<li>c</li>\n</ul>')
})

test('an ordered list keeps its start number, and task items their checkbox', () => {
  expect(html('3. a\n4. b')).toBe('<ol start="3">\n<li>a</li>\n<li>b</li>\n</ol>')
  expect(html('1. a')).toBe('<ol>\n<li>a</li>\n</ol>')
  expect(html('5. [x] a\n6. [ ] b')).toBe(
    '<ol start="5" class="contains-task-list">\n<li class="task-list-item"><input type="checkbox" disabled="" checked=""/> a</li>\n<li class="task-list-item"><input type="checkbox" disabled=""/> b</li>\n</ol>',
  )
  expect(html('- [ ] a\n\n- [x] b')).toBe(
    '<ul class="contains-task-list">\n<li class="task-list-item">\n<p><input type="checkbox" disabled=""/> a</p>\n</li>\n<li class="task-list-item">\n<p><input type="checkbox" disabled="" checked=""/> b</p>\n</li>\n</ul>',
  )
})

test('a table aligns its columns, pads short rows and has a body only with body rows', () => {
  expect(html('| l | c | r | n |\n| :- | :-: | -: | - |\n| 1 | 2 | 3 | 4 |')).toBe(
    '<table><thead><tr><th style="text-align:left">l</th><th style="text-align:center">c</th><th style="text-align:right">r</th><th>n</th></tr></thead><tbody><tr><td style="text-align:left">1</td><td style="text-align:center">2</td><td style="text-align:right">3</td><td>4</td></tr></tbody></table>',
  )
  expect(html('| a | b |\n| - | - |\n| 1 |\n| 1 | 2 | 3 |')).toBe(
    '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td></td></tr><tr><td>1</td><td>2</td></tr></tbody></table>',
  )
  expect(html('| a |\n| - |')).toBe('<table><thead><tr><th>a</th></tr></thead></table>')
})

test('reference links resolve through the block’s definitions; unresolved ones show as written', () => {
  const link = (href: string, text: string) =>
    `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow" class="font-medium text-brand-ink underline">${text}</a>`
  expect(html('[text][REF] and [ref][] and [ref]\n\n[ref]: https://ref.com')).toBe(
    `<p>${link('https://ref.com/', 'text')} and ${link('https://ref.com/', 'ref')} and ${link('https://ref.com/', 'ref')}</p>`,
  )
  expect(html('[text][nope] and [*a* b][nope] and ![alt][nope]')).toBe(
    '<p>[text][nope] and [<em>a</em> b][nope] and ![alt][nope]</p>',
  )
  expect(html('[x][js]\n\n[js]: javascript:alert(1)')).toBe('<p><span data-testid="inert-link">x</span></p>')
})

test('a blockquote holds its blocks, one per line', () => {
  expect(html('> - one\n> - two\n>\n> after')).toBe(
    '<blockquote>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<p>after</p>\n</blockquote>',
  )
})

test('a footnote links to its note at the end of the block', () => {
  expect(html('Text[^1].\n\n[^1]: The note.')).toBe(
    '<p>Text<sup><a href="#fn-1" id="fnref-1">1</a></sup>.</p>\n<section class="footnotes"><ol>\n<li id="fn-1">\n<p>The note.</p>\n</li>\n</ol></section>',
  )
  // Without its definition in the block, a footnote mark is plain text.
  expect(html('Text[^2].')).toBe('<p>Text[^2].</p>')
})

test('a finished block is parsed once and then served from the cache', () => {
  const text = `A block only this test uses: ${Math.random()}`
  expect(cachedBlock(text)).toBeUndefined()
  const first = renderAndCacheBlock(text)
  expect(cachedBlock(text)).toBe(first)
  expect(renderAndCacheBlock(text)).toBe(first)
})
