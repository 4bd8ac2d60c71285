import type { Html, Nodes, Paragraph, Parent, Root, Text } from 'mdast'

/** Containers whose children are blocks: raw HTML there becomes a paragraph of its own. */
const FLOW = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition'])

/**
 * Raw HTML in an answer shows as the text it is ('Use the <br> tag'), never as markup. Without
 * this, react-markdown (no rehype-raw) drops HTML nodes, and the words vanish from the answer.
 * React escapes text, so nothing here can inject an element or a handler.
 */
export function remarkHtmlAsText() {
  return (tree: Root) => {
    literalise(tree)
  }
}

function literalise(parent: Parent) {
  parent.children = parent.children.map((child) => {
    if (child.type === 'html') return asText(child, FLOW.has(parent.type))
    if ('children' in child) literalise(child)
    return child
  }) as typeof parent.children
}

function asText(node: Html, block: boolean): Nodes {
  const text: Text = { type: 'text', value: node.value, position: node.position }
  if (!block) return text
  const paragraph: Paragraph = { type: 'paragraph', children: [text], position: node.position }
  return paragraph
}
