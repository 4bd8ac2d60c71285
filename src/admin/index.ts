import { Elysia } from 'elysia'
import type { AppContext } from '../context'
import { adminAgentRoutes } from './agents/index'
import { adminApiKeyRoutes } from './api-keys/index'
import { adminAuditRoutes } from './audit/index'
import { adminBackupRoutes } from './backups/index'
import { adminBrandingRoutes } from './branding/index'
import { adminBudgetRoutes } from './budgets'
import { adminGroupRoutes } from './groups/index'
import { adminImpersonationRoutes } from './impersonations/index'
import { adminKnowledgeRoutes } from './knowledge/index'
import { adminMcpServerRoutes } from './mcp-servers/index'
import { adminModelRoutes } from './models/index'
import { adminRetentionRoutes } from './retention/index'
import { adminScimRoutes } from './scim/index'
import { adminShareRoutes } from './shares/index'
import { adminSignInRoutes } from './sign-in/index'
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
    .use(adminSignInRoutes(ctx))
    .use(adminGroupRoutes(ctx))
    .use(adminScimRoutes(ctx))
    .use(adminApiKeyRoutes(ctx))
    .use(adminShareRoutes(ctx))
    .use(adminMcpServerRoutes(ctx))
    .use(adminBackupRoutes(ctx))
    .use(adminRetentionRoutes(ctx))
