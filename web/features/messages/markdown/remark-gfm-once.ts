import remarkGfm from 'remark-gfm'

type ExtensionLists = Record<string, unknown[] | undefined>

/**
 * remark-gfm builds its micromark and mdast extensions anew for every processor, and
 * react-markdown makes a processor per call, so per block: a trace of scrolling a long chat showed
 * that set-up as nearly half of each block's parse. The extensions are plain objects that a
 * processor reuses for every document it parses, so they are built once here and handed to each
 * processor. Same extensions, same output; only the set-up is shared.
 */
const made: ExtensionLists = {}
remarkGfm.call({ data: () => made } as never)

export function remarkGfmOnce(this: { data(): ExtensionLists }) {
  const data = this.data()
  for (const [key, extensions] of Object.entries(made)) {
    const list = data[key] ?? []
    list.push(...(extensions ?? []))
    data[key] = list
  }
}
