import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/agents'

/** One agent as GET /api/agents describes it: the org's offer joined with this user's settings. */
export interface Agent {
  id: string
  name: string
  description: string
  enabled: boolean
  visible: boolean
  hasConfig: boolean
  requiresConfig: boolean
  configured: boolean
  configFields: AgentConfigField[]
  config: Record<string, string>
  runsOn: 'workflow' | 'native'
  calendar?: CalendarState
}

export interface AgentConfigField {
  key: string
  type: 'text' | 'email'
  required: boolean
}

/** The calendar agent's OAuth client and connection; the client secret itself never comes back. */
export interface CalendarState {
  redirectUrl: string
  clientId: string
  clientSecretSaved: boolean
  connected: boolean
  email: string | null
  needsReconnect: boolean
  defaultRedirectUrl: string
}

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
