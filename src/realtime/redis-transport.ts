import { createAdapter } from '@socket.io/redis-streams-adapter'
import { createClient } from 'redis'
import type { Server } from 'socket.io'
import { FANOUT_EVENT, type Frame, type Transport } from './fanout'

/**
 * Frames through the maintained socket.io Redis adapter (streams flavour), for deployments that
 * already run Redis (REDIS_URL): the adapter carries server-side emits over one Redis connection,
 * which keeps them in order, and node-redis pipelines the commands of one turn. The adapter also
 * carries socket.io's own cluster requests (disconnecting a session's sockets on every instance).
 */
export async function createRedisTransport(
  io: Server,
  options: {
    url: string
    log: { warn(message: string, fields?: object): void; error(message: string, fields?: object): void }
    receive(frame: Frame): void
  },
): Promise<Transport> {
  const client = createClient({ url: options.url })
  let reported = 0
  client.on('error', (error) => {
    // node-redis reconnects by itself; one line per 10 s while Redis is away.
    if (performance.now() - reported < 10_000) return
    reported = performance.now()
    options.log.error('redis connection error', { error })
  })
  await client.connect()
  io.adapter(createAdapter(client))
  io.on(FANOUT_EVENT as never, (frame: Frame) => options.receive(frame))
  let closed = false
  return {
    send(frame) {
      // The adapter publishes without catching: a frame sent to a closed client would be an
      // unhandled rejection. While Redis is away, node-redis queues commands until it is back.
      if (closed || !client.isOpen) return
      try {
        io.serverSideEmit(FANOUT_EVENT as never, frame)
      } catch (error) {
        options.log.warn('could not send events to the other instances', { error })
      }
    },
    async close() {
      closed = true
      // io.close() (by the caller) closes the adapter and its duplicated clients.
      await client.quit().catch(() => {})
    },
  }
}
