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
 * Closes what a cut-off block leaves open so it renders as it will end up (while streaming) or as
 * it was meant (a stopped or failed answer) rather than showing raw syntax: an unterminated code
 * fence, an odd inline backtick, an odd `**` or `*`. A marker with nothing after it yet is dropped.
 * Only for rendering: the stored text is left as it is.
 */
export function closeOpenMarkdown(block: string): string {
  const fence = openFence(block)
  if (fence) return `${block}\n${fence}`
  let text = block
  const withoutCode = text.replace(/`[^`\n]*`/g, '')
  if ((withoutCode.match(/`/g)?.length ?? 0) % 2 === 1) text += '`'
  const bare = text.replace(/`[^`\n]*`?/g, '').replace(/\\\*/g, '')
  const bold = (bare.match(/\*\*/g)?.length ?? 0) % 2 === 1
  const italic = emphasisStars(bare.replace(/\*\*/g, '')).length % 2 === 1
  // The innermost run closes first: '**bold *it' ends '**bold *it***'.
  if (italic) text = closeRun(text, '*')
  if (bold) text = closeRun(text, '**')
  return text
}

/** The fence marker a block opens and never closes (a fence may start after a line of text). */
function openFence(block: string): string | null {
  let fence: string | null = null
  for (const line of block.split('\n')) {
    const marker = line.match(FENCE)?.[1]
    if (!marker) continue
    if (!fence) fence = marker
    else if (
      marker.charAt(0) === fence.charAt(0) &&
      marker.length >= fence.length &&
      !line.trim().slice(marker.length)
    )
      fence = null
  }
  return fence
}

/** Single `*`s that can open or close emphasis: not list bullets, not a `*` between spaces (2 * 3). */
function emphasisStars(text: string): string[] {
  const withoutBullets = text.replace(/^[ \t]*\*(?=[ \t])/gm, '').replace(/(^|\s)\*(?=\s)/g, '$1')
  return withoutBullets.match(/\*/g) ?? []
}

function closeRun(text: string, marker: string): string {
  const trimmed = text.trimEnd()
  if (trimmed.endsWith(marker)) return trimmed.slice(0, -marker.length).trimEnd()
  // A closing marker must touch the text before it.
  return `${trimmed}${marker}`
}

/**
 * The blocks to show and which one is open (re-parsed per delta). The last block of a live answer
 * (`streaming`) or of one cut short (`cut`: stopped or failed) is shown closed by
 * `closeOpenMarkdown`, so no dangling '*' or open fence shows; the text itself is not changed.
 */
export function blocksToRender(
  text: string,
  { streaming = false, cut = false }: { streaming?: boolean; cut?: boolean } = {},
): { text: string; open: boolean }[] {
  const blocks = splitBlocks(text)
  return blocks.map((block, index) => {
    const last = index === blocks.length - 1
    return { text: last && (streaming || cut) ? closeOpenMarkdown(block) : block, open: last && streaming }
  })
}

const FILES_MARKER = /\s*\[Files attached: [^\]\n]*\]\s*$/

/** The message text without the '[Files attached: ...]' marker the send path appends. */
export function stripFilesMarker(text: string): string {
  return text.replace(FILES_MARKER, '')
}

export function hasFilesMarker(text: string): boolean {
  return FILES_MARKER.test(text)
}
