import { afterAll, describe, expect, test } from 'bun:test'
import { io, type Socket } from 'socket.io-client'
import { type ListeningApp, startApp, startInstances, type TestUser } from '../test/harness'
import { waitFor } from '../test/wait'
import { sweepImpersonations } from './sweep'

/*
 * Support access over real sockets (issue 11, decision 117): the support session's sockets hear
 * `impersonation:expiring` and `impersonation:ended` (the target's own sockets do not), and are cut
 * when the access ends; with two instances on one Postgres, an access past its expiry by the
 * (moved) server clock is refused on both and its sockets are cut wherever they are.
 */

const sockets: Socket[] = []
afterAll(() => {
  for (const socket of sockets) socket.close()
})

async function startAccess(app: ListeningApp, admin: TestUser, target: TestUser, durationMinutes = 15) {
  const res = await fetch(`${app.url}/api/admin/impersonations`, {
    method: 'POST',
    headers: { ...admin.headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      targetUserId: target.id,
      reasonCode: 'bug_investigation',
      caseNumber: 'S-1',
      durationMinutes,
    }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { data: { token: string } }).data.token
}

/** A connected socket, with the events it heard (in order) and why it was cut. */
async function connect(url: string, token: string) {
  const socket = io(url, { transports: ['websocket'], reconnection: false, auth: { token } })
  sockets.push(socket)
  const heard: string[] = []
  let reason: string | undefined
  socket.on('impersonation:expiring', () => heard.push('expiring'))
  socket.on('impersonation:ended', () => heard.push('ended'))
  socket.on('impersonations:changed', ({ change }) => heard.push(`changed:${change}`))
  socket.on('disconnect', (why) => {
    reason = why
  })
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve())
    socket.on('connect_error', reject)
  })
  return { heard, cut: () => waitFor(() => reason, 8000, 'the socket to be cut') }
}

/** Moves every instance's clock forward (the server's clock is the only one). */
function moveClock(apps: ListeningApp[], byMs: number) {
  for (const app of apps) app.ctx.now = () => new Date(Date.now() + byMs)
}

describe('support access over sockets', () => {
  test('the support session hears expiring then ended and is cut; the target’s own socket is not', async () => {
    const app = await startApp({}, { listen: true })
    try {
      const admin = await app.createUser({ role: 'admin' })
      const target = await app.createUser()
      const token = await startAccess(app, admin, target)
      const support = await connect(app.url, token)
      const own = await connect(app.url, target.token)
      // Its last quarter (a 15-minute grant): the warning goes out (decision 146).
      moveClock([app], 12 * 60_000)
      await sweepImpersonations(app.ctx)
      await waitFor(() => support.heard.includes('expiring') || undefined, 5000, 'impersonation:expiring')
      moveClock([app], 16 * 60_000)
      await sweepImpersonations(app.ctx)
      expect(await support.cut()).toBe('io server disconnect')
      expect(support.heard).toEqual(['expiring', 'ended'])
      expect(own.heard).toEqual([])
      const refused = await fetch(`${app.url}/api/chats`, { headers: { authorization: `Bearer ${token}` } })
      expect(refused.status).toBe(401)
    } finally {
      await app.close()
    }
  }, 60_000)

  test('the monitoring list is pushed to admins acting as themselves: start, stop, an end by another admin, expiry, a demotion', async () => {
    const app = await startApp({}, { listen: true })
    try {
      const admin = await app.createUser({ role: 'admin' })
      const watcher = await app.createUser({ role: 'admin' })
      const demoted = await app.createUser({ role: 'admin' })
      const user = await app.createUser()
      const target = await app.createUser()
      const watching = await connect(app.url, watcher.token)
      const demotedSocket = await connect(app.url, demoted.token)
      const ordinary = await connect(app.url, user.token)
      const targetOwn = await connect(app.url, target.token)
      const changes = () => watching.heard.filter((event) => event.startsWith('changed:'))
      const heardAll = (count: number) =>
        waitFor(() => changes().length >= count || undefined, 5000, `${count} impersonations:changed`)

      // Started, then stopped by the admin (the support session's own socket does not hear it).
      const token = await startAccess(app, admin, target)
      await heardAll(1)
      const support = await connect(app.url, token)
      const stop = await fetch(`${app.url}/api/impersonation`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(stop.status).toBe(200)
      await heardAll(2)
      expect(support.heard.filter((event) => event.startsWith('changed:'))).toEqual([])

      // Demoted: that person's open tab stops hearing it at once.
      const demote = await fetch(`${app.url}/api/admin/users/${demoted.id}`, {
        method: 'PATCH',
        headers: { ...watcher.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'user' }),
      })
      expect(demote.status).toBe(200)

      // Ended by another admin, then one ended by its expiry (the sweep).
      await startAccess(app, admin, target)
      await heardAll(3)
      const listed = await fetch(`${app.url}/api/admin/impersonations`, { headers: watcher.headers })
      const active = ((await listed.json()) as { data: { active: { id: string }[] } }).data.active
      const end = await fetch(`${app.url}/api/admin/impersonations/${active[0]!.id}`, {
        method: 'DELETE',
        headers: watcher.headers,
      })
      expect(end.status).toBe(200)
      await heardAll(4)
      await startAccess(app, admin, target)
      await heardAll(5)
      moveClock([app], 16 * 60_000)
      await sweepImpersonations(app.ctx)
      await heardAll(6)
      expect(changes()).toEqual([
        'changed:started',
        'changed:ended',
        'changed:started',
        'changed:ended',
        'changed:started',
        'changed:ended',
      ])
      // Only administrators acting as themselves: never an ordinary user, the target, or a demoted admin.
      expect(ordinary.heard).toEqual([])
      expect(targetOwn.heard).toEqual([])
      expect(demotedSocket.heard).toEqual(['changed:started', 'changed:ended'])
    } finally {
      await app.close()
    }
  }, 60_000)

  test.skipIf(!process.env.TEST_DATABASE_URL)(
    'two instances: an admin on the other instance hears the start and the end by a ban',
    async () => {
      const cluster = await startInstances(2)
      const [first, second] = cluster.instances as [ListeningApp, ListeningApp]
      try {
        const admin = await cluster.createUser({ role: 'admin' })
        const watcher = await cluster.createUser({ role: 'admin' })
        const user = await cluster.createUser()
        const target = await cluster.createUser()
        const watching = await connect(second.url, watcher.token)
        const ordinary = await connect(second.url, user.token)
        await startAccess(first, admin, target)
        await waitFor(() => watching.heard.includes('changed:started') || undefined, 8000, 'the start')
        const ban = await fetch(`${first.url}/api/admin/users/${target.id}`, {
          method: 'PATCH',
          headers: { ...watcher.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ isBanned: true }),
        })
        expect(ban.status).toBe(200)
        await waitFor(() => watching.heard.includes('changed:ended') || undefined, 8000, 'the end')
        expect(ordinary.heard).toEqual([])
      } finally {
        await cluster.close()
      }
    },
    90_000,
  )

  test.skipIf(!process.env.TEST_DATABASE_URL)(
    'two instances on one Postgres: past the expiry, refused on both and cut on the other instance',
    async () => {
      const cluster = await startInstances(2)
      const [first, second] = cluster.instances as [ListeningApp, ListeningApp]
      try {
        const admin = await cluster.createUser({ role: 'admin' })
        const target = await cluster.createUser()
        const token = await startAccess(first, admin, target)
        const support = await connect(second.url, token)
        const headers = { authorization: `Bearer ${token}` }
        expect((await fetch(`${second.url}/api/chats`, { headers })).status).toBe(200)
        moveClock([first, second], 15 * 60_000 + 1000)
        // The first instance's sweep ends it; the socket on the second hears it and is cut.
        await sweepImpersonations(first.ctx)
        // Cut at once on every instance; `impersonation:ended` may arrive after the cut there (the
        // event and the cut travel separately through Postgres), so the browser returns on either.
        expect(await support.cut()).toBe('io server disconnect')
        for (const app of [first, second])
          expect((await fetch(`${app.url}/api/chats`, { headers })).status).toBe(401)
        // Ended once: the second instance's sweep finds nothing left to end.
        expect((await sweepImpersonations(second.ctx)).ended).toBe(0)
      } finally {
        await cluster.close()
      }
    },
    90_000,
  )
})
