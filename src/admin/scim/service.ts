import { type RequestOrigin, recordAudit } from '../../access/audit'
import type { Actor } from '../../auth/actor'
import { generateToken, hashToken } from '../../auth/session'
import { isUuid } from '../../chats/cursor'
import type { AppContext } from '../../context'
import { AppError } from '../../http/errors'
import { SCIM_TOKEN_PREFIX } from '../../scim/auth'
import { SCIM_PREFIX } from '../../scim/errors'
import { findTokenForUpdate, insertToken, listTokens, revokeToken } from './tokens-data'

/*
 * SCIM bearer tokens (issue 29): made by an administrator, shown once, stored as their SHA-256
 * (as sessions are), revoked rather than deleted so the record stays. Every change is audited in
 * the same transaction.
 */

type AdminActor = Actor & { email: string }
const TOKEN_NOT_FOUND = 'SCIM token not found'

export async function listScimTokens(ctx: Pick<AppContext, 'db' | 'config'>) {
  return { baseUrl: `${ctx.config.appUrl}${SCIM_PREFIX}`, tokens: await listTokens(ctx.db) }
}

export async function createScimToken(
  ctx: Pick<AppContext, 'db' | 'config'>,
  admin: AdminActor,
  input: { label?: string },
  origin: RequestOrigin,
) {
  const label = (input.label ?? '').trim()
  const token = `${SCIM_TOKEN_PREFIX}${generateToken()}`
  const row = await ctx.db.transaction(async (tx) => {
    const row = await insertToken(tx, { tokenHash: hashToken(token), label, createdBy: admin.realUserId })
    await recordAudit(
      { db: tx, config: ctx.config },
      admin,
      { action: 'scim_token.create', targetType: 'scim_token', targetId: row.id, details: { label } },
      origin,
    )
    return row
  })
  return { id: row.id, label: row.label, token, createdAt: row.createdAt }
}

/** Revokes a token at once (its next request is refused with 401); revoking it again changes nothing. */
export async function revokeScimToken(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  admin: AdminActor,
  id: string,
  origin: RequestOrigin,
) {
  if (!isUuid(id)) throw new AppError('not_found:scim_token', TOKEN_NOT_FOUND)
  await ctx.db.transaction(async (tx) => {
    const row = await findTokenForUpdate(tx, id.toLowerCase())
    if (!row) throw new AppError('not_found:scim_token', TOKEN_NOT_FOUND)
    if (row.revokedAt) return
    await revokeToken(tx, row.id, ctx.now())
    await recordAudit(
      { db: tx, config: ctx.config },
      admin,
      {
        action: 'scim_token.revoke',
        targetType: 'scim_token',
        targetId: row.id,
        details: { label: row.label },
      },
      origin,
    )
  })
}
