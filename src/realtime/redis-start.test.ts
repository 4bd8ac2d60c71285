import { describe, expect, test } from 'bun:test'
import { createServer } from 'node:net'
import { Server as Engine } from '@socket.io/bun-engine'
import { Server } from 'socket.io'
import { ConfigError } from '../config'
import { createRedisTransport } from './redis-transport'

const log = { warn() {}, error() {} }

/** A port nothing listens on (taken, then freed). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

const redisUp = await reachable(6379)

describe('Redis at start', () => {
  test('unreachable: the start fails in words, naming REDIS_URL and the reason, instead of waiting for ever', async () => {
    const port = await freePort()
    const started = performance.now()
    const error = await createRedisTransport(new Server(), {
      url: `redis://127.0.0.1:${port}`,
      log,
      receive() {},
      connectTimeoutMs: 500,
    }).catch((cause: unknown) => cause)
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toContain('REDIS_URL did not answer within')
    expect((error as Error).message).toContain('ECONNREFUSED')
    expect((error as Error).message).toContain('unset REDIS_URL')
    // It gave up at its deadline, not at the first refusal (Redis may be starting beside it).
    expect(performance.now() - started).toBeGreaterThanOrEqual(450)
  })

  test.skipIf(!redisUp)('reachable: the transport hears, and stops hearing once closed', async () => {
    const io = new Server()
    io.bind(new Engine({ path: '/socket.io/' }))
    const transport = await createRedisTransport(io, {
      url: 'redis://127.0.0.1:6379',
      log,
      receive() {},
    })
    expect(transport.hearing()).toBe(true)
    // As the realtime server stops: the transport, then socket.io (and the adapter).
    await transport.close()
    await io.close()
    expect(transport.hearing()).toBe(false)
  })
})

async function reachable(port: number): Promise<boolean> {
  const { connect } = await import('node:net')
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
