import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import { clearedSessionCookie } from '../auth/session'
import type { AppContext } from '../context'
import { deleteAccount } from './service'

/** The account as a whole (spec section 7: the client sends its token as a Bearer credential). */
export const accountRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'account' }).use(authGuard(ctx)).delete(
    '/api/user/delete-account',
    async ({ user, set }) => {
      await deleteAccount(ctx, user.id)
      set.headers['set-cookie'] = clearedSessionCookie(ctx.config.appUrl.startsWith('https:'))
      return { success: true as const }
    },
    { auth: true, detail: { summary: 'Delete the signed-in account and all its data' } },
  )
