import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { orgBudgetBody, orgBudgetResponse, userBudgetBody, userBudgetResponse, userParams } from './model'
import {
  getOrgBudgetSettings,
  getUserBudget,
  resetUserBudget,
  updateOrgBudget,
  updateUserBudget,
} from './service'

/** /api/admin/budgets: the organisation's budget defaults and per-user overrides (admins only, audited). */
export const adminBudgetRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.budgets', prefix: '/budgets' })
    .use(authGuard(ctx))
    .get('/', async () => ({ success: true as const, data: await getOrgBudgetSettings(ctx) }), {
      response: orgBudgetResponse,
      admin: true,
      detail: { summary: 'The organisation’s budget defaults, and where each value comes from' },
    })
    .put(
      '/',
      async ({ actor, user, body, request, server }) => ({
        success: true as const,
        data: await updateOrgBudget(ctx, { ...actor, email: user.email }, body, { request, server }),
      }),
      {
        response: orgBudgetResponse,
        admin: true,
        body: orgBudgetBody,
        detail: {
          summary:
            'Change the organisation’s budget defaults (a field left out stays; null returns it to the environment’s value)',
        },
      },
    )
    .get(
      '/users/:id',
      async ({ params }) => ({ success: true as const, data: await getUserBudget(ctx, params.id) }),
      {
        response: userBudgetResponse,
        admin: true,
        params: userParams,
        detail: { summary: 'A user’s budget override, the values that apply to them, and their spend' },
      },
    )
    .put(
      '/users/:id',
      async ({ actor, user, params, body, request, server }) => ({
        success: true as const,
        data: await updateUserBudget(ctx, { ...actor, email: user.email }, params.id, body, {
          request,
          server,
        }),
      }),
      {
        response: userBudgetResponse,
        admin: true,
        params: userParams,
        body: userBudgetBody,
        detail: {
          summary:
            'Set a user’s own budget (a field left out stays; null returns it to the organisation’s value)',
        },
      },
    )
    .delete(
      '/users/:id',
      async ({ actor, user, params, request, server }) => ({
        success: true as const,
        data: await resetUserBudget(ctx, { ...actor, email: user.email }, params.id, { request, server }),
      }),
      {
        response: userBudgetResponse,
        admin: true,
        params: userParams,
        detail: { summary: 'Remove a user’s budget override: the organisation’s values apply again' },
      },
    )
