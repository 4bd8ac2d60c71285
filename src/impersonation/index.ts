import { Elysia } from 'elysia'
import { impersonationData } from '../access/support-access'
import { authGuard, isSameOrigin } from '../auth/guard'
import { clearedSessionCookie, readToken, sessionCookie } from '../auth/session'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { clearedParkedCookie, readParkedCookie } from './cookies'
import { accountAccessLogGetResponse, impersonationDeleteResponse, impersonationGetResponse } from './model'
import { accessLog, stopImpersonation } from './service'

/**
 * The support session's own routes (decision 117): what the banner shows, stopping, and the
 * target's list of accesses to their account.
 */
export const impersonationRoutes = (ctx: AppContext) => {
  const secure = ctx.config.appUrl.startsWith('https:')
  return new Elysia({ name: 'impersonation' })
    .use(authGuard(ctx))
    .get(
      '/api/impersonation',
      ({ actor, user }) => ({
        success: true as const,
        data: actor.impersonation ? impersonationData(actor.impersonation, user) : null,
      }),
      {
        response: impersonationGetResponse,
        auth: true,
        detail: { summary: 'The support access this session runs (or null), for the banner' },
      },
    )
    .delete(
      '/api/impersonation',
      async ({ request, server, set }) => {
        const credential = readToken(request)
        const parked = readParkedCookie(request)
        if ((credential?.via === 'cookie' || parked) && !isSameOrigin(ctx, request))
          throw new AppError('forbidden:origin', 'Cross-site request refused')
        const { stopped, restored } = await stopImpersonation(ctx, credential, parked, {
          request,
          server,
        }).catch((error) => {
          // Nothing to stop for an ordinary session: a parked cookie left over goes all the same.
          if (parked && error instanceof AppError && error.code === 'not_found:impersonation')
            set.headers['set-cookie'] = clearedParkedCookie(secure)
          throw error
        })
        if (parked) {
          // The browser goes back to the admin's own session, or is signed out when it is gone.
          set.headers['set-cookie'] = [
            restored
              ? sessionCookie(restored.token, restored.expiresAt, secure)
              : clearedSessionCookie(secure),
            clearedParkedCookie(secure),
          ] as unknown as string
        }
        return { success: true as const, data: { stopped, restored: restored !== null } }
      },
      {
        response: impersonationDeleteResponse,
        detail: {
          summary:
            'Stop support access and return to the admin’s own session (also after it ended by itself)',
        },
      },
    )
    .get(
      '/api/account/access-log',
      async ({ actor }) => ({ success: true as const, data: await accessLog(ctx, actor) }),
      {
        response: accountAccessLogGetResponse,
        auth: true,
        detail: { summary: 'Who opened this account through support access, when and why' },
      },
    )
}
