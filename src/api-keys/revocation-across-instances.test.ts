import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import { startFakeOpenAi } from '../test/fakes/openai-server'
import { type Instances, startInstances } from '../test/harness'
import { KEY_CACHE_TTL_MS } from './authenticate'

/*
 * Two instances on one Postgres, as behind a load balancer: a key revoked (or its person banned)
 * on one stops working on the other within KEY_CACHE_TTL_MS, though neither tells the other.
 */
const fake = startFakeOpenAi({ models: ['fake-model'] })
let cluster: Instances

describe.skipIf(!process.env.TEST_DATABASE_URL)('revocation across instances', () => {
  beforeAll(async () => {
    cluster = await startInstances(2, { OPENAI_BASE_URL: fake.url })
  }, 60_000)
  afterAll(async () => {
    await cluster?.close()
    await fake.close()
  })

  const models = (url: string, key: string) =>
    fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } }).then((res) => res.status)

  async function keyOn(url: string, headers: Record<string, string>) {
    const res = await fetch(`${url}/api/keys`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Across', scopes: ['models'] }),
    })
    return (await res.json()).data as { id: string; key: string }
  }

  /** How long after `change` the other instance refused the key (it polls every 50 ms). */
  async function refusedWithin(url: string, key: string): Promise<number> {
    const start = performance.now()
    while (performance.now() - start < 5_000) {
      if ((await models(url, key)) === 401) return performance.now() - start
      await Bun.sleep(50)
    }
    return Number.POSITIVE_INFINITY
  }

  test('a key revoked on one instance stops on the other within a second', async () => {
    const [a, b] = cluster.instances
    const user = await cluster.createUser()
    const { id, key } = await keyOn(a!.url, user.headers)
    // Both instances have the key cached as valid.
    expect(await models(a!.url, key)).toBe(200)
    expect(await models(b!.url, key)).toBe(200)
    const revoked = await fetch(`${a!.url}/api/keys/${id}`, { method: 'DELETE', headers: user.headers })
    expect(revoked.status).toBe(200)
    // The revoking instance refuses at once; the other within the cache's lifetime.
    expect(await models(a!.url, key)).toBe(401)
    expect(await refusedWithin(b!.url, key)).toBeLessThanOrEqual(KEY_CACHE_TTL_MS + 200)
  })

  test('a person banned on one instance has their key refused on the other within a second', async () => {
    const [a, b] = cluster.instances
    const user = await cluster.createUser()
    const { key } = await keyOn(a!.url, user.headers)
    expect(await models(b!.url, key)).toBe(200)
    await a!.ctx.db.update(users).set({ isBanned: true }).where(eq(users.id, user.id))
    expect(await refusedWithin(b!.url, key)).toBeLessThanOrEqual(KEY_CACHE_TTL_MS + 200)
  })
})
