import { queryOptions } from '@tanstack/react-query'
import type { AdminAgentJson } from '../../../src/admin/agents/model'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { dataOf } from './agents-api'
import '../../i18n/areas/agentSettings'

/** One agent as an administrator sets it up (the server's own type). */
export type AdminAgent = AdminAgentJson

export interface AdminAgentChange {
  offered?: boolean
  webhookUrl?: string | null
  secret?: string
  timeoutSeconds?: number | null
}

export const adminAgentsQuery = queryOptions({
  queryKey: ['admin', 'agents'],
  queryFn: async () => (await dataOf(api.admin.agents.get(), t('agentSettings.admin.loadFailed'))).items,
})

export function saveAdminAgent(id: string, change: AdminAgentChange): Promise<AdminAgent> {
  return dataOf(api.admin.agents({ id }).put(change), t('agentSettings.admin.saveFailed'))
}
