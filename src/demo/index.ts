import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { demoGetResponse } from './model'

/**
 * GET /api/demo: public, because the sign-in card shows the demo administrator's credentials before
 * anyone has a session. `data` is null on every instance but the throwaway demo (decision 115).
 */
export const demoRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'demo' }).get(
    '/api/demo',
    ({ set }) => {
      set.headers['cache-control'] = 'no-store'
      return { success: true as const, data: ctx.config.demo }
    },
    {
      response: demoGetResponse,
      detail: { summary: 'Whether this is the demo, and the demo administrator’s credentials if so' },
    },
  )
