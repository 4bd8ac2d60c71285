import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { adminAgentRoutes } from './agents/index'
import { adminAuditRoutes } from './audit/index'
import { adminBrandingRoutes } from './branding/index'
import { adminBudgetRoutes } from './budgets'
import { adminImpersonationRoutes } from './impersonations/index'
import { adminKnowledgeRoutes } from './knowledge/index'
import { adminModelRoutes } from './models/index'
import { adminUsageRoutes } from './usage/index'
import { adminUserRoutes } from './users/index'

/**
 * The admin area's API under /api/admin: every route is `admin: true` (admin role, never while
 * impersonating) and audited (audit.ts). Each part is a plugin in its own folder.
 */
export const adminRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'admin', prefix: '/api/admin' })
    .use(adminUserRoutes(ctx))
    .use(adminAuditRoutes(ctx))
    .use(adminBudgetRoutes(ctx))
    .use(adminModelRoutes(ctx))
    .use(adminUsageRoutes(ctx))
    .use(adminBrandingRoutes(ctx))
    .use(adminImpersonationRoutes(ctx))
    .use(adminKnowledgeRoutes(ctx))
    .use(adminAgentRoutes(ctx))
