import { lazyComponent } from '../../lib/lazy-component'
import { mergeToolCalls, useLiveToolCalls } from './live-tool-calls'
import { type ToolCall, toolCallsOf } from './tool-calls'

// Only answers that called a tool need it (issue 30).
const ToolCallList = lazyComponent(() => import('./tool-call-list'))

/** An answer's tool calls, above its text; nothing for an answer that called none. */
export function ToolCallsSlot({
  message,
  canDecide = true,
}: {
  message: { id: string; chat_id: string }
  /** Approve / Deny shown for a waiting call: the person's own chat. */
  canDecide?: boolean
}) {
  const calls = useToolCalls(message)
  if (calls.length === 0) return null
  return <ToolCallList chatId={message.chat_id} messageId={message.id} calls={calls} canDecide={canDecide} />
}

/** Whether one of the answer's calls waits for the person: the answer is not "thinking" then, it waits. */
export function useWaitsForApproval(message: { id: string }): boolean {
  return useToolCalls(message).some((call) => call.status === 'awaiting_approval')
}

/** The answer's calls as stored, with what `message:tool` announced since laid over them. */
function useToolCalls(message: { id: string }): ToolCall[] {
  const live = useLiveToolCalls(message.id)
  return live.length > 0 ? mergeToolCalls(toolCallsOf(message), live) : toolCallsOf(message)
}
