import { queryOptions } from '@tanstack/react-query'
import type { AgentConfigField } from '../../../src/agents/catalogue'
import type { AgentJson, CalendarJson } from '../../../src/agents/model'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/agents'

/**
 * One agent as GET /api/agents describes it (the org's offer joined with this user's settings), and
 * the calendar agent's OAuth client and connection (the client secret itself never comes back):
 * the server's own types, so a change to the contract breaks the build on both sides.
 */
export type Agent = AgentJson
export type { AgentConfigField, CalendarJson as CalendarState }

export interface AgentSettingsChange {
  enabled?: boolean
  visible?: boolean
  config?: Record<string, string>
}

export interface CalendarOAuthChange {
  redirectUrl: string
  clientId: string
  clientSecret: string
}

/**
 * An Eden call's `data`; a failure, or no answer at all (offline), throws the same `apiFailure`
 * (code → translated text, else `fallback`) as every other Eden call, for the caller's toast.
 */
export async function dataOf<T>(
  call: Promise<
    { data: { data: T }; error: null } | { data: null; error: { status: unknown; value: unknown } }
  >,
  fallback: string,
): Promise<T> {
  const result = await call.catch(() => ({ data: null, error: { status: null, value: null } }))
  if (result.error) throw apiFailure(result.error, fallback)
  return result.data.data
}

export const agentsQuery = queryOptions({
  queryKey: ['agents'],
  queryFn: async () => (await dataOf(api.agents.get(), t('agents.loadFailed'))).items,
})

export function saveAgentSettings(id: string, change: AgentSettingsChange): Promise<Agent> {
  return dataOf(api.agents({ id }).settings.put(change), t('agents.saveFailed'))
}

/** Replaces one agent in the cached list with the server's answer. */
export function putAgent(list: Agent[] | undefined, saved: Agent): Agent[] | undefined {
  return list?.map((agent) => (agent.id === saved.id ? saved : agent))
}
