import type { Actor } from '../../access/actor'
import { type RequestOrigin, recordAudit } from '../../access/audit'
import { forgetKey } from '../../api-keys/authenticate'
import { listAllKeys, revokeAnyKey } from '../../api-keys/keys-data'
import { budgetMonthStart, KEY_NOT_FOUND, toKeyJson } from '../../api-keys/service'
import { readOrgSettingsRow } from '../../budget/org-settings-data'
import { isUuid } from '../../chats/cursor'
import type { AppContext } from '../../context'
import { AppError } from '../../http/errors'
import { apiAccessData } from './access-data'
import type { ApiAccessBody } from './model'

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'orgSettings'>
type Admin = Actor & { email: string }

/** The list stops here; an organisation with more keys than this reads the newest. */
const LIST_LIMIT = 1_000

export async function listEveryKey(ctx: Ctx) {
  const rows = await listAllKeys(ctx.db, await budgetMonthStart(ctx), LIST_LIMIT)
  return { items: rows.map((row) => ({ ...toKeyJson(row), userId: row.userId, ownerEmail: row.ownerEmail })) }
}

/** Revokes anyone's key, audited as `api_key.revoke` with its owner and name. */
export async function revokeAnyonesKey(ctx: Ctx, admin: Admin, id: string, origin: RequestOrigin | null) {
  if (!isUuid(id)) throw new AppError('not_found:api_key', KEY_NOT_FOUND)
  const row = await ctx.db.transaction(async (tx) => {
    const row = await revokeAnyKey(tx, id, ctx.now())
    if (!row) throw new AppError('not_found:api_key', KEY_NOT_FOUND)
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      {
        action: 'api_key.revoke',
        targetType: 'user',
        targetId: row.userId,
        details: { keyId: row.id, name: row.name, prefix: row.prefix },
      },
      origin,
    )
    return row
  })
  // This instance's lookups forget every key (the hash is not at hand); the others see it within a second.
  forgetKey(ctx)
  return toKeyJson(row)
}

export async function getApiAccess(ctx: Ctx) {
  const row = await readOrgSettingsRow(ctx.db)
  const ids = row?.apiGroups ?? []
  const named = await apiAccessData(ctx.db).groupsNamed(ids)
  return {
    enabled: row?.apiEnabled ?? ctx.config.apiKeys,
    groups: named,
    source: row?.apiEnabled == null ? ('environment' as const) : ('organisation' as const),
  }
}

/** Turns the API on or off, for everyone or chosen groups; audited as `api_access.update`. */
export async function updateApiAccess(
  ctx: Ctx,
  admin: Admin,
  body: ApiAccessBody,
  origin: RequestOrigin | null,
) {
  const ids = [...new Set(body.groups)]
  if (ids.some((id) => !isUuid(id)))
    throw new AppError('bad_request:groups', 'groups must be a list of group ids')
  await ctx.db.transaction(async (tx) => {
    const data = apiAccessData(tx)
    const before = await data.lock()
    const found = await data.groupsNamed(ids)
    if (found.length !== ids.length)
      throw new AppError('bad_request:groups', 'A group in groups does not exist')
    await data.update({ apiEnabled: body.enabled, apiGroups: ids }, ctx.now())
    await recordAudit(
      { ...ctx, db: tx },
      admin,
      {
        action: 'api_access.update',
        targetType: 'organisation',
        targetId: null,
        details: {
          before: { enabled: before.apiEnabled ?? ctx.config.apiKeys, groups: before.apiGroups ?? [] },
          after: { enabled: body.enabled, groups: ids },
        },
      },
      origin,
    )
  })
  ctx.orgSettings.forget()
  return getApiAccess(ctx)
}
