import type { Actor } from '../auth/actor'
import { isUuid } from '../chats/cursor'
import type { AppContext } from '../context'
import { AppError } from '../http/errors'
import { groupsData } from './groups-data'

/**
 * An administrator acting as themself may share with every group; everyone else (an administrator
 * acting for someone during support access included) only with the groups they are in.
 */
const sharesWithAll = (actor: Actor) => actor.role === 'admin' && actor.impersonation === null

/** `GET /api/groups`: the groups this person may share prompts and knowledge entries with. */
export function shareableGroups(ctx: Pick<AppContext, 'db'>, actor: Actor) {
  const data = groupsData(ctx.db)
  return sharesWithAll(actor) ? data.all() : data.of(actor.userId)
}

/**
 * The `sharedGroupIds` of a create or an update, each once, after checking that the person may share
 * with every one of them (400 `bad_request:group` otherwise: an unknown group and one they are not in
 * look alike). Undefined stays undefined (the field was left out).
 */
export async function checkSharedGroupIds(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  ids: readonly string[] | undefined,
): Promise<string[] | undefined> {
  if (ids === undefined) return undefined
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  if (!unique.every(isUuid)) throw new AppError('bad_request:group', 'Unknown group')
  const allowed = new Set((await shareableGroups(ctx, actor)).map((group) => group.id))
  if (!unique.every((id) => allowed.has(id))) throw new AppError('bad_request:group', 'Unknown group')
  return unique
}
