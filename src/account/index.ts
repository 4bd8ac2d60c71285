import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import { clearedSessionCookie } from '../auth/session'
import type { AppContext } from '../context'
import { done } from '../http/model'
import { deleteAccount } from './service'

/**
 * The account as a whole. Spec section 7 has the browser send its token as a Bearer credential; the
 * web client sends the httpOnly cookie instead (with the Origin check of every cookie mutation),
 * and API clients may still use Bearer (docs/decisions/100-session-token-not-in-page.md).
 */
export const accountRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'account' }).use(authGuard(ctx)).delete(
    '/api/user/delete-account',
    async ({ actor, set }) => {
      await deleteAccount(ctx, actor)
      set.headers['set-cookie'] = clearedSessionCookie(ctx.config.appUrl.startsWith('https:'))
      return { success: true as const }
    },
    {
      response: done,
      accountSecurity: true,
      detail: { summary: 'Delete the signed-in account and all its data' },
    },
  )
