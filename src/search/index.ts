import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { searchQuery, searchResponse } from './model'
import { searchEverything } from './service'

/** Search over the actor's chat titles and messages (issue 28, docs/decisions/161). */
export const searchRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'search' }).use(authGuard(ctx)).get(
    '/api/search',
    async ({ actor, query }) => ({
      success: true as const,
      data: await searchEverything(ctx, actor, query),
    }),
    {
      response: searchResponse,
      auth: true,
      query: searchQuery,
      detail: { summary: 'Search chat titles and messages, best matches first' },
    },
  )
