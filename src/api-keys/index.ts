import { Elysia } from 'elysia'
import { authGuard } from '../auth/guard'
import type { AppContext } from '../context'
import { createdKeyResponse, createKeyBody, keyListResponse, keyParams, keyResponse } from './model'
import { createKey, listKeys, revokeKey } from './service'

/**
 * /api/keys: the person's own team-API keys (issue 31). `accountSecurity`: a key is a credential,
 * so support access (an administrator acting as the person) can neither see, make nor revoke one.
 */
export const apiKeyRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'api-keys' })
    .use(authGuard(ctx))
    .get('/api/keys', async ({ actor }) => ({ success: true as const, data: await listKeys(ctx, actor) }), {
      response: keyListResponse,
      accountSecurity: true,
      detail: { summary: 'My API keys (never their secrets), with each key’s spend this month' },
    })
    .post(
      '/api/keys',
      async ({ actor, body, set }) => {
        set.status = 201
        return { success: true as const, data: await createKey(ctx, actor, body) }
      },
      {
        response: { 201: createdKeyResponse },
        body: createKeyBody,
        accountSecurity: true,
        detail: { summary: 'Make an API key: its secret (`key`) is answered this once only' },
      },
    )
    .delete(
      '/api/keys/:id',
      async ({ actor, params }) => ({ success: true as const, data: await revokeKey(ctx, actor, params.id) }),
      {
        response: keyResponse,
        params: keyParams,
        accountSecurity: true,
        detail: { summary: 'Revoke one of my API keys: it stops working at once, on every instance' },
      },
    )
