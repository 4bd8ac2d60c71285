import type { Definition, FootnoteDefinition, Parents, Root } from 'mdast'

export type Definitions = {
  links: Map<string, Definition>
  footnotes: Map<string, FootnoteDefinition>
}

/**
 * A document's definitions (`[label]: url` and `[^label]: note`) by identifier, upper-cased as
 * remark-rehype keyed them, the first of each winning. A reference may come before its
 * definition, so they are found before rendering; being blocks, they are looked for only in
 * containers of blocks.
 */
export function findDefinitions(root: Root): Definitions {
  const found: Definitions = { links: new Map(), footnotes: new Map() }
  search(root, found)
  return found
}

function search(parent: Parents, found: Definitions) {
  for (const child of parent.children) {
    if (child.type === 'definition') {
      const id = child.identifier.toUpperCase()
      if (!found.links.has(id)) found.links.set(id, child)
    } else if (child.type === 'footnoteDefinition') {
      const id = child.identifier.toUpperCase()
      if (!found.footnotes.has(id)) found.footnotes.set(id, child)
      search(child, found)
    } else if (child.type === 'blockquote' || child.type === 'list' || child.type === 'listItem') {
      search(child, found)
    }
  }
}
