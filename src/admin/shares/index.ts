import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { done } from '../../http/model'
import { revokeShare } from '../../shares/service'
import { adminShareListResponse, sharingBody, sharingResponse } from './model'
import { getSharing, listAllShares, updateSharing } from './service'

/** /api/admin/shares and /api/admin/sharing: every link, revoking any, and whether public links are allowed. */
export const adminShareRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.shares' })
    .use(authGuard(ctx))
    .get('/shares', async () => ({ success: true as const, data: await listAllShares(ctx) }), {
      response: adminShareListResponse,
      admin: true,
      detail: { summary: 'Every share link, newest first, with its owner and chat' },
    })
    .delete(
      '/shares/:id',
      async ({ actor, user, params, request, server }) => {
        await revokeShare(ctx, { ...actor, email: user.email }, params.id, { request, server }, true)
        return { success: true as const }
      },
      { response: done, admin: true, detail: { summary: 'Revoke any share link' } },
    )
    .get('/sharing', async () => ({ success: true as const, data: await getSharing(ctx) }), {
      response: sharingResponse,
      admin: true,
      detail: { summary: 'Whether public links are allowed' },
    })
    .put(
      '/sharing',
      async ({ actor, user, body, request, server }) => ({
        success: true as const,
        data: await updateSharing(ctx, { ...actor, email: user.email }, body, { request, server }),
      }),
      {
        response: sharingResponse,
        admin: true,
        body: sharingBody,
        detail: { summary: 'Allow or stop public links (off: every public link stops at once)' },
      },
    )
