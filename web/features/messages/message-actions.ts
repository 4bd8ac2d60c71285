import { createContext, useContext } from 'react'

/**
 * What a message's buttons do, given to every bubble by the chat view. The functions are stable,
 * so the memoised bubbles re-render only when `canReply` changes.
 */
export interface MessageActions {
  /** Answers the question again beside `messageId`, with the composer's model or `modelId`. */
  regenerate(messageId: string, modelId?: string): void
  /** Sends the edited text and the files kept; resolves whether the server took it. */
  edit(messageId: string, content: string, attachmentIds: string[]): Promise<boolean>
  /** Shows the path through `messageId` (a sibling of a shown message). */
  switchBranch(messageId: string): void
  /** Copies the path up to `messageId` into a new chat and opens it. */
  fork(messageId: string): void
  /** No reply is on its way in this chat: edit and regenerate are on offer (the server refuses them meanwhile). */
  canReply: boolean
  /** A branch switch is on its way: the arrows wait for it. */
  switching: boolean
}

export const MessageActionsContext = createContext<MessageActions | null>(null)

export function useMessageActions(): MessageActions {
  const actions = useContext(MessageActionsContext)
  if (!actions) throw new Error('useMessageActions outside the chat view')
  return actions
}
