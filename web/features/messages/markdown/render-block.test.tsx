import { expect, test } from 'bun:test'
import { renderToStaticMarkup } from 'react-dom/server'
import { cachedBlock, renderAndCacheBlock, renderBlock } from './render-block'

const html = (text: string) => renderToStaticMarkup(renderBlock(text))

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

test('a finished block is parsed once and then served from the cache', () => {
  const text = `A block only this test uses: ${Math.random()}`
  expect(cachedBlock(text)).toBeUndefined()
  const first = renderAndCacheBlock(text)
  expect(cachedBlock(text)).toBe(first)
  expect(renderAndCacheBlock(text)).toBe(first)
})
