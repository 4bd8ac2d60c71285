import { Elysia, t } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { done } from '../../http/model'
import { refuseUnknownFields } from '../../http/refuse-unknown-fields'
import { tokenCreateBody, tokenCreatedResponse, tokenParams, tokensResponse } from './model'
import { createScimToken, listScimTokens, revokeScimToken } from './service'

const refuseScimTokenFields = refuseUnknownFields(tokenCreateBody, 'scim_token')

/** SCIM bearer tokens, made and revoked in Admin › Sign-in (issue 29). Admins only, never while impersonating; audited. */
export const adminScimRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.scim', prefix: '/scim' })
    .use(authGuard(ctx))
    .get('/tokens', async () => ({ success: true as const, data: await listScimTokens(ctx) }), {
      response: tokensResponse,
      admin: true,
      detail: { summary: 'The SCIM base URL and every SCIM token (never the tokens themselves)' },
    })
    .post(
      '/token',
      async ({ actor, user, body, request, server, set }) => {
        const data = await createScimToken(ctx, { ...actor, email: user.email }, body ?? {}, {
          request,
          server,
        })
        set.status = 201
        return { success: true as const, data }
      },
      {
        response: { 201: tokenCreatedResponse },
        admin: true,
        body: t.Optional(tokenCreateBody),
        // No body at all is fine: the label is optional.
        transform: (context) => {
          if (context.body !== undefined) refuseScimTokenFields(context)
        },
        detail: { summary: 'Make a SCIM token; the answer is the only time the token is shown' },
      },
    )
    .delete(
      '/tokens/:id',
      async ({ actor, user, params, request, server }) => {
        await revokeScimToken(ctx, { ...actor, email: user.email }, params.id, { request, server })
        return { success: true as const }
      },
      {
        response: done,
        admin: true,
        params: tokenParams,
        detail: { summary: 'Revoke a SCIM token: SCIM requests with it are refused from now on' },
      },
    )
