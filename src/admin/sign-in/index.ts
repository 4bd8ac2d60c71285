import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { done } from '../../http/model'
import {
  discoverBody,
  discoverResponse,
  providerCreateBody,
  providerParams,
  providerPatchBody,
  providerResponse,
  providersResponse,
  signInBody,
  signInResponse,
} from './model'
import {
  createProvider,
  deleteProvider,
  discoverIssuer,
  getSignInSettings,
  listProvidersJson,
  updateProvider,
  updateSignInSettings,
} from './service'

/** Admin › Sign-in: identity providers and the sign-in settings (issue 29). Admins only, never while impersonating; audited. */
export const adminSignInRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.sign-in' })
    .use(authGuard(ctx))
    .get(
      '/identity-providers',
      async () => ({ success: true as const, data: await listProvidersJson(ctx) }),
      {
        response: providersResponse,
        admin: true,
        detail: {
          summary: 'The identity providers (the OIDC_* one as "environment"); never a client secret',
        },
      },
    )
    .post(
      '/identity-providers',
      async ({ actor, user, body, request, server, set }) => {
        set.status = 201
        return {
          success: true as const,
          data: await createProvider(ctx, { ...actor, email: user.email }, body, { request, server }),
        }
      },
      {
        response: { 201: providerResponse },
        admin: true,
        body: providerCreateBody,
        detail: {
          summary: 'Add an identity provider (the client secret is sealed with APP_SECRET, never answered)',
        },
      },
    )
    .post(
      '/identity-providers/discover',
      async ({ body }) => ({ success: true as const, data: await discoverIssuer(ctx, body.issuer) }),
      {
        response: discoverResponse,
        admin: true,
        body: discoverBody,
        detail: { summary: 'Run discovery on an issuer ("Test"): what it found, or why it failed' },
      },
    )
    .patch(
      '/identity-providers/:id',
      async ({ actor, user, params, body, request, server }) => ({
        success: true as const,
        data: await updateProvider(ctx, { ...actor, email: user.email }, params.id, body, {
          request,
          server,
        }),
      }),
      {
        response: providerResponse,
        admin: true,
        params: providerParams,
        body: providerPatchBody,
        detail: { summary: 'Change an identity provider (clientSecret left out keeps the old one)' },
      },
    )
    .delete(
      '/identity-providers/:id',
      async ({ actor, user, params, request, server }) => {
        await deleteProvider(ctx, { ...actor, email: user.email }, params.id, { request, server })
        return { success: true as const }
      },
      {
        response: done,
        admin: true,
        params: providerParams,
        detail: { summary: 'Delete an identity provider and its links to accounts (the accounts stay)' },
      },
    )
    .get('/sign-in', async () => ({ success: true as const, data: await getSignInSettings(ctx) }), {
      response: signInResponse,
      admin: true,
      detail: { summary: 'How people sign in: password on or off, sign-up, allowed e-mail domains' },
    })
    .put(
      '/sign-in',
      async ({ actor, user, body, request, server }) => ({
        success: true as const,
        data: await updateSignInSettings(ctx, { ...actor, email: user.email }, body, { request, server }),
      }),
      {
        response: signInResponse,
        admin: true,
        body: signInBody,
        detail: {
          summary:
            'Change how people sign in (a field left out stays; passwordEnabled null returns it to PASSWORD_SIGN_IN)',
        },
      },
    )
