import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { messagesFor } from '../messages/messages-data'
import { type Instances, startInstances } from '../test/harness'

/*
 * Two instances on one Postgres, as behind a load balancer (issue 32): a link revoked on one, or
 * public links turned off there, stops on the other at once. Nothing is cached: every opening
 * reads the link and the setting.
 */
let cluster: Instances

describe.skipIf(!process.env.TEST_DATABASE_URL)('share links across instances', () => {
  beforeAll(async () => {
    cluster = await startInstances(2)
  }, 60_000)
  afterAll(() => cluster?.close())

  const call = (url: string, headers: Record<string, string>, method: string, path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  test('revoking, and turning public links off, stop the link on the other instance at once', async () => {
    const one = cluster.instances[0]!
    const two = cluster.instances[1]!
    const owner = await cluster.createUser()
    const admin = await cluster.createUser({ role: 'admin' })
    const viewer = await cluster.createUser()
    const chatId = (
      (await (await call(one.url, owner.headers, 'POST', '/api/chats', { title: 'Across' })).json()) as {
        data: { id: string }
      }
    ).data.id
    await messagesFor(one.ctx.db, one.actorOf(owner)).insert([
      { chatId, parentId: null, content: 'Hello', isUser: true, status: 'complete' },
    ])
    const make = async (audience: string) =>
      (
        (await (
          await call(one.url, owner.headers, 'POST', `/api/chats/${chatId}/shares`, { audience })
        ).json()) as {
          data: { id: string; url: string }
        }
      ).data
    const open = async (headers: Record<string, string>, url: string) =>
      (await call(two.url, headers, 'GET', `/api/shares/${url.slice(url.lastIndexOf('/') + 1)}`)).status

    const org = await make('organization')
    expect(await open(viewer.headers, org.url)).toBe(200)
    expect((await call(one.url, owner.headers, 'DELETE', `/api/shares/${org.id}`)).status).toBe(200)
    expect(await open(viewer.headers, org.url)).toBe(404)

    expect(
      (await call(one.url, admin.headers, 'PUT', '/api/admin/sharing', { publicLinks: true })).status,
    ).toBe(200)
    const pub = await make('public')
    expect(await open({}, pub.url)).toBe(200)
    expect(
      (await call(one.url, admin.headers, 'PUT', '/api/admin/sharing', { publicLinks: false })).status,
    ).toBe(200)
    expect(await open({}, pub.url)).toBe(404)
  })
})
