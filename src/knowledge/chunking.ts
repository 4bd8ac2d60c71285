/**
 * Splits an entry into overlapping pieces for indexing (docs/decisions/119-knowledge-base.md):
 * about CHUNK_CHARS characters each (~250 tokens of English, well inside every embedding model's
 * input), consecutive pieces sharing about CHUNK_OVERLAP characters so that a sentence cut at a
 * boundary is whole in one of them. Cuts prefer a paragraph break, then a sentence end, then a
 * space, in the last half of the window.
 */
export const CHUNK_CHARS = 1000
export const CHUNK_OVERLAP = 200

export function chunkText(text: string, size = CHUNK_CHARS, overlap = CHUNK_OVERLAP): string[] {
  const clean = text.replace(/\r\n?/g, '\n').trim()
  if (clean.length <= size) return clean ? [clean] : []
  const chunks: string[] = []
  let start = 0
  while (start < clean.length) {
    let end = Math.min(start + size, clean.length)
    if (end < clean.length) end = cutPoint(clean, start + Math.floor(size / 2), end)
    const piece = clean.slice(start, end).trim()
    if (piece) chunks.push(piece)
    if (end >= clean.length) break
    // Back by the overlap, then forward to the start of a word.
    let next = Math.max(end - overlap, start + 1)
    while (next < end && !/\s/.test(clean[next - 1]!)) next += 1
    start = next
  }
  return chunks
}

/** The best place to cut in [from, to): after a paragraph break, a sentence end, or a space. */
function cutPoint(text: string, from: number, to: number): number {
  const window = text.slice(from, to)
  for (const pattern of [/\n\s*\n/g, /[.!?。](\s)/g, /\s/g]) {
    let last = -1
    for (const match of window.matchAll(pattern)) last = match.index + match[0].length
    if (last > 0) return from + last
  }
  return to
}

/** What is stored and embedded for each piece: the title gives every piece its context. */
export function chunkEntry(title: string, content: string): string[] {
  return chunkText(content).map((piece) => `${title}\n\n${piece}`)
}
