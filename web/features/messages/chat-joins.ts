/**
 * Which chats' rooms this tab has joined (the server acknowledged `chat:join`). Events of a reply
 * reach only joined sockets, so a message sent to a chat not joined yet (sent as the chat was
 * being created or opened) would never hear how its reply ended. Such a send asks to read the
 * messages again once the join is acknowledged: whatever happened before is in the database,
 * whatever happens after arrives as events.
 */
const joined = new Set<string>()
const pending = new Map<string, (() => void)[]>()

export const chatJoins = {
  isJoined: (chatId: string) => joined.has(chatId),
  /** The server acknowledged the join: run what was waiting for it. */
  markJoined(chatId: string) {
    joined.add(chatId)
    const waiting = pending.get(chatId) ?? []
    pending.delete(chatId)
    for (const run of waiting) run()
  },
  markLeft(chatId: string) {
    joined.delete(chatId)
  },
  /** Runs `run` once the chat is next joined. */
  onceJoined(chatId: string, run: () => void) {
    pending.set(chatId, [...(pending.get(chatId) ?? []), run])
  },
}
