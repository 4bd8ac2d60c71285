import { formatMoney } from '../../../i18n/format'
import { t } from '../../../i18n/i18n'
import type { GroupValues } from './group-form'
import '../../../i18n/areas/adminGroups'

/** 'All models' or '2 models'; the same for agents. */
export function accessSummary(group: Pick<GroupValues, 'models' | 'agents'>): {
  models: string
  agents: string
} {
  return {
    models:
      group.models === null
        ? t('adminGroups.list.allModels')
        : t('adminGroups.list.someModels', { count: group.models.length }),
    agents:
      group.agents === null
        ? t('adminGroups.list.allAgents')
        : t('adminGroups.list.someAgents', { count: group.agents.length }),
  }
}

/** 'Daily $0.01', 'Monthly no limit'; none when the group sets neither limit. */
export function limitsSummary(group: Pick<GroupValues, 'dailyLimit' | 'monthlyLimit'>): string[] {
  const amount = (dollars: number) => (dollars === 0 ? t('adminGroups.list.noLimit') : formatMoney(dollars))
  const parts: string[] = []
  if (group.dailyLimit !== null) parts.push(t('adminGroups.list.daily', { amount: amount(group.dailyLimit) }))
  if (group.monthlyLimit !== null)
    parts.push(t('adminGroups.list.monthly', { amount: amount(group.monthlyLimit) }))
  return parts
}
