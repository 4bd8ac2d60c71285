import type { StoredToolCall } from '../../db/catalogues/tools'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'

/**
 * Tools in conversations (issue 30, docs/decisions/166). A chat tool (a built-in one, or one MCP
 * server) offers the model one or more functions; the reply engine's tool loop (./loop.ts) offers
 * them in OpenAI's tools format, runs the calls the model streams back and hands the results on.
 */

/** A function the model may call: its name as the tool knows it, and a JSON Schema for its arguments. */
export interface ToolFunction {
  name: string
  description: string
  /** A JSON Schema object (`{type: 'object', properties, required}`). */
  parameters: Record<string, unknown>
  /** Changes or deletes something outside Parley (MCP's `destructiveHint`): may need the person's approval. */
  destructive?: boolean
}

/** What a call runs with: always as the actor (the person, or the target during support access). */
export interface ToolRunContext {
  ctx: AppContext
  actor: Actor
  chatId: string
  /** The assistant message the answer streams into. */
  messageId: string
  /** The stored files attached to the conversation so far (file search reads them). */
  attachmentIds: string[]
  /** The asking person's language (en, es, fr, de, it, pt). */
  language?: string
  /** Aborts on the person's Stop and on TOOL_TIMEOUT_MS. */
  signal: AbortSignal
  /**
   * The number the answer cites a knowledge entry by ("[Source n]"): its place in the answer's
   * list of sources (the knowledge the reply began with, then what calls found), the entry added
   * there when new. An entry keeps its number across calls and steps, so the text's numbers match
   * the sources shown under the answer.
   */
  cite(source: { id: string; title: string }): number
}

/** What a call gives back to the model, and what the answer shows of it. */
export interface ToolOutput {
  /** The result as text for the model (fenced as data by the loop; truncated over 100 KB). */
  text: string
  /** The tool reports a failure it met (the call shows as failed; the model still reads `text`). */
  isError?: boolean
  /** Images the call made, shown in the answer (image generation). */
  images?: NonNullable<StoredToolCall['images']>
}

/** One tool a chat can turn on. */
export interface ChatTool {
  /** `web-search`, `file-search`, `image-generation`, `code-interpreter` or `mcp:<serverId>`. */
  id: string
  /** The MCP server's name (shown with each call); absent for a built-in tool. */
  server?: string
  /** The server's id, for the audit and usage rows; absent for a built-in tool. */
  serverId?: string
  functions: ToolFunction[]
  /** Whether a call of this function waits for the person's Approve (MCP's approval rule). */
  needsApproval?(fn: ToolFunction): boolean
  /** Runs one call; throwing (or the time-out) makes a failed call, and the answer goes on. */
  run(name: string, args: Record<string, unknown>, run: ToolRunContext): Promise<ToolOutput>
  /** Frees what the tool held for the answer (an MCP connection); called once when the answer ends. */
  close?(): Promise<void>
}

/** Builds the chat tools `ids` for one answer, leaving out any the actor may not use (never throws for one). */
export type ToolSource = (ctx: AppContext, actor: Actor, ids: readonly string[]) => Promise<ChatTool[]>
