import type { AgentId } from '../../db/catalogues/agents'
import type { UserAgentSetting } from '../../db/schema'
import type { Actor } from '../auth/actor'
import type { AppContext } from '../context'
import { agentSettingsFor } from './agents-data'

/**
 * A user's agent settings as a send reads them (enabled or not), kept briefly so the send hot path
 * pays no query in the steady state (docs/decisions/122, 124). A write on this instance drops the
 * entry at once; another instance sees it within the TTL. The calendar agent reads its row fresh
 * (its tokens change), see calendar-oauth.ts.
 */
export const USER_AGENTS_TTL_MS = 30_000
/** A bound on memory: past this many people, the earliest read goes first. */
export const USER_AGENTS_MAX_USERS = 5000

export function userAgentSettings(
  ctx: Pick<AppContext, 'db' | 'userAgents'>,
  actor: Actor,
): Promise<Map<AgentId, UserAgentSetting>> {
  return ctx.userAgents.get(actor.userId, () =>
    agentSettingsFor(ctx.db, actor)
      .list()
      .then((rows) => new Map(rows.map((row) => [row.agentId, row]))),
  )
}
