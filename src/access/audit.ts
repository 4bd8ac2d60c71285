import type { AppContext } from '../context'
import type { Actor } from './actor'
import { type AuditInput, auditFor } from './audit-data'
import { clientIp } from './client-ip'

/** What a route knows about the request that acted: for the audit entry's "from where". */
export interface RequestOrigin {
  request: Request
  server: { requestIP(request: Request): { address: string } | null } | null
}

/**
 * Records one administrative action (or an action taken while impersonating). Called in the same
 * code path as the action, after it succeeded; pass the transaction as `ctx.db` to make the entry
 * part of the change.
 */
export function recordAudit(
  ctx: Pick<AppContext, 'db' | 'config'>,
  actor: Actor & { email: string },
  entry: AuditInput,
  origin: RequestOrigin | null,
): Promise<void> {
  const ip = origin ? clientIp(origin.request, origin.server, ctx.config.trustProxy) : null
  return auditFor(ctx.db, actor).record(entry, ip)
}
