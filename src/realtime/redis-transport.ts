import { createAdapter } from '@socket.io/redis-streams-adapter'
import { createClient } from 'redis'
import type { Server } from 'socket.io'
import { ConfigError } from '../config'
import { FANOUT_EVENT, type Frame, isFrame, type Transport } from './fanout'

/** How long an instance waits for Redis at start before it stops with a clear error. */
export const REDIS_CONNECT_TIMEOUT_MS = 10_000

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
    /** How long the first connection may take before the start fails (REDIS_CONNECT_TIMEOUT_MS). */
    connectTimeoutMs?: number
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
  await connectWithin(client, options.connectTimeoutMs ?? REDIS_CONNECT_TIMEOUT_MS)
  io.adapter(createAdapter(client))
  // A frame travels as one JSON text: the adapter packs what it is given with msgpack's encoder,
  // written in JavaScript, which walked every event of a frame on the sender and rebuilt it on the
  // receiver; a text is copied as bytes, and JSON.parse is native (docs/decisions/140).
  io.on(FANOUT_EVENT as never, (frame: unknown) => {
    let parsed: unknown = frame
    try {
      if (typeof frame === 'string') parsed = JSON.parse(frame)
    } catch (error) {
      return options.log.warn('ignored a malformed fanout frame', { error })
    }
    if (!isFrame(parsed)) return options.log.warn('ignored a malformed fanout frame')
    options.receive(parsed)
  })
  let closed = false
  return {
    send(frame) {
      // The adapter publishes without catching: a frame sent to a closed client would be an
      // unhandled rejection. While Redis is away, node-redis queues commands until it is back.
      if (closed || !client.isOpen) return
      try {
        io.serverSideEmit(FANOUT_EVENT as never, JSON.stringify(frame))
      } catch (error) {
        options.log.warn('could not send events to the other instances', { error })
      }
    },
    // node-redis says whether its connection is up (it reconnects by itself).
    hearing: () => !closed && client.isReady,
    async close() {
      closed = true
      // io.close() (by the caller) closes the adapter and its duplicated clients.
      await client.quit().catch(() => {})
    },
  }
}

/**
 * node-redis's first `connect()` retries for ever while Redis is unreachable: an instance would
 * never start, nor say why. After `timeoutMs` the start fails in words instead (an instance that
 * served without its fanout would leave its tabs and the other instances' tabs out of each other's
 * events). Once connected, a lost connection is retried for ever, as before.
 */
async function connectWithin(
  client: {
    connect(): Promise<unknown>
    destroy(): void
    on(event: 'error', listener: (error: unknown) => void): unknown
    off(event: 'error', listener: (error: unknown) => void): unknown
  },
  timeoutMs: number,
): Promise<void> {
  let lastError: unknown
  const onError = (error: unknown) => {
    lastError = error
  }
  client.on('error', onError)
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  try {
    const outcome = await Promise.race([client.connect().then(() => 'connected' as const), timedOut])
    if (outcome === 'connected') return
    client.destroy()
    const why = lastError instanceof Error ? ` (${lastError.message})` : ''
    throw new ConfigError(
      'REDIS_URL',
      `did not answer within ${Math.round(timeoutMs / 1000)} s${why}: start Redis, or unset REDIS_URL to carry events through Postgres`,
    )
  } finally {
    clearTimeout(timer)
    client.off('error', onError)
  }
}
