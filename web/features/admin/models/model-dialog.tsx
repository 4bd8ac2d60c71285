import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { errorCode } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { Input, Textarea } from '../../../ui/input'
import { Select } from '../../../ui/select'
import { adminModelTexts, modelName } from '../../models/model-texts'
import { changesOf, formOf, type ModelForm, problemsOf } from './model-form'
import { type AdminModel, type AdminModelList, adminModelsQuery, saveModel } from './models-query'
import { formatPrice } from './price'
import '../../../i18n/areas/adminModels'

/** The server's refusals of an edit, in the reader's language (this chunk's texts). */
const REFUSALS = {
  'bad_request:model_name': 'adminModels.field.nameRequired',
  'bad_request:model_price': 'adminModels.field.invalidPrice',
} as const

/** Replaces one model in the cached list (the server answered it as saved). */
export function putModel(list: AdminModelList | undefined, saved: AdminModel): AdminModelList | undefined {
  return list && { ...list, items: list.items.map((item) => (item.id === saved.id ? saved : item)) }
}

/** Display name, description, prices and image support of one model; empty fields take the provider's value. */
export function ModelDialog({ model, onClose }: { model: AdminModel | null; onClose: () => void }) {
  const t = useT()
  return (
    <Dialog
      open={model !== null}
      onOpenChange={(open) => !open && onClose()}
      title={model ? t('adminModels.dialog.title', { name: modelName(adminModelTexts(model)) }) : ''}
      description={t('adminModels.dialog.description')}
      testId="model-dialog"
    >
      {model ? <ModelEditForm key={model.id} model={model} onClose={onClose} /> : null}
    </Dialog>
  )
}

function ModelEditForm({ model, onClose }: { model: AdminModel; onClose: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const ids = { name: useId(), description: useId(), input: useId(), output: useId(), vision: useId() }
  const [form, setForm] = useState<ModelForm>(() => formOf(model))
  const [failure, setFailure] = useState<string | null>(null)
  const [tried, setTried] = useState(false)
  const problems = problemsOf(form)
  const change = changesOf(model, form)
  const hasProblems = Object.keys(problems).length > 0
  const save = useMutation({
    mutationFn: () => saveModel(model.id, change),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminModelsQuery.queryKey, (list) => putModel(list, saved))
      // Everyone's model list (this admin's own chat screen too) refetches on `models:updated`.
      void queryClient.invalidateQueries({ queryKey: ['models'] })
      toast.success(t('adminModels.saved'))
      onClose()
    },
    onError: (error) => {
      const refusal = REFUSALS[errorCode(error) as keyof typeof REFUSALS]
      setFailure(refusal ? t(refusal) : error.message)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (hasProblems) return
    if (Object.keys(change).length === 0) return onClose()
    save.mutate()
  }

  const set = <K extends keyof ModelForm>(name: K, value: ModelForm[K]) => {
    setFailure(null)
    setForm((typed) => ({ ...typed, [name]: value }))
  }
  const provider = model.providerValues
  const priceProblem = (name: 'inputPrice' | 'outputPrice') =>
    tried && problems[name] ? t(`adminModels.field.${problems[name]}`) : undefined

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="model-form">
      <FormField
        id={ids.name}
        label={t('adminModels.field.name')}
        hint={t('adminModels.field.fromProvider', { value: provider.name })}
      >
        {({ describedBy }) => (
          <Input
            id={ids.name}
            value={form.name}
            maxLength={100}
            placeholder={provider.name}
            autoComplete="off"
            aria-describedby={describedBy}
            onChange={(event) => set('name', event.target.value)}
          />
        )}
      </FormField>
      <FormField
        id={ids.description}
        label={t('adminModels.field.description')}
        hint={t('adminModels.field.fromProvider', {
          value: provider.description || t('adminModels.field.noDescription'),
        })}
      >
        {({ describedBy }) => (
          <Textarea
            id={ids.description}
            value={form.description}
            maxLength={500}
            rows={3}
            className="min-h-20"
            placeholder={provider.description}
            aria-describedby={describedBy}
            onChange={(event) => set('description', event.target.value)}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ['inputPrice', ids.input, t('adminModels.field.inputPrice'), provider.inputPrice],
            ['outputPrice', ids.output, t('adminModels.field.outputPrice'), provider.outputPrice],
          ] as const
        ).map(([name, id, label, providerPrice]) => (
          <FormField
            key={name}
            id={id}
            label={label}
            hint={`${t('adminModels.field.priceHint')}. ${t('adminModels.field.fromProvider', { value: formatPrice(providerPrice) })}`}
            problem={priceProblem(name)}
          >
            {({ describedBy }) => (
              <div className="relative">
                <span
                  className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-zinc-500 dark:text-zinc-400"
                  aria-hidden
                >
                  $
                </span>
                <Input
                  id={id}
                  value={form[name]}
                  inputMode="decimal"
                  autoComplete="off"
                  className="pl-7"
                  placeholder={String(providerPrice)}
                  aria-describedby={describedBy}
                  aria-invalid={Boolean(priceProblem(name)) || undefined}
                  onChange={(event) => set(name, event.target.value)}
                />
              </div>
            )}
          </FormField>
        ))}
      </div>
      <FormField id={ids.vision} label={t('adminModels.field.vision')}>
        {({ describedBy }) => (
          <Select
            id={ids.vision}
            value={form.vision}
            aria-describedby={describedBy}
            onValueChange={(vision) => set('vision', vision)}
            options={[
              {
                value: 'provider',
                label: t('adminModels.field.visionProvider', {
                  value: provider.vision ? t('adminModels.field.visionYes') : t('adminModels.field.visionNo'),
                }),
              },
              { value: 'yes', label: t('adminModels.field.visionYes') },
              { value: 'no', label: t('adminModels.field.visionNo') },
            ]}
          />
        )}
      </FormField>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="flex flex-wrap items-center justify-between gap-3 pt-1">
        <Button
          variant="ghost"
          onClick={() =>
            setForm({ name: '', description: '', inputPrice: '', outputPrice: '', vision: 'provider' })
          }
        >
          {t('adminModels.resetAll')}
        </Button>
        <div className="ms-auto flex gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('adminModels.cancel')}
          </Button>
          <Button type="submit" busy={save.isPending}>
            {t('adminModels.save')}
          </Button>
        </div>
      </div>
    </form>
  )
}
