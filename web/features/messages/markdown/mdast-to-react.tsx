import type {
  FootnoteReference,
  ImageReference,
  LinkReference,
  List,
  ListItem,
  Nodes,
  Parents,
  Root,
  Table,
  TableRow,
} from 'mdast'
import { normalizeUri } from 'micromark-util-sanitize-uri'
import type { ElementType, ReactElement, ReactNode } from 'react'
import { type Definitions, findDefinitions } from './mdast-definitions'

/** The elements the app draws its own way (code blocks, checked links, images that ask first). */
export type MarkdownComponents = {
  pre: ElementType<{ children?: ReactNode }>
  code: ElementType<{ className?: string; children?: ReactNode }>
  a: ElementType<{ href: string; title?: string; children?: ReactNode }>
  img: ElementType<{ src: string; alt?: string; title?: string }>
}

type State = {
  components: MarkdownComponents
  root: Root
  definitions?: Definitions
  footnoteOrder: string[]
  footnoteUses: Map<string, number>
}

/** Containers whose children are blocks: raw HTML there becomes a paragraph of its own. */
const FLOW = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition'])

/**
 * An mdast tree as React elements, the same HTML react-markdown made of it (remark-rehype, then
 * hast-util-to-jsx-runtime), down to the newlines between blocks, so answers look as they did.
 * Raw HTML is shown as its text, never as markup (React escapes it). URLs are normalised as
 * remark-rehype does and otherwise left to the components, which check them.
 *
 * Footnotes differ on purpose: a reference is `<sup><a href="#fn-N" id="fnref-N">N</a></sup>`
 * and the block ends with `<section class="footnotes"><ol>` of the definitions it references.
 * react-markdown's `#user-content-fn-…` links went through the link component, which made them
 * inert text; its hidden "Footnotes" heading and back links are left out. The ids are per block,
 * so two answers with footnotes on one page share them.
 */
export function mdastToReact(tree: Root, components: MarkdownComponents): ReactElement {
  const state: State = { components, root: tree, footnoteOrder: [], footnoteUses: new Map() }
  const children = wrap(all(state, tree, ''), false)
  const notes = footnoteSection(state)
  if (notes) children.push('\n', notes)
  return <>{single(children)}</>
}

/** A parent's children; `prefix` keeps keys unique where the children of two parents meet. */
function all(state: State, parent: Parents, prefix: string): ReactNode[] {
  const out: ReactNode[] = []
  const nodes = parent.children
  for (let index = 0; index < nodes.length; index++) {
    const afterBreak = index > 0 && nodes[index - 1]?.type === 'break'
    const result = one(state, nodes[index]!, parent, prefix + index, afterBreak)
    if (Array.isArray(result)) out.push(...result)
    else if (result !== undefined) out.push(result)
  }
  return out
}

/** `afterBreak`: text right after a hard break loses its leading spaces, as in remark-rehype. */
function one(
  state: State,
  node: Nodes,
  parent: Parents,
  key: string,
  afterBreak: boolean,
): ReactNode | ReactNode[] | undefined {
  const { components } = state
  switch (node.type) {
    case 'text':
      return afterBreak ? trimStart(trimLines(node.value)) : trimLines(node.value)
    case 'html':
      if (FLOW.has(parent.type)) return <p key={key}>{trimLines(node.value)}</p>
      return afterBreak ? trimStart(trimLines(node.value)) : trimLines(node.value)
    case 'paragraph':
      return <p key={key}>{single(all(state, node, ''))}</p>
    case 'heading': {
      const Heading = `h${node.depth}` as const
      return <Heading key={key}>{single(all(state, node, ''))}</Heading>
    }
    case 'thematicBreak':
      return <hr key={key} />
    case 'blockquote':
      return <blockquote key={key}>{single(wrap(all(state, node, ''), true))}</blockquote>
    case 'list':
      return list(state, node, key)
    case 'code': {
      const { pre: Pre, code: Code } = components
      const className = node.lang ? `language-${node.lang.split(/\s+/)[0]}` : undefined
      return (
        <Pre key={key}>
          <Code className={className}>{node.value ? `${node.value}\n` : undefined}</Code>
        </Pre>
      )
    }
    case 'inlineCode': {
      const Code = components.code
      const value = node.value.replace(/\r?\n|\r/g, ' ')
      return <Code key={key}>{(afterBreak ? trimStart(value) : value) || undefined}</Code>
    }
    case 'emphasis':
      return <em key={key}>{inline(state, node, afterBreak)}</em>
    case 'strong':
      return <strong key={key}>{inline(state, node, afterBreak)}</strong>
    case 'delete':
      return <del key={key}>{inline(state, node, afterBreak)}</del>
    case 'break':
      return [<br key={key} />, '\n']
    case 'link': {
      const Link = components.a
      return (
        <Link key={key} href={normalizeUri(node.url)} title={node.title ?? undefined}>
          {inline(state, node, afterBreak)}
        </Link>
      )
    }
    case 'image': {
      const Image = components.img
      return (
        <Image
          key={key}
          src={normalizeUri(node.url)}
          alt={node.alt ?? undefined}
          title={node.title ?? undefined}
        />
      )
    }
    case 'linkReference': {
      const definition = definitionsOf(state).links.get(node.identifier.toUpperCase())
      if (!definition) return asWritten(all(state, node, `${key}-`), node)
      const Link = components.a
      return (
        <Link key={key} href={normalizeUri(definition.url || '')} title={definition.title ?? undefined}>
          {inline(state, node, afterBreak)}
        </Link>
      )
    }
    case 'imageReference': {
      const definition = definitionsOf(state).links.get(node.identifier.toUpperCase())
      if (!definition) return [`![${node.alt}${referenceEnd(node)}`]
      const Image = components.img
      return (
        <Image
          key={key}
          src={normalizeUri(definition.url || '')}
          alt={node.alt ?? undefined}
          title={definition.title ?? undefined}
        />
      )
    }
    case 'footnoteReference':
      return footnoteReference(state, node, key)
    case 'table':
      return table(state, node, key)
    default:
      // Definitions show where they are used; footnote definitions at the end (footnoteSection).
      return undefined
  }
}

/** Inline children; after a hard break the first one, if it is text, loses its leading spaces. */
function inline(state: State, node: Parents, afterBreak: boolean): ReactNode {
  const children = all(state, node, '')
  const head = children[0]
  if (afterBreak && typeof head === 'string') children[0] = trimStart(head)
  return single(children)
}

/** One child as itself, several as an array: a link's text reaches its component as a string. */
function single(children: ReactNode[]): ReactNode {
  return children.length > 1 ? children : children[0]
}

/** Blocks one per line, as remark-rehype puts them; `loose` also opens and closes with a newline. */
function wrap(nodes: ReactNode[], loose: boolean): ReactNode[] {
  const out: ReactNode[] = loose ? ['\n'] : []
  for (let index = 0; index < nodes.length; index++) {
    if (index) out.push('\n')
    out.push(nodes[index])
  }
  if (loose && nodes.length > 0) out.push('\n')
  return out
}

function list(state: State, node: List, key: string): ReactElement {
  const loose = Boolean(node.spread) || node.children.some(itemLoose)
  const items = wrap(
    node.children.map((item, index) => listItem(state, item, loose, String(index))),
    true,
  )
  const className = node.children.some(isTask) ? 'contains-task-list' : undefined
  if (!node.ordered)
    return (
      <ul key={key} className={className}>
        {single(items)}
      </ul>
    )
  const start = typeof node.start === 'number' && node.start !== 1 ? node.start : undefined
  return (
    <ol key={key} start={start} className={className}>
      {single(items)}
    </ol>
  )
}

function itemLoose(item: ListItem): boolean {
  return item.spread ?? item.children.length > 1
}

function isTask(item: ListItem): boolean {
  return typeof item.checked === 'boolean'
}

/** A list item's paragraph, held open: a tight list shows its children without the `<p>`. */
type Held = { key: string; inline: ReactNode[] } | { element: ReactNode }

function listItem(state: State, node: ListItem, loose: boolean, key: string): ReactElement {
  const blocks: Held[] = []
  node.children.forEach((child, index) => {
    // Unwrapped, the children of two paragraphs share the item: prefixed keys keep them apart.
    const prefix = loose ? '' : `${index}-`
    if (child.type === 'paragraph') blocks.push({ key: String(index), inline: all(state, child, prefix) })
    else if (child.type === 'html') blocks.push({ key: String(index), inline: [trimLines(child.value)] })
    else {
      const element = one(state, child, node, String(index), false)
      if (element !== undefined) blocks.push({ element })
    }
  })
  if (isTask(node)) {
    const box = <input key="task" type="checkbox" checked={node.checked ?? false} disabled />
    const head = blocks[0]
    if (head && 'inline' in head) head.inline = head.inline.length > 0 ? [box, ' ', ...head.inline] : [box]
    else blocks.unshift({ key: 'task-p', inline: [box] })
  }
  const children: ReactNode[] = []
  blocks.forEach((block, index) => {
    const paragraph = 'inline' in block
    if (loose || index !== 0 || !paragraph) children.push('\n')
    if (!paragraph) children.push(block.element)
    else if (loose) children.push(<p key={block.key}>{single(block.inline)}</p>)
    else children.push(...block.inline)
  })
  const tail = blocks[blocks.length - 1]
  if (tail && (loose || !('inline' in tail))) children.push('\n')
  return (
    <li key={key} className={isTask(node) ? 'task-list-item' : undefined}>
      {single(children)}
    </li>
  )
}

/** The head row in `thead`; `tbody` only when there are more rows. */
function table(state: State, node: Table, key: string): ReactElement {
  const [head, ...body] = node.children
  return (
    <table key={key}>
      {head ? <thead key="head">{tableRow(state, node, head, 0)}</thead> : null}
      {body.length > 0 ? (
        <tbody key="body">{body.map((row, index) => tableRow(state, node, row, index + 1))}</tbody>
      ) : null}
    </table>
  )
}

/** As many cells as the table has columns: a short row is padded, a long one cut. */
function tableRow(state: State, node: Table, row: TableRow, rowIndex: number): ReactElement {
  const Cell = rowIndex === 0 ? 'th' : 'td'
  const align = node.align
  const length = align ? align.length : row.children.length
  const cells: ReactElement[] = []
  for (let index = 0; index < length; index++) {
    const cell = row.children[index]
    const textAlign = align?.[index]
    cells.push(
      <Cell key={index} style={textAlign ? { textAlign } : undefined}>
        {cell ? single(all(state, cell, '')) : undefined}
      </Cell>,
    )
  }
  return <tr key={rowIndex}>{cells}</tr>
}

function footnoteReference(state: State, node: FootnoteReference, key: string): ReactElement {
  const id = node.identifier.toUpperCase()
  if (!state.footnoteUses.has(id)) state.footnoteOrder.push(id)
  const uses = (state.footnoteUses.get(id) ?? 0) + 1
  state.footnoteUses.set(id, uses)
  const number = state.footnoteOrder.indexOf(id) + 1
  return (
    <sup key={key}>
      <a href={`#fn-${number}`} id={`fnref-${number}${uses > 1 ? `-${uses}` : ''}`}>
        {String(number)}
      </a>
    </sup>
  )
}

/** The referenced footnotes in order of first reference (a footnote may reference another). */
function footnoteSection(state: State): ReactElement | undefined {
  if (state.footnoteOrder.length === 0) return undefined
  const { footnotes } = definitionsOf(state)
  const items: ReactElement[] = []
  for (let index = 0; index < state.footnoteOrder.length; index++) {
    const definition = footnotes.get(state.footnoteOrder[index]!)
    if (!definition) continue
    items.push(
      <li key={index} id={`fn-${index + 1}`}>
        {single(wrap(all(state, definition, ''), true))}
      </li>,
    )
  }
  return (
    <section key="footnotes" className="footnotes">
      <ol>{single(wrap(items, true))}</ol>
    </section>
  )
}

/** Looked for on the first reference that needs them: most blocks have none. */
function definitionsOf(state: State): Definitions {
  state.definitions ??= findDefinitions(state.root)
  return state.definitions
}

/** An unresolved reference shows as written: `[text][label]`, its text still marked up. */
function asWritten(contents: ReactNode[], node: LinkReference): ReactNode[] {
  const end = referenceEnd(node)
  const head = contents[0]
  if (typeof head === 'string') contents[0] = `[${head}`
  else contents.unshift('[')
  const last = contents.length - 1
  const tail = contents[last]
  if (typeof tail === 'string') contents[last] = tail + end
  else contents.push(end)
  return contents
}

function referenceEnd(node: LinkReference | ImageReference): string {
  if (node.referenceType === 'collapsed') return '][]'
  if (node.referenceType === 'full') return `][${node.label || node.identifier}]`
  return ']'
}

/** Spaces and tabs around line endings inside a text go, as remark-rehype's `trim-lines` does. */
function trimLines(value: string): string {
  if (!value.includes('\n') && !value.includes('\r')) return value
  return value.replace(/[ \t]*(\r?\n|\r)[ \t]*/g, '$1')
}

function trimStart(value: string): string {
  return value.replace(/^[ \t]+/, '')
}
