import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { ToolOutput } from '../tools/types'

/**
 * An MCP tool's result as the text the model reads: its text parts joined, each image, audio clip or
 * resource described in a line (the model cannot see their bytes through a tool result), the
 * structured content when there is nothing else, and the server's `isError`.
 */
export function toToolOutput(result: CallToolResult): ToolOutput {
  const parts: string[] = []
  for (const part of result.content ?? []) {
    switch (part.type) {
      case 'text':
        parts.push(part.text)
        break
      case 'image':
        parts.push(`[image: ${part.mimeType}, ${approximateBytes(part.data)}]`)
        break
      case 'audio':
        parts.push(`[audio: ${part.mimeType}, ${approximateBytes(part.data)}]`)
        break
      case 'resource': {
        const resource = part.resource
        const kind = resource.mimeType ? `, ${resource.mimeType}` : ''
        parts.push(`[resource: ${resource.uri}${kind}]`)
        break
      }
      case 'resource_link':
        parts.push(`[resource link: ${part.name} ${part.uri}${part.mimeType ? `, ${part.mimeType}` : ''}]`)
        break
    }
  }
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent))
  const output: ToolOutput = { text: parts.join('\n') }
  if (result.isError === true) output.isError = true
  return output
}

/** The decoded size of base64 `data`, for a line that describes an image. */
function approximateBytes(data: string): string {
  const bytes = Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0)
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`
}
