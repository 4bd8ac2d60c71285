/**
 * The replies this tab heard end (`message:completed`, `message:failed`), by message id, with the
 * fields their end changed. A read of the messages that left the server before the end was stored
 * can arrive after the event: it would put the reply back to 'streaming', and no later event would
 * ever finish it. Each read passes through `keepEnded`, which lays the heard end over such a copy.
 */
const ended = new Map<string, Record<string, unknown>>()
const KEPT = 50

export const endedReplies = {
  remember(messageId: string, fields: Record<string, unknown>) {
    ended.delete(messageId)
    ended.set(messageId, { ...fields, status: fields.status ?? 'complete' })
    for (const id of ended.keys()) {
      if (ended.size <= KEPT) break
      ended.delete(id)
    }
  },
  /** The message, or (when it is still 'streaming' here but this tab heard it end) its end. */
  keepEnded<T extends { id: string; status: string }>(message: T): T {
    const end = message.status === 'streaming' ? ended.get(message.id) : undefined
    return end ? { ...message, ...end } : message
  },
}
