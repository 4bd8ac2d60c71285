import { hashToken } from '../auth/session'
import type { AppContext } from '../context'
import { ScimError } from './errors'
import { findLiveToken, LAST_USED_EVERY_MS, noteTokenUse } from './tokens-data'

/** Every SCIM token starts with this (made in Admin › Sign-in, src/admin/scim). */
export const SCIM_TOKEN_PREFIX = 'scim-'

const unauthorized = (detail: string) => new ScimError(401, detail)

/**
 * The SCIM client's bearer token, checked before anything of the request is read: it must be a
 * live (unrevoked) token of `scim_tokens`. A session token, a cookie or a revoked token is refused
 * with 401 (RFC 7644 section 3.12). Answers the token's id.
 */
export async function authenticateScim(
  ctx: Pick<AppContext, 'db' | 'now'>,
  request: Request,
): Promise<string> {
  const header = request.headers.get('authorization') ?? ''
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)
  if (!match) throw unauthorized('A bearer token is required')
  const token = match[1]!
  if (!token.startsWith(SCIM_TOKEN_PREFIX) || token.length > 200)
    throw unauthorized('Invalid or revoked token')
  const found = await findLiveToken(ctx.db, hashToken(token))
  if (!found) throw unauthorized('Invalid or revoked token')
  const now = ctx.now()
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_EVERY_MS)
    await noteTokenUse(ctx.db, found.id, now)
  return found.id
}
