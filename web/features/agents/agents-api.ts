import { queryOptions } from '@tanstack/react-query'
import type { AgentConfigField } from '../../../src/agents/catalogue'
import type { AgentJson, CalendarJson } from '../../../src/agents/service'
import { t } from '../../i18n/i18n'
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
 * JSON to and from our API. Plain fetch with the contract's types rather than Eden: the failures
 * go through the same `apiFailure` (code → translated text) as every Eden call.
 */
export async function request<T>(method: string, path: string, fallback: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null)
  const value: unknown = await response?.json().catch(() => null)
  if (!response?.ok) throw apiFailure({ status: response?.status ?? null, value }, fallback)
  return (value as { data: T }).data
}

export const agentsQuery = queryOptions({
  queryKey: ['agents'],
  queryFn: async () =>
    (await request<{ items: Agent[] }>('GET', '/api/agents', t('agents.loadFailed'))).items,
})

export function saveAgentSettings(id: string, change: AgentSettingsChange): Promise<Agent> {
  return request('PUT', `/api/agents/${encodeURIComponent(id)}/settings`, t('agents.saveFailed'), change)
}

/** Replaces one agent in the cached list with the server's answer. */
export function putAgent(list: Agent[] | undefined, saved: Agent): Agent[] | undefined {
  return list?.map((agent) => (agent.id === saved.id ? saved : agent))
}
