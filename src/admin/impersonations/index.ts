import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import { sessionCookie } from '../../auth/session'
import type { AppContext } from '../../context'
import { done } from '../../http/model'
import { parkedSessionCookie, readSessionCookie } from '../../impersonation/cookies'
import { actionsOf, endByAdmin, listForAdmin, startImpersonation } from '../../impersonation/service'
import {
  adminImpersonationsActionsGetResponse,
  adminImpersonationsGetResponse,
  adminImpersonationsPostResponse,
  startImpersonationBody,
} from './model'

/**
 * /api/admin/impersonations: start support access, monitor and end it (admin role, never while
 * impersonating: an impersonating admin cannot start another one).
 */
export const adminImpersonationRoutes = (ctx: AppContext) => {
  const secure = ctx.config.appUrl.startsWith('https:')
  return new Elysia({ name: 'admin.impersonations' })
    .use(authGuard(ctx))
    .post(
      '/impersonations',
      async ({ actor, user, session, body, request, server, set }) => {
        const started = await startImpersonation(
          ctx,
          { actor, user },
          { ...body, reasonCode: body.reasonCode ?? '', caseNumber: body.caseNumber ?? '' },
          { request, server },
        )
        // A browser switches to the support session; its own token is parked in a cookie only the
        // stop route receives, and comes back when the access ends (decision 117).
        const ownToken = readCookieToken(request)
        if (ownToken) {
          set.headers['set-cookie'] = [
            sessionCookie(started.token, started.session.expiresAt, secure),
            parkedSessionCookie(ownToken, session.expiresAt, secure),
          ] as unknown as string
        }
        set.status = 201
        return {
          success: true as const,
          data: {
            impersonation: started.data,
            // API clients (no Origin header) get the support session's token to use as Bearer.
            token: request.headers.has('origin') ? undefined : started.token,
          },
        }
      },
      {
        response: { 201: adminImpersonationsPostResponse },
        admin: true,
        body: startImpersonationBody,
        detail: {
          summary: 'Act as a user for a while (support access); switches the browser to that session',
        },
      },
    )
    .get(
      '/impersonations',
      async ({ actor }) => ({ success: true as const, data: await listForAdmin(ctx, actor) }),
      {
        response: adminImpersonationsGetResponse,
        admin: true,
        detail: { summary: 'Active support accesses and the latest ended ones' },
      },
    )
    .get(
      '/impersonations/:id/actions',
      async ({ actor, params }) => ({ success: true as const, data: await actionsOf(ctx, actor, params.id) }),
      {
        response: adminImpersonationsActionsGetResponse,
        admin: true,
        detail: { summary: 'What was done during one support access (its audit entries, oldest first)' },
      },
    )
    .delete(
      '/impersonations/:id',
      async ({ actor, user, params, request, server }) => {
        await endByAdmin(ctx, { actor, user }, params.id, { request, server })
        return { success: true as const }
      },
      { response: done, admin: true, detail: { summary: 'End someone’s support access now' } },
    )
}

function readCookieToken(request: Request) {
  if (request.headers.get('authorization')?.toLowerCase().startsWith('bearer ')) return null
  return readSessionCookie(request)
}
