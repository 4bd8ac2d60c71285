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

test('raw HTML is dropped, never rendered', () => {
  const out = html('before <img src=x onerror="alert(1)"> <script>alert(2)</script> after')
  expect(out).not.toContain('<img')
  expect(out).not.toContain('<script')
  expect(out).not.toContain('onerror')
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
