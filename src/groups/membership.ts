import type { Db } from '../../db/client'
import { syncProviderGroups as syncRows } from './membership-data'
import { forgetGroupPolicies } from './policy'

export { groupIdsOf } from './membership-data'

/**
 * Makes a person's provider-given memberships match the groups their identity provider lists (the
 * OIDC groups claim, at every sign-in); see membership-data.ts. This instance's copy of their group
 * policy (models, agents, limits) is forgotten at once, when `db` is the app's handle (`ctx.db`);
 * the other instances see the change within GROUP_POLICY_TTL_MS.
 */
export async function syncProviderGroups(
  db: Db,
  userId: string,
  providerGroups: readonly string[],
): Promise<string[]> {
  const ids = await syncRows(db, userId, providerGroups)
  forgetGroupPolicies({ db }, userId)
  return ids
}
