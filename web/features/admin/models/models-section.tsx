import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { useId, useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { LoadingScreen } from '../../../ui/loading-screen'
import { Select } from '../../../ui/select'
import { adminModelTexts, modelName } from '../../models/model-texts'
import { isRefusal } from '../refusal-boundary'
import { availableCount } from './availability'
import { ImagePricesCard } from './image-prices'
import { ModelDialog, putModel } from './model-dialog'
import { ModelList } from './model-list'
import {
  type AdminModel,
  type AdminModelList,
  adminModelsQuery,
  providersQuery,
  refreshModels,
  saveDefaultModel,
  saveModel,
} from './models-query'
import { ProviderStatusPanel } from './provider-status'
import '../../../i18n/areas/adminModels'
import { lazyComponent } from '../../../lib/lazy-component'

// The agents card carries its own texts (the agents area): fetched with this section, not before.
const AdminAgentsCard = lazyComponent(() => import('../../agents/admin-agents-card'))

/**
 * Admin → Models: the organisation's default model, every model with its switch and edit dialog,
 * 'Refresh from provider', the price of a generated image, the agents and their workflows, and the providers' status. Every change reaches users' model lists live
 * (`models:updated`).
 */
export function ModelsSection() {
  const t = useT()
  const queryClient = useQueryClient()
  const models = useQuery({ ...adminModelsQuery, throwOnError: isRefusal, refetchOnWindowFocus: false })
  const [editing, setEditing] = useState<AdminModel | null>(null)
  // The users' own model list and preferred model follow every change.
  const userModelsChanged = () => queryClient.invalidateQueries({ queryKey: ['models'] })

  const toggle = useMutation({
    mutationFn: ({ model, enabled }: { model: AdminModel; enabled: boolean }) =>
      saveModel(model.id, { enabled }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminModelsQuery.queryKey, (list) => putModel(list, saved))
      void userModelsChanged()
      toast.success(
        saved.enabled
          ? t('adminModels.enabled', { name: saved.effective.name })
          : t('adminModels.disabled', { name: saved.effective.name }),
      )
    },
    onError: (error) => toast.error(error.message),
  })

  const refresh = useMutation({
    mutationFn: refreshModels,
    onSuccess: ({ providers, discovery, ...list }) => {
      queryClient.setQueryData(adminModelsQuery.queryKey, list)
      queryClient.setQueryData(providersQuery.queryKey, providers)
      void userModelsChanged()
      if (discovery === 'failed') toast.error(t('adminModels.refresh.failed'))
      else toast.success(discovery === 'ok' ? t('adminModels.refresh.ok') : t('adminModels.refresh.notUsed'))
    },
    onError: (error) => toast.error(error.message),
  })

  return (
    <section
      aria-labelledby="admin-section-title"
      className="mt-2 flex flex-col gap-8"
      data-testid="models-section"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-2xl text-sm text-zinc-700 dark:text-zinc-300">{t('adminModels.intro')}</p>
        <Button
          variant="outline"
          className="self-start"
          busy={refresh.isPending}
          onClick={() => refresh.mutate()}
          data-testid="refresh-models"
        >
          {!refresh.isPending && <RefreshCw className="size-4" aria-hidden />}
          {t('adminModels.refresh')}
        </Button>
      </div>

      {models.isPending ? (
        <LoadingScreen />
      ) : models.isError ? (
        <Alert tone="error">{models.error.message}</Alert>
      ) : (
        <>
          <DefaultModelPicker list={models.data} />
          <div className="flex flex-col gap-3">
            <div className="flex items-baseline justify-between gap-3">
              <h3 className="text-base font-semibold">{t('adminModels.list.title')}</h3>
              <span className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="models-count">
                {t('adminModels.list.available', {
                  available: availableCount(models.data.items),
                  count: models.data.items.length,
                })}
              </span>
            </div>
            {models.data.items.length === 0 ? (
              <p className="rounded-xl border border-dashed border-zinc-300 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
                {t('adminModels.list.empty')}
              </p>
            ) : (
              <ModelList
                models={models.data.items}
                switching={toggle.isPending ? (toggle.variables?.model.id ?? null) : null}
                onToggle={(model, enabled) => toggle.mutate({ model, enabled })}
                onEdit={setEditing}
              />
            )}
          </div>
        </>
      )}

      <ImagePricesCard />
      <AdminAgentsCard />
      <ProviderStatusPanel />
      <ModelDialog
        model={editing && (models.data?.items.find((item) => item.id === editing.id) ?? editing)}
        onClose={() => setEditing(null)}
      />
    </section>
  )
}

/** The organisation's default model: chosen among the enabled models the provider offers. */
function DefaultModelPicker({ list }: { list: AdminModelList }) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const choices = list.items.filter((model) => model.enabled && model.isActive)
  const save = useMutation({
    mutationFn: saveDefaultModel,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminModelsQuery.queryKey, saved)
      void queryClient.invalidateQueries({ queryKey: ['models'] })
      toast.success(saved.defaultModelId ? t('adminModels.default.saved') : t('adminModels.default.cleared'))
    },
    onError: (error) => toast.error(error.message),
  })
  const value = save.isPending ? (save.variables ?? '') : (list.defaultModelId ?? '')
  return (
    <div className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {t('adminModels.default.label')}
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">
        {t('adminModels.default.hint')}
      </p>
      <Select
        id={id}
        aria-describedby={`${id}-hint`}
        value={value}
        disabled={save.isPending}
        onValueChange={(next) => save.mutate(next || null)}
        wrapperClassName="mt-3 max-w-md"
        data-testid="default-model"
        options={[
          { value: '', label: t('adminModels.default.none') },
          ...choices.map((model) => ({ value: model.id, label: modelName(adminModelTexts(model)) })),
        ]}
      />
    </div>
  )
}
