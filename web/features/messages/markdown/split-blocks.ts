/**
 * Streaming markdown helpers. An answer is split into top-level blocks (paragraphs, lists, code
 * fences) at blank lines outside fences; finished blocks never change again, so the renderer can
 * memoise them and re-parse only the last, still-open block on each delta.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/

/** Blocks in order; a fenced code block is one block even when it holds blank lines. */
export function splitBlocks(text: string): string[] {
  const blocks: string[] = []
  let current: string[] = []
  let fence: string | null = null
  for (const line of text.split('\n')) {
    const marker = line.match(FENCE)?.[1]
    if (fence) {
      current.push(line)
      if (
        marker &&
        marker.charAt(0) === fence.charAt(0) &&
        marker.length >= fence.length &&
        !line.trim().slice(marker.length)
      ) {
        fence = null
      }
      continue
    }
    if (marker) {
      fence = marker
      current.push(line)
      continue
    }
    if (line.trim() === '') {
      if (current.length) blocks.push(current.join('\n'))
      current = []
      continue
    }
    current.push(line)
  }
  if (current.length) blocks.push(current.join('\n'))
  return blocks
}

/**
 * Closes what a half-streamed block leaves open so it renders as it will end up rather than
 * flashing raw syntax: an unterminated code fence, an odd `**`, an odd inline backtick.
 */
export function closeOpenMarkdown(block: string): string {
  const lines = block.split('\n')
  const opening = lines[0]?.match(FENCE)?.[1]
  if (opening) {
    const closed =
      lines.length > 1 && lines.at(-1)?.trim().startsWith(opening.charAt(0).repeat(opening.length))
    return closed ? block : `${block}\n${opening}`
  }
  let text = block
  const withoutCode = text.replace(/`[^`\n]*`/g, '')
  if ((withoutCode.match(/`/g)?.length ?? 0) % 2 === 1) text += '`'
  const bare = text.replace(/`[^`\n]*`?/g, '')
  if ((bare.match(/\*\*/g)?.length ?? 0) % 2 === 1) {
    // A bold marker that has just opened with nothing after it yet is dropped, else closed.
    text = text.endsWith('**') ? text.slice(0, -2) : `${text}**`
  }
  return text
}

const FILES_MARKER = /\s*\[Files attached: [^\]\n]*\]\s*$/

/** The message text without the '[Files attached: ...]' marker the send path appends. */
export function stripFilesMarker(text: string): string {
  return text.replace(FILES_MARKER, '')
}

export function hasFilesMarker(text: string): boolean {
  return FILES_MARKER.test(text)
}
