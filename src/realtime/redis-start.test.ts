import { describe, expect, test } from 'bun:test'
import { createServer } from 'node:net'
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
})
