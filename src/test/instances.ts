import { users } from '../../db/schema'
import { createSession } from '../auth/session'
import { createServerDatabaseUrl, startTestServer } from './server'

type Instance = Awaited<ReturnType<typeof startTestServer>>
/** Parley's response envelope. */
export type ApiBody = { success: boolean; data: Record<string, unknown>; error?: string }

export interface Instances {
  /** The servers, in start order; all on the same database. */
  servers: Instance[]
  /** An account with a session, valid on every instance. */
  createUser(): Promise<{ id: string; token: string; headers: Record<string, string> }>
  /** Calls one instance's API as a user; answers the status and the parsed body. */
  api(
    server: Instance,
    user: { headers: Record<string, string> },
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: ApiBody }>
  stop(): Promise<void>
}

/**
 * `count` real Parley servers (HTTP + socket.io) sharing one fresh database on the
 * TEST_DATABASE_URL Postgres server, as several instances behind a load balancer run.
 */
export async function startInstances(count: number, env: Record<string, string> = {}): Promise<Instances> {
  const database = await createServerDatabaseUrl(process.env.TEST_DATABASE_URL!)
  const servers: Instance[] = []
  try {
    for (let index = 0; index < count; index += 1) {
      servers.push(await startTestServer({ ...env, DATABASE_URL: database.url }))
    }
  } catch (error) {
    for (const server of servers) await server.stop()
    await database.drop()
    throw error
  }
  let counter = 0
  return {
    servers,
    async createUser() {
      counter += 1
      const [user] = await servers[0]!.ctx.db
        .insert(users)
        .values({
          email: `instance-user${counter}@example.com`,
          passwordHash: 'unused',
          emailConfirmedAt: new Date(),
        })
        .returning()
      const { token } = await createSession(servers[0]!.ctx.db, user!.id, new Date())
      return { id: user!.id, token, headers: { authorization: `Bearer ${token}` } }
    },
    async api(server, user, method, path, body) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, body: (await res.json()) as ApiBody }
    },
    async stop() {
      for (const server of servers) await server.stop()
      await database.drop()
    },
  }
}
