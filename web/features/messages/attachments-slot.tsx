import { MessageAttachments } from '../attachments/message-attachments'
import type { Message } from './messages-query'

/**
 * A message's files (thumbnails, download cards), loaded only when its text carried the
 * '[Files attached: ...]' marker; every other message renders nothing here.
 */
export function MessageAttachmentsSlot({
  message,
  hasAttachments,
}: {
  message: Message
  hasAttachments: boolean
}) {
  return hasAttachments ? <MessageAttachments messageId={message.id} /> : null
}
