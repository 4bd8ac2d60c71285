import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { request } from './agents-api'
import '../../i18n/areas/agentSettings'

/** One agent as an administrator sets it up: offered or not, and the workflow it runs through. */
export interface AdminAgent {
  id: string
  name: string
  offered: boolean
  webhookUrl: string | null
  /** The shared secret is write-only: only whether one is saved comes back. */
  secretSaved: boolean
  timeoutSeconds: number | null
  usesDefaults: boolean
}

export interface AdminAgentChange {
  offered?: boolean
  webhookUrl?: string | null
  secret?: string
  timeoutSeconds?: number | null
}

export const adminAgentsQuery = queryOptions({
  queryKey: ['admin', 'agents'],
  queryFn: async () =>
    (await request<{ items: AdminAgent[] }>('GET', '/api/admin/agents', t('agentSettings.admin.loadFailed')))
      .items,
})

export function saveAdminAgent(id: string, change: AdminAgentChange): Promise<AdminAgent> {
  return request(
    'PUT',
    `/api/admin/agents/${encodeURIComponent(id)}`,
    t('agentSettings.admin.saveFailed'),
    change,
  )
}
