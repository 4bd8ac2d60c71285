import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import {
  adminKeyListResponse,
  adminKeyParams,
  adminKeyResponse,
  apiAccessBody,
  apiAccessResponse,
} from './model'
import { getApiAccess, listEveryKey, revokeAnyonesKey, updateApiAccess } from './service'

/** /api/admin/keys and /api/admin/api-access: every team-API key, and who may use the API (issue 31). */
export const adminApiKeyRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.api-keys' })
    .use(authGuard(ctx))
    .get('/keys', async () => ({ success: true as const, data: await listEveryKey(ctx) }), {
      response: adminKeyListResponse,
      admin: true,
      detail: { summary: 'Every API key (never a secret), with its owner, last use and spend this month' },
    })
    .delete(
      '/keys/:id',
      async ({ actor, user, params, request, server }) => ({
        success: true as const,
        data: await revokeAnyonesKey(ctx, { ...actor, email: user.email }, params.id, { request, server }),
      }),
      {
        response: adminKeyResponse,
        params: adminKeyParams,
        admin: true,
        detail: { summary: 'Revoke anyone’s API key (audited)' },
      },
    )
    .get('/api-access', async () => ({ success: true as const, data: await getApiAccess(ctx) }), {
      response: apiAccessResponse,
      admin: true,
      detail: { summary: 'Whether the API is on, and for which groups (none: everyone)' },
    })
    .put(
      '/api-access',
      async ({ actor, user, body, request, server }) => ({
        success: true as const,
        data: await updateApiAccess(ctx, { ...actor, email: user.email }, body, { request, server }),
      }),
      {
        response: apiAccessResponse,
        body: apiAccessBody,
        admin: true,
        detail: { summary: 'Turn the API on or off, for everyone or chosen groups (audited)' },
      },
    )
