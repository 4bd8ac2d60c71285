import { rm } from 'node:fs/promises'
import { treaty } from '@elysiajs/eden'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { users } from '../../db/schema'
import { type App, createApp } from '../app'
import type { Actor } from '../auth/actor'
import { hashPassword } from '../auth/passwords'
import { createSession } from '../auth/session'
import { loadConfig } from '../config'
import type { AppContext, Realtime } from '../context'
import { createLogger } from '../log/logger'
import { createMailer } from '../mail'
import { createStorage } from '../storage'
import { createTestDatabase } from './db'

/** Every realtime event a test app emitted, in order, so tests can assert on pushes without sockets. */
export type RecordedEvent = { room: string; event: string; payload: unknown }

export interface TestApp {
  app: App
  ctx: AppContext
  database: Database
  events: RecordedEvent[]
  /** The session ids the app asked realtime to cut (`Realtime.endSessions`), in order. */
  endedSessions: string[]
  /** Calls the app in-process (no socket) with a path like '/api/health'. */
  request(path: string, init?: RequestInit): Promise<Response>
  /** Typed Eden client over the in-process app. */
  api: ReturnType<typeof treaty<App>>
  /** Inserts an account and opens a session for it, bypassing the HTTP sign-up. */
  createUser(input?: {
    email?: string
    fullName?: string
    role?: 'admin' | 'user'
    password?: string
  }): Promise<{
    id: string
    email: string
    token: string
    sessionId: string
    /** Headers that authenticate as this user with a Bearer token. */
    headers: Record<string, string>
  }>
  /**
   * The actor a user's own signed-in request resolves to, for calling services directly
   * (no session lookup: tests that need one go through HTTP).
   */
  actorOf(user: { id: string; role?: 'admin' | 'user' }): Actor
  close(): Promise<void>
}

export const TEST_ORIGIN = 'http://localhost'

/**
 * Defaults every test app gets (an env given to createTestApp overrides them): cheap argon2 so that
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

/**
 * One fresh app per test file: a fresh migrated database, config from the given env, logs kept
 * quiet, realtime events recorded in `events`.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase()
  const config = {
    ...loadConfig({
      DATA_DIR: `/tmp/parley-test-${crypto.randomUUID()}`,
      APP_URL: TEST_ORIGIN,
      ...TEST_ENV,
      ...env,
    }),
    appSecret: 'test-secret-test-secret-test-secret-0000',
  }
  const events: RecordedEvent[] = []
  const endedSessions: string[] = []
  const realtime: Realtime = {
    toUser: (userId, event, payload) => events.push({ room: `user:${userId}`, event, payload }),
    toChat: (chatId, event, payload) => events.push({ room: `chat:${chatId}`, event, payload }),
    endSessions: (sessionIds) => endedSessions.push(...sessionIds),
  }
  const log = createLogger(process.env.TEST_LOG ? 'debug' : 'silent')
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    log,
    realtime,
    storage: createStorage(config),
    mailer: createMailer(config, log),
    now: () => new Date(),
  }
  const app = createApp(ctx, { vector: database.kind === 'pglite' })
  const request = (path: string, init?: RequestInit) => app.handle(new Request(`${TEST_ORIGIN}${path}`, init))
  let counter = 0
  return {
    app,
    ctx,
    database,
    events,
    endedSessions,
    request,
    api: treaty<App>(app),
    async createUser(input = {}) {
      counter += 1
      const email = input.email ?? `user${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`
      const [user] = await database.db
        .insert(users)
        .values({
          email,
          fullName: input.fullName ?? `Test User ${counter}`,
          passwordHash: await hashPassword(input.password ?? 'password123', config.passwordHash),
          role: input.role ?? 'user',
          emailConfirmedAt: new Date(),
        })
        .returning()
      const { token, session } = await createSession(database.db, user!.id, ctx.now())
      return {
        id: user!.id,
        email,
        token,
        sessionId: session.id,
        headers: { authorization: `Bearer ${token}` },
      }
    },
    actorOf: (user) => ({
      userId: user.id,
      realUserId: user.id,
      sessionId: '',
      role: user.role ?? 'user',
      impersonation: null,
    }),
    close: async () => {
      await database.close()
      await rm(config.dataDir, { recursive: true, force: true })
    },
  }
}

export async function findUser(database: Database, id: string) {
  const [user] = await database.db.select().from(users).where(eq(users.id, id))
  return user
}
