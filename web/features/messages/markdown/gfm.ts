import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'

/**
 * GitHub-flavoured markdown's syntax and tree extensions: a chunk of its own (issue 35), fetched
 * with the first block that shows one of its signs (render-block.ts). The extensions are plain
 * objects that hold no state between documents, so they are built once rather than per block
 * (building them was nearly half of a block's parse when remark-gfm did it per processor).
 */
export const extensions = [gfm()]
export const mdastExtensions = gfmFromMarkdown()
