import { Elysia } from 'elysia'
import { authGuard } from '../../auth/guard'
import type { AppContext } from '../../context'
import { adminUsageGetResponse, usageCsvQuery, usageQuery } from './model'
import { exportUsageCsv, getUsage } from './service'

/** /api/admin/usage: spend and tokens per day, per model and per user, for administrators. */
export const adminUsageRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin.usage' })
    .use(authGuard(ctx))
    .get(
      '/usage',
      async ({ actor, query }) => ({ success: true as const, data: await getUsage(ctx, actor, query) }),
      {
        response: adminUsageGetResponse,
        admin: true,
        query: usageQuery,
        detail: {
          summary:
            'Spend and tokens per day of the last 30 or 90 days (the organisation’s days), per model, the top users, and tool calls per tool and server with the latest ones',
        },
      },
    )
    .get(
      '/usage.csv',
      async ({ actor, user, query, request, server }) => {
        const { filename, csv } = await exportUsageCsv(ctx, { actor, user }, query, { request, server })
        return new Response(csv, {
          headers: {
            'content-type': 'text/csv; charset=utf-8; header=present',
            'content-disposition': `attachment; filename="${filename}"`,
            'cache-control': 'no-store',
          },
        })
      },
      {
        admin: true,
        query: usageCsvQuery,
        detail: {
          summary:
            'The usage figures as CSV: by day, by day and model, by user, by API key or by tool (audited as usage.export)',
        },
      },
    )
