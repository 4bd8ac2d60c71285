import type { McpServer } from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { groupIdsOf } from '../groups/membership'

/**
 * Which of `servers` the actor may turn on: a server with no groups is everyone's, else its
 * groups' members'. An administrator acting as themself may use every one (to try a server before
 * opening it to a group); during support access the target's groups decide, as for all their data.
 */
export async function usableServers<T extends Pick<McpServer, 'groups'>>(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  servers: readonly T[],
): Promise<T[]> {
  if (actor.role === 'admin' && actor.impersonation === null) return [...servers]
  if (servers.every((server) => server.groups.length === 0)) return [...servers]
  const mine = new Set(await groupIdsOf(ctx.db, actor.userId))
  return servers.filter((server) => server.groups.length === 0 || server.groups.some((id) => mine.has(id)))
}
