import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import { toast } from '../../lib/toast'
import { type Model, modelsQuery, preferredModelQuery } from './models-query'
import '../../i18n/areas/shell'

/**
 * The model the composer sends with. Spec section 4: the preferred model; when that id is not in
 * the list, or the preferred model cannot be loaded, the first active model. Choosing a model
 * saves it as the preferred one.
 */
export function useSelectedModel() {
  const queryClient = useQueryClient()
  const models = useQuery(modelsQuery)
  const preferred = useQuery(preferredModelQuery)
  const list = models.data ?? []
  const selected: Model | null = list.find((model) => model.id === preferred.data) ?? list[0] ?? null

  const choose = useMutation({
    mutationFn: async (modelId: string) => {
      const { data, error } = await api.models.preferred.put({ modelId })
      if (error) throw apiFailure(error, t('shell.model.setFailed'))
      return data.data.id
    },
    onMutate: (modelId) => {
      const previous = queryClient.getQueryData(preferredModelQuery.queryKey)
      queryClient.setQueryData(preferredModelQuery.queryKey, modelId)
      return { previous }
    },
    onError: (_error, _id, context) => {
      queryClient.setQueryData(preferredModelQuery.queryKey, context?.previous ?? null)
      toast.error(t('shell.model.setFailed'))
    },
  })

  return {
    models: list,
    loading: models.isPending || preferred.isPending,
    selected,
    choose: (modelId: string) => choose.mutate(modelId),
  }
}
