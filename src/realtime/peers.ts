import type { Frame } from './fanout'

/** A peer silent this long is taken for dead; heartbeats go out every second. */
export const PEER_TIMEOUT_MS = 5_000
export const HEARTBEAT_MS = 1_000
/**
 * After a peer is taken for lost, this instance keeps sending its events this long, though it hears
 * no other: a peer that was only stalled (a long pause, its connection slow) and comes back gets
 * what happened meanwhile from the channel, as before decision 186. A stall longer than this also
 * outlasts socket.io's ping time-out (25 + 20 s), so its tabs reconnect and reload anyway.
 */
export const PEER_RETURN_MS = 60_000

/** A reply another instance is streaming, as its events showed it. */
export interface RemoteReply {
  chatId: string
  messageId: string
  /** The text so far and the seq of its last delta; null when this instance missed some of it. */
  content: string | null
  seq: number
}

interface Peer {
  seenAt: number
  /** The last frame counter seen from it. */
  n: number
  replies: Map<string, RemoteReply>
}

type Delta = { chatId: string; messageId: string; delta: string; seq: number }

/**
 * The other instances as this one hears them: when each was last heard from, and the replies it is
 * streaming (learnt from the events it fans out: `message:created` of a streaming answer, its
 * deltas, its outcome). Two uses: a tab that joins a chat here while another instance streams the
 * reply gets the text so far from the mirror, as it would on the streaming instance; and when an
 * instance goes silent (killed, cut off), its replies are handed to `lost` so that they end now,
 * not when the row goes stale minutes later (docs/decisions/128-scale-out.md).
 */
export class Peers {
  private readonly peers = new Map<string, Peer>()
  private readonly byChat = new Map<string, RemoteReply>()
  /**
   * Research answers (`research_id` on their message): written by a research job that survives its
   * instance (another one resumes the run), so they are never a lost instance's reply to fail.
   */
  private readonly research = new Set<string>()
  /** When this instance began to listen (this object is made at start), and last lost a peer. */
  private readonly startedAt: number
  private lostAt = Number.NEGATIVE_INFINITY

  constructor(private readonly now: () => number = () => performance.now()) {
    this.startedAt = now()
  }

  /**
   * Whether this instance's events should go to the others now (decision 186): while it hears one,
   * during its own first PEER_TIMEOUT_MS (the others' answer to its first heartbeat can be missed:
   * the Redis adapter reads only what arrives once it polls, and their next heartbeats come within
   * that time), and for PEER_RETURN_MS after it last lost one. Alone otherwise, it sends nothing:
   * each event would be written to the database (or Redis) and come back unread.
   */
  get sharing(): boolean {
    const now = this.now()
    return this.peers.size > 0 || now - this.lostAt < PEER_RETURN_MS || now - this.startedAt < PEER_TIMEOUT_MS
  }

  /**
   * Takes in one frame: 'seen' when it is one already seen (a duplicate after listening again),
   * 'missed' when frames before it never came (their events are lost), else 'next'.
   */
  receive(frame: Frame): 'next' | 'seen' | 'missed' {
    let peer = this.peers.get(frame.f)
    if (!peer) {
      peer = { seenAt: this.now(), n: frame.n - 1, replies: new Map() }
      this.peers.set(frame.f, peer)
    }
    peer.seenAt = this.now()
    if (frame.n <= peer.n) return 'seen'
    // Frames were missed: the mirrored text is no longer whole.
    const missed = frame.n > peer.n + 1
    if (missed) for (const reply of peer.replies.values()) reply.content = null
    peer.n = frame.n
    for (const [, event, payload] of frame.e ?? []) this.note(peer, event, payload)
    return missed ? 'missed' : 'next'
  }

  /** Everything heard may have gaps (this instance stopped listening for a while). */
  forgetText(): void {
    for (const peer of this.peers.values()) for (const reply of peer.replies.values()) reply.content = null
  }

  /** The reply another instance is streaming in this chat, if its whole text so far is known. */
  reply(chatId: string): { messageId: string; content: string; seq: number } | undefined {
    const reply = this.byChat.get(chatId)
    if (!reply || reply.content === null) return undefined
    return { messageId: reply.messageId, content: reply.content, seq: reply.seq }
  }

  /**
   * Peers silent for PEER_TIMEOUT_MS while this instance could hear them, removed, with the replies
   * they were streaming. `hearing` false: this instance's own connection is down (Postgres or Redis
   * away; its own frames stopped coming back), so the others' silence says nothing about them. They
   * are all counted as heard now and get the whole time-out again once this instance hears; without
   * that, every instance would fail every other's live replies after an outage of over 5 s.
   */
  takeLost(hearing = true): { id: string; replies: RemoteReply[] }[] {
    const now = this.now()
    if (!hearing) {
      for (const peer of this.peers.values()) peer.seenAt = now
      return []
    }
    const lost: { id: string; replies: RemoteReply[] }[] = []
    for (const [id, peer] of this.peers) {
      if (now - peer.seenAt < PEER_TIMEOUT_MS) continue
      this.peers.delete(id)
      const replies = [...peer.replies.values()]
      for (const reply of replies) this.drop(peer, reply.messageId)
      lost.push({ id, replies })
    }
    if (lost.length) this.lostAt = now
    return lost
  }

  get size(): number {
    return this.peers.size
  }

  private note(peer: Peer, event: string, payload: unknown) {
    switch (event) {
      case 'message:created': {
        const { chatId, message } = payload as {
          chatId: string
          message: { id: string; is_user: boolean; status: string; research_id?: string }
        }
        if (message.research_id) {
          if (message.status === 'streaming') this.research.add(message.id)
          return
        }
        if (message.is_user || message.status !== 'streaming') return
        const reply = { chatId, messageId: message.id, content: '', seq: 0 }
        peer.replies.set(message.id, reply)
        this.byChat.set(chatId, reply)
        return
      }
      case 'message:delta': {
        const { chatId, messageId, delta, seq } = payload as Delta
        if (this.research.has(messageId)) return
        let reply = peer.replies.get(messageId)
        if (!reply) {
          // Started before this instance heard of it: known, but not its beginning.
          reply = { chatId, messageId, content: seq === 1 ? '' : null, seq: seq - 1 }
          peer.replies.set(messageId, reply)
          this.byChat.set(chatId, reply)
        }
        if (reply.content !== null && seq === reply.seq + 1) reply.content += delta
        else reply.content = null
        reply.seq = seq
        return
      }
      case 'message:completed': {
        const { id } = (payload as { message: { id: string } }).message
        this.research.delete(id)
        return this.drop(peer, id)
      }
      case 'message:failed':
      case 'message:deleted': {
        const { messageId } = payload as { messageId: string }
        this.research.delete(messageId)
        return this.drop(peer, messageId)
      }
    }
  }

  private drop(peer: Peer, messageId: string) {
    const reply = peer.replies.get(messageId)
    if (!reply) return
    peer.replies.delete(messageId)
    if (this.byChat.get(reply.chatId) === reply) this.byChat.delete(reply.chatId)
  }
}
