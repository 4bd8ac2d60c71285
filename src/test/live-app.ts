import { type App, createApp } from '../app'
import type { AppContext } from '../context'
import { createRealtime } from '../realtime/server'
import { createTestApp, type TestApp } from './app'

export interface LiveApp {
  /** The in-process test app over the same database (createUser, request...). */
  t: TestApp
  ctx: AppContext
  app: App
  /** http://127.0.0.1:<port> */
  url: string
  close(): Promise<void>
}

/**
 * The app listening on a free port with real socket.io (as `startServer` runs it), over a fresh
 * test database (PGlite, or Postgres with TEST_DATABASE_URL), for tests that drive sockets.
 */
export async function startLiveApp(
  env: Record<string, string> = {},
  options: { sweepMs?: number } = {},
): Promise<LiveApp> {
  const t = await createTestApp(env)
  const { engine, realtime, close: closeRealtime } = await createRealtime(t.ctx, options)
  // The clock is read through t.ctx, so a test that moves `t.ctx.now` moves it for HTTP too.
  const ctx: AppContext = { ...t.ctx, realtime, now: () => t.ctx.now() }
  const app = createApp(ctx, { vector: false, socketEngine: engine })
  app.listen({ port: 0, hostname: '127.0.0.1', websocket: engine.handler().websocket })
  return {
    t,
    ctx,
    app,
    url: `http://127.0.0.1:${app.server!.port}`,
    async close() {
      await closeRealtime()
      await app.stop(true)
      await t.close()
    },
  }
}
