/**
 * Turns the small HTML vocabulary mammoth emits (h1–h6, p, ul/ol/li, table/tr/td/th, br, inline
 * marks, img, a) into Markdown-flavoured plain text: '#' headings, '-' / '1.' list items indented
 * by nesting, and pipe tables. A model reads that structure far better than mammoth's raw text,
 * which flattens a table into one cell per paragraph; mammoth's own Markdown writer backslash-escapes
 * ordinary punctuation ('Intro text\.') and also flattens tables.
 */

const TOKEN = /<(\/?)([a-zA-Z0-9]+)[^>]*?(\/?)>|([^<]+)/g
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1))
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[body.toLowerCase()] ?? whole
  })
}

interface ListFrame {
  ordered: boolean
  counter: number
}

interface TableState {
  rows: string[][]
  row: string[] | null
  cell: string | null
}

/** Runs of spaces become one; line breaks from <br> survive, each line trimmed. */
const collapse = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n')
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

interface Block {
  text: string
  /** Which top-level list the block is an item of (0: not a list item). */
  list: number
}

/** Blocks are separated by a blank line; items of the same list by a single newline. */
const joinBlocks = (blocks: Block[]) =>
  blocks
    .map((block, index) => {
      if (index === 0) return block.text
      const sameList = block.list !== 0 && block.list === blocks[index - 1]!.list
      return (sameList ? '\n' : '\n\n') + block.text
    })
    .join('')

function renderTable(rows: string[][]): string {
  const width = Math.max(...rows.map((row) => row.length))
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => (cells[i] ?? '').replace(/\|/g, '\\|')).join(' | ')} |`
  const [header, ...body] = rows
  return [line(header ?? []), `|${' --- |'.repeat(width)}`, ...body.map(line)].join('\n')
}

export function convertDocxHtmlToText(html: string): string {
  const blocks: Block[] = []
  const lists: ListFrame[] = []
  const tables: TableState[] = []
  let current = ''
  let prefix = ''
  let listNumber = 0

  const flush = () => {
    const text = collapse(current)
    current = ''
    if (text === '') return
    const table = tables.at(-1)
    if (table?.cell != null) table.cell = oneLine(`${table.cell} ${text}`)
    else blocks.push({ text: prefix + text, list: lists.length > 0 ? listNumber : 0 })
    prefix = ''
  }

  for (const match of html.matchAll(TOKEN)) {
    const [, closing, rawTag, , text] = match
    if (text !== undefined) {
      current += decodeEntities(text)
      continue
    }
    const tag = rawTag!.toLowerCase()
    const open = closing === ''
    if (/^h[1-6]$/.test(tag)) {
      flush()
      if (open) prefix = `${'#'.repeat(Number(tag[1]))} `
    } else if (tag === 'p') {
      flush()
    } else if (tag === 'br') {
      current += '\n'
    } else if (tag === 'ul' || tag === 'ol') {
      flush()
      if (open && lists.length === 0) listNumber += 1
      if (open) lists.push({ ordered: tag === 'ol', counter: 0 })
      else lists.pop()
    } else if (tag === 'li') {
      flush()
      const list = lists.at(-1)
      if (open && list) {
        list.counter += 1
        prefix = `${'  '.repeat(lists.length - 1)}${list.ordered ? `${list.counter}.` : '-'} `
      }
    } else if (tag === 'table') {
      flush()
      if (open) tables.push({ rows: [], row: null, cell: null })
      else {
        const table = tables.pop()
        if (table && table.rows.length > 0) {
          const rendered = renderTable(table.rows)
          const outer = tables.at(-1)
          if (outer?.cell != null) outer.cell = oneLine(`${outer.cell} ${rendered}`)
          else blocks.push({ text: rendered, list: 0 })
        }
      }
    } else if (tag === 'tr') {
      const table = tables.at(-1)
      if (table && open) table.row = []
      else if (table?.row) {
        table.rows.push(table.row)
        table.row = null
      }
    } else if (tag === 'td' || tag === 'th') {
      flush()
      const table = tables.at(-1)
      if (table && open) table.cell = ''
      else if (table?.row && table.cell != null) {
        table.row.push(table.cell)
        table.cell = null
      }
    }
  }
  flush()
  return joinBlocks(blocks)
}
