/**
 * When a delta shows that earlier ones were missed, the tab joins the chat again for a snapshot of
 * the text so far. One join per gap, not one per delta: while that join is on its way, later deltas
 * of the same reply ask for nothing more. If the server has no whole snapshot for it (an instance
 * that heard the reply from its middle), the reply is left alone until its outcome, which carries
 * the whole message, instead of joining again on every delta (docs/decisions/128-scale-out.md).
 */
export function createGapGuard() {
  /** Replies with a join on its way, or for which no snapshot exists. */
  const waiting = new Set<string>()
  return {
    /** A gap in this reply's deltas: true when the tab should join again now. */
    gap(messageId: string): boolean {
      if (waiting.has(messageId)) return false
      waiting.add(messageId)
      return true
    },
    /** The join's answer: a snapshot of this reply lets later gaps ask again. */
    joined(messageId: string, snapshotOf: string | undefined) {
      if (snapshotOf === messageId) waiting.delete(messageId)
    },
    /** The reply ended (completed, failed, deleted). */
    ended(messageId: string) {
      waiting.delete(messageId)
    },
    /** A new connection joins anew: every reply may ask again. */
    reset() {
      waiting.clear()
    },
  }
}
