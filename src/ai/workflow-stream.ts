/**
 * n8n's streamed webhook answers ("Respond: streaming"): one JSON object per line,
 * `{"type":"begin"}`, then `{"type":"item","content":"..."}` pieces, then `{"type":"end"}`
 * (`{"type":"error"}` when the workflow failed). Each carries `metadata` we do not need.
 */

export type StreamChunk = { type: 'begin' | 'item' | 'end' | 'error'; content?: string }

const TYPES = new Set(['begin', 'item', 'end', 'error'])

export function chunkOf(line: string): StreamChunk | undefined {
  const trimmed = line.trim()
  if (!trimmed.startsWith('{')) return undefined
  try {
    const value = JSON.parse(trimmed) as { type?: unknown; content?: unknown }
    if (typeof value.type !== 'string' || !TYPES.has(value.type)) return undefined
    return {
      type: value.type as StreamChunk['type'],
      content: typeof value.content === 'string' ? value.content : undefined,
    }
  } catch {
    return undefined
  }
}

/** True when a line is a stream chunk: the answer is a stream, not one JSON body. */
export function isStreamChunkLine(line: string): boolean {
  return chunkOf(line) !== undefined
}
