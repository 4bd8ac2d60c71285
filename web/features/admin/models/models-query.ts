import { queryOptions } from '@tanstack/react-query'
import { t } from '../../../i18n/i18n'
import { api } from '../../../lib/api'
import { apiFailure } from '../../../lib/api-error'
import '../../../i18n/areas/adminModels'

export const adminModelsQuery = queryOptions({
  queryKey: ['admin', 'models'],
  queryFn: async () => {
    const { data, error } = await api.admin.models.get()
    if (error) throw apiFailure(error, t('adminModels.loadFailed'))
    return data.data
  },
})

export const providersQuery = queryOptions({
  queryKey: ['admin', 'models', 'providers'],
  queryFn: async () => {
    const { data, error } = await api.admin.models.providers.get()
    if (error) throw apiFailure(error, t('adminModels.providers.loadFailed'))
    return data.data
  },
})

export type AdminModelList = Awaited<ReturnType<NonNullable<typeof adminModelsQuery.queryFn>>>
export type AdminModel = AdminModelList['items'][number]
export type ProviderStatus = Awaited<ReturnType<NonNullable<typeof providersQuery.queryFn>>>[number]
export type ModelChange = NonNullable<Parameters<ReturnType<typeof api.admin.models>['patch']>[0]>

/** Sends only the given fields (null = back to the provider's value); the model as saved, or throws. */
export async function saveModel(id: string, change: ModelChange): Promise<AdminModel> {
  const { data, error } = await api.admin.models({ id }).patch(change)
  if (error) throw apiFailure(error, t('adminModels.saveFailed'))
  return data.data
}

export async function saveDefaultModel(modelId: string | null): Promise<AdminModelList> {
  const { data, error } = await api.admin.models.default.put({ modelId })
  if (error) throw apiFailure(error, t('adminModels.default.failed'))
  return data.data
}

export async function refreshModels() {
  const { data, error } = await api.admin.models.refresh.post()
  if (error) throw apiFailure(error, t('adminModels.refresh.error'))
  return data.data
}
