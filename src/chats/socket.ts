import type { AppContext } from '../context'
import type { ParleyServer } from '../realtime/parley-server'
import type { JoinAck } from './model'
import { CHAT_NOT_FOUND, findChat } from './service'

/**
 * `chat:join {chatId}` subscribes the socket to `chat:<id>` (the owner only). When a reply is
 * streaming, the ack carries its text so far and the seq of the last delta in it: the room is
 * joined and the snapshot taken in the same tick, so every later delta has a higher seq and
 * reaches this socket after the ack. A client appends deltas with seq > snapshot seq and ignores
 * the rest: nothing is lost or doubled across a reconnect. A reply another instance streams is
 * answered from this instance's mirror of its deltas (realtime/peers.ts), when it heard it whole.
 */
export function registerChatSocket(io: ParleyServer, ctx: Omit<AppContext, 'realtime'>) {
  io.on('connection', (socket) => {
    socket.on('chat:join', async (payload: unknown, ack: unknown) => {
      const answer = typeof ack === 'function' ? (ack as (reply: JoinAck) => void) : () => {}
      const chatId = (payload as { chatId?: unknown } | null)?.chatId
      try {
        const chat = typeof chatId === 'string' ? await findChat(ctx, socket.data.actor, chatId) : undefined
        if (!chat || !socket.connected) return answer({ ok: false, error: CHAT_NOT_FOUND })
        void socket.join(`chat:${chat.id}`)
        const live = ctx.liveReplies.get(chat.id) ?? ctx.peers.reply(chat.id)
        answer(
          live
            ? { ok: true, streaming: { messageId: live.messageId, content: live.content, seq: live.seq } }
            : { ok: true },
        )
      } catch (error) {
        ctx.log.warn('chat:join failed', { error })
        answer({ ok: false, error: 'Failed to load messages' })
      }
    })
    socket.on('chat:leave', (payload: unknown) => {
      const chatId = (payload as { chatId?: unknown } | null)?.chatId
      if (typeof chatId === 'string') void socket.leave(`chat:${chatId}`)
    })
  })
}
