import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { budgetStatusResponse } from './model'
import { getBudgetStatus } from './service'

/** `GET /api/tokens/budget` (spec section 7): this user's spend against the configured limits. */
export const budgetRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'budget' })
    .use(authGuard(ctx))
    .get(
      '/api/tokens/budget',
      async ({ actor }) => ({ success: true as const, data: await getBudgetStatus(ctx, actor) }),
      {
        response: budgetStatusResponse,
        auth: true,
        detail: { summary: 'Spend today and this month against the budget limits' },
      },
    )
