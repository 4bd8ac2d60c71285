import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { adminAuditGetResponse, auditListQuery } from './model'
import { listAudit } from './service'

/** /api/admin/audit: the audit trail, newest first. Read-only: no route changes or deletes an entry. */
export const adminAuditRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.audit' })
    .use(authGuard(ctx))
    .get(
      '/audit',
      async ({ actor, query }) => ({ success: true as const, data: await listAudit(ctx, actor, query) }),
      {
        response: adminAuditGetResponse,
        admin: true,
        query: auditListQuery,
        detail: { summary: 'The audit trail, filtered, newest first' },
      },
    )
