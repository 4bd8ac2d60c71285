import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { treaty } from '@elysiajs/eden'
import { eq } from 'drizzle-orm'
import { type Database, openPostgres } from '../../db/client'
import { users } from '../../db/schema'
import { type App, createApp } from '../app'
import type { Actor } from '../auth/actor'
import { hashPassword } from '../auth/passwords'
import { createSession } from '../auth/session'
import { loadConfig } from '../config'
import type { AppContext, Realtime } from '../context'
import { SERVER_BODY_CAP } from '../http/base'
import { createJobs } from '../jobs'
import { startWorkers } from '../jobs/workers'
import { createLogger } from '../log/logger'
import { createMailer } from '../mail'
import { createPublicFeed, EVERYONE_ROOM } from '../realtime/public-feed'
import { createRealtime } from '../realtime/server'
import { abandonRunningResearch } from '../research/job'
import { startServer } from '../server'
import { createServices } from '../services'
import { createStorage } from '../storage'
import { createTestDatabase } from './db'

/*
 * The one way to start Parley in a test: `startApp()` (in-process, or on a real port with real
 * socket.io when `listen`), `startInstances(n)` (several listening apps on one Postgres database).
 * Each gives the same shape: `ctx`, `url` when listening, `api` (the typed Eden client), `as(user)`
 * (that client signed in as a user), `createUser()` (an account and a session made in the
 * database: the one way a test signs in; the HTTP sign-in is tested in src/auth) and `close()`.
 * The browser suites and benchmarks run the shipped boot path instead: `startShippedServer`.
 */

/** Every realtime event a test app emitted, in order, so tests can assert on pushes without sockets. */
export type RecordedEvent = { room: string; event: string; payload: unknown }

/** The typed client: `api.api.chats({ id }).patch({ title })` answers `{ data, error, status }`. */
export type Api = ReturnType<typeof treaty<App>>

export interface TestUser {
  id: string
  email: string
  token: string
  sessionId: string
  /** Headers that authenticate as this user with a Bearer token. */
  headers: Record<string, string>
}

export interface NewUser {
  email?: string
  fullName?: string
  role?: 'admin' | 'user'
  password?: string
}

export interface TestApp {
  app: App
  ctx: AppContext
  database: Database
  /** http://127.0.0.1:<port> when started with `listen`. */
  url?: string
  /** What the app pushed (also sent to real sockets when listening). */
  events: RecordedEvent[]
  /** The session ids the app asked realtime to cut (`Realtime.endSessions`), in order. */
  endedSessions: string[]
  /** The typed client, with no session. */
  api: Api
  /** The typed client signed in as `user` (its Bearer token on every call). */
  as(user: { headers: Record<string, string> }): Api
  /**
   * A raw request with a path like '/api/health', for tests that send what the typed client
   * cannot (malformed bodies, wrong content types, cookies).
   */
  request(path: string, init?: RequestInit): Promise<Response>
  /** Inserts an account and opens a session for it, bypassing the HTTP sign-up. */
  createUser(input?: NewUser): Promise<TestUser>
  /**
   * The actor a user's own signed-in request resolves to, for calling services directly
   * (no session lookup: tests that need one go through HTTP).
   */
  actorOf(user: { id: string; role?: 'admin' | 'user' }): Actor
  close(): Promise<void>
}

export type ListeningApp = TestApp & { url: string }

export const TEST_ORIGIN = 'http://localhost'
const APP_SECRET = 'test-secret-test-secret-test-secret-0000'

/**
 * Defaults every test app gets (an env given to startApp overrides them): cheap argon2 so that
 * suites creating many users stay fast, and sign-in rate limits no suite reaches (the rate-limit
 * suite sets its own).
 */
export const TEST_ENV: Record<string, string> = {
  PASSWORD_HASH_MEMORY_KIB: '1024',
  PASSWORD_HASH_ITERATIONS: '1',
  ...Object.fromEntries(
    ['LOGIN', 'SIGNUP', 'FORGOT_PASSWORD'].flatMap((route) =>
      ['PER_IP', 'PER_EMAIL'].map((scope) => [`RATE_LIMIT_${route}_${scope}`, '100000']),
    ),
  ),
}

export interface StartOptions {
  /** Listen on a free port of 127.0.0.1 with real socket.io, as `startServer` runs the app. */
  listen?: boolean
  /** How often the socket sweep looks for ended sessions (listening only). */
  sweepMs?: number
  /** Run the background workers (knowledge indexing) in this app, as the server does. */
  jobs?: boolean
}

/**
 * One fresh app per test file: a fresh migrated database (PGlite in memory; a throwaway database
 * on TEST_DATABASE_URL when set), config from the given env over TEST_ENV, logs kept quiet,
 * realtime events recorded in `events`.
 */
export async function startApp(
  env: Record<string, string>,
  options: StartOptions & { listen: true },
): Promise<ListeningApp>
export async function startApp(env?: Record<string, string>, options?: StartOptions): Promise<TestApp>
export async function startApp(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase()
  try {
    return await openApp(database, env, { ...options, ownsDatabase: true })
  } catch (error) {
    await database.close()
    throw error
  }
}

export interface Instances {
  /** The listening apps, in start order; all on the same database. */
  instances: ListeningApp[]
  /** An account with a session, valid on every instance. */
  createUser(input?: NewUser): Promise<TestUser>
  /** One more instance on the same database (one started while the others run). */
  start(): Promise<ListeningApp>
  /** The shared database's URL. */
  url: string
  close(): Promise<void>
}

/**
 * `count` listening apps (HTTP + socket.io), each with its own connection pool, on one fresh
 * database of the TEST_DATABASE_URL Postgres server, as several instances behind a load balancer
 * run: their sockets share events through Postgres.
 */
export async function startInstances(
  count: number,
  env: Record<string, string> = {},
  options: { jobs?: boolean } = {},
): Promise<Instances> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('startInstances needs TEST_DATABASE_URL')
  const shared = await createTestDatabase()
  const instances: ListeningApp[] = []
  const start = async () => {
    const database = openPostgres(shared.url!, { max: 5 })
    const instance = (await openApp(
      database,
      { ...env, DATABASE_URL: shared.url! },
      { listen: true, ownsDatabase: true, jobs: options.jobs },
    ).catch(async (error) => {
      await database.close()
      throw error
    })) as ListeningApp
    instances.push(instance)
    return instance
  }
  try {
    for (let index = 0; index < count; index += 1) await start()
  } catch (error) {
    for (const instance of instances) await instance.close()
    await shared.close()
    throw error
  }
  return {
    instances,
    createUser: (input) => instances[0]!.createUser(input),
    start,
    url: shared.url!,
    async close() {
      for (const instance of instances) await instance.close()
      await shared.close()
    },
  }
}

async function openApp(
  database: Database,
  env: Record<string, string>,
  options: StartOptions & { ownsDatabase: boolean },
): Promise<TestApp> {
  const config = {
    ...loadConfig({
      DATA_DIR: `/tmp/parley-test-${crypto.randomUUID()}`,
      APP_URL: TEST_ORIGIN,
      ...TEST_ENV,
      ...env,
    }),
    appSecret: APP_SECRET,
  }
  const events: RecordedEvent[] = []
  const endedSessions: string[] = []
  const log = createLogger(process.env.TEST_LOG ? 'debug' : 'silent')
  // Without sockets, the public stream still works within the one app.
  const publicFeed = createPublicFeed(log)
  const recorder: Realtime = {
    toUser: (userId, event, payload) => events.push({ room: `user:${userId}`, event, payload }),
    toChat: (chatId, event, payload) => events.push({ room: `chat:${chatId}`, event, payload }),
    toSession: (sessionId, event, payload) => events.push({ room: `session:${sessionId}`, event, payload }),
    toAdmins: (event, payload) => events.push({ room: 'admins', event, payload }),
    setAdmin: () => {},
    endSessions: (sessionIds) => {
      ctx.sessionCache.forget(sessionIds)
      endedSessions.push(...sessionIds)
    },
    toEveryone: (event, payload) => {
      events.push({ room: EVERYONE_ROOM, event, payload })
      publicFeed.deliver(event, payload)
    },
    listenPublic: (listener) => publicFeed.listen(listener),
  }
  // One context object: a test that moves `ctx.now` moves it for HTTP, the socket sweep and the
  // rate limits alike (the services read it through `base`, the same object).
  const base = {
    config,
    database,
    db: database.db,
    log,
    realtime: recorder,
    storage: createStorage(config),
    mailer: createMailer(config, log),
    jobs: createJobs({
      database,
      databaseUrl: (database as { url?: string }).url ?? env.DATABASE_URL,
      log,
      pollingIntervalSeconds: 0.5,
    }),
    now: () => new Date(),
  }
  const ctx: AppContext = Object.assign(
    base,
    createServices({ config, log, database, now: () => base.now(), realtime: () => base.realtime }),
  )
  // The job queue starts on first use; only suites that ask for workers run them.
  if (options.jobs) await startWorkers(ctx)
  const vector = database.kind === 'pglite'
  let app: App
  let url: string | undefined
  let closeRealtime = async () => {}
  if (options.listen) {
    const live = await createRealtime(ctx, { sweepMs: options.sweepMs })
    closeRealtime = live.close
    // Recorded, then sent to the sockets.
    ctx.realtime = {
      toUser(userId, event, payload) {
        recorder.toUser(userId, event, payload)
        live.realtime.toUser(userId, event, payload)
      },
      toChat(chatId, event, payload) {
        recorder.toChat(chatId, event, payload)
        live.realtime.toChat(chatId, event, payload)
      },
      toSession(sessionId, event, payload) {
        recorder.toSession(sessionId, event, payload)
        live.realtime.toSession(sessionId, event, payload)
      },
      toAdmins(event, payload) {
        recorder.toAdmins(event, payload)
        live.realtime.toAdmins(event, payload)
      },
      setAdmin(userId, isAdmin) {
        live.realtime.setAdmin(userId, isAdmin)
      },
      endSessions(sessionIds) {
        recorder.endSessions(sessionIds)
        live.realtime.endSessions(sessionIds)
      },
      toEveryone(event, payload) {
        events.push({ room: EVERYONE_ROOM, event, payload })
        live.realtime.toEveryone(event, payload)
      },
      listenPublic: (listener) => live.realtime.listenPublic(listener),
    }
    app = createApp(ctx, { vector, socketEngine: live.engine })
    app.listen({
      port: 0,
      hostname: '127.0.0.1',
      websocket: live.engine.handler().websocket,
      // As startServer: Bun's cap out of the way, Parley answers every over-limit body itself.
      maxRequestBodySize: SERVER_BODY_CAP,
    })
    url = `http://127.0.0.1:${app.server!.port}`
  } else {
    app = createApp(ctx, { vector })
  }
  const client = (headers?: Record<string, string>) =>
    url ? treaty<App>(url, { headers }) : treaty<App>(app, { headers })
  let counter = 0
  return {
    app,
    ctx,
    database,
    url,
    events,
    endedSessions,
    api: client(),
    as: (user) => client(user.headers),
    request: (path, init) =>
      url ? fetch(`${url}${path}`, init) : app.handle(new Request(`${TEST_ORIGIN}${path}`, init)),
    async createUser(input = {}) {
      counter += 1
      return createTestUser(ctx, input, `${counter}-${crypto.randomUUID().slice(0, 8)}`)
    },
    actorOf: (user) => ({
      userId: user.id,
      realUserId: user.id,
      sessionId: '',
      role: user.role ?? 'user',
      impersonation: null,
    }),
    async close() {
      // A research run in flight stops at once, as in a kill (the test is over).
      abandonRunningResearch(ctx)
      await ctx.jobs.stop()
      await closeRealtime()
      if (url) await app.stop(true)
      if (options.ownsDatabase) await database.close()
      await rm(config.dataDir, { recursive: true, force: true })
    },
  }
}

/** An account (e-mail confirmed) and a fresh session for it, written straight to the database. */
async function createTestUser(ctx: AppContext, input: NewUser, suffix: string): Promise<TestUser> {
  const email = input.email ?? `user${suffix}@example.com`
  const [user] = await ctx.db
    .insert(users)
    .values({
      email,
      fullName: input.fullName ?? `Test User ${suffix.split('-')[0]}`,
      passwordHash: await hashPassword(input.password ?? 'password123', ctx.config.passwordHash),
      role: input.role ?? 'user',
      emailConfirmedAt: new Date(),
    })
    .returning()
  const { token, session } = await createSession(ctx.db, user!.id, ctx.now())
  return { id: user!.id, email, token, sessionId: session.id, headers: { authorization: `Bearer ${token}` } }
}

export async function findUser(database: Database, id: string) {
  const [user] = await database.db.select().from(users).where(eq(users.id, id))
  return user
}

/**
 * For the browser suites and benchmarks only: the product's own `startServer` (migrations, purge,
 * interrupted replies), as `bun run start` runs it, on a free port with a temporary DATA_DIR and
 * its embedded database on disk. API and socket tests use `startApp`.
 */
export async function startShippedServer(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-server-'))
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      // Cheap argon2, as every test app has (TEST_ENV): the browser suites sign up some 500 people,
      // each costing about 0.2 s of CPU at the production cost. The rate limits stay real here.
      PASSWORD_HASH_MEMORY_KIB: TEST_ENV.PASSWORD_HASH_MEMORY_KIB!,
      PASSWORD_HASH_ITERATIONS: TEST_ENV.PASSWORD_HASH_ITERATIONS!,
      ...env,
    }),
    appSecret: APP_SECRET,
  }
  const server = await startServer(config, { log: createLogger(process.env.TEST_LOG ? 'debug' : 'silent') })
  return {
    ...server,
    url: `http://127.0.0.1:${server.port}`,
    dataDir,
    async stop() {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A typed call's answer as the wire had it: the status and the parsed body, data or error, for
 * assertions on a whole answer (`{ status: 404, body: { success: false, error, code } }`).
 */
export function outcome(res: { status: number; data: unknown; error: { value: unknown } | null }): {
  status: number
  body: unknown
} {
  return { status: res.status, body: res.error ? res.error.value : res.data }
}
