/**
 * A fetched page as the model reads it: the title, then headings, paragraphs and list items as
 * lines of text. Scripts, styles, forms, navigation and other non-content are dropped. Regular
 * expressions, not a DOM: the output only has to be readable text, and pages are capped in size
 * before they get here.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1))
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[body.toLowerCase()] ?? whole
  })
}

const DROPPED = ['script', 'style', 'noscript', 'svg', 'template', 'iframe', 'form', 'nav', 'footer', 'head']
const BLOCKS =
  /<\/?(p|div|section|article|main|header|h[1-6]|li|ul|ol|tr|table|blockquote|pre|br|hr|dd|dt|figcaption)\b[^>]*>/gi

export function htmlToText(html: string): { title: string; text: string } {
  const titleMatch = html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)
  const title = titleMatch ? decodeEntities(titleMatch[1]!.replace(/\s+/g, ' ').trim()) : ''
  let body = html.replace(/<!--[\s\S]*?-->/g, ' ')
  for (const tag of DROPPED) {
    body = body.replace(new RegExp(`<${tag}\\b[\\s\\S]*?<\\/${tag}\\s*>`, 'gi'), ' ')
  }
  body = body.replace(/<h([1-6])\b[^>]*>/gi, (_, level: string) => `\n${'#'.repeat(Number(level))} `)
  body = body.replace(/<li\b[^>]*>/gi, '\n- ')
  body = body.replace(BLOCKS, '\n')
  body = body.replace(/<[^>]*>/g, ' ')
  const text = decodeEntities(body)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && line !== '-' && !/^#+$/.test(line))
    .join('\n')
  return { title, text }
}
