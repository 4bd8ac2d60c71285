import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { Input } from '../../../ui/input'
import { LoadingScreen } from '../../../ui/loading-screen'
import { useBranding } from '../../branding/use-branding'
import { isRefusal } from '../refusal-boundary'
import { BrandPreview } from './brand-preview'
import {
  type AdminBranding,
  adminBrandingQuery,
  type BrandingChange,
  removeBrandImage,
  saveBranding,
} from './branding-admin-query'
import {
  COLOR_FIELDS,
  type ColorField,
  changesOf,
  type Draft,
  type DraftField,
  draftOf as draftFor,
  normalizeColor,
  type Problem,
  previewOf,
  problemsOf,
  storedDraft,
  TEXT_FIELDS,
  type TextField,
} from './branding-form'
import { FieldRow } from './field-row'
import { ImageField, useApplySaved } from './image-field'
import '../../../i18n/areas/admin'
import '../../../i18n/areas/adminBranding'

const RESET_ALL: BrandingChange = {
  companyName: null,
  productName: null,
  tagline: null,
  primaryColor: null,
  secondaryColor: null,
}

/** Admin → Branding: the six items of the brand with a live preview; saved changes show everywhere at once. */
export function BrandingSection() {
  const t = useT()
  const queryClient = useQueryClient()
  const branding = useQuery({ ...adminBrandingQuery, throwOnError: isRefusal, refetchOnWindowFocus: false })
  // Another administrator's change reaches this tab as the app's brand: read the settings again.
  const live = useBranding()
  const effective = branding.data?.effective
  useEffect(() => {
    if (effective && JSON.stringify(live) !== JSON.stringify(effective)) {
      void queryClient.invalidateQueries({ queryKey: adminBrandingQuery.queryKey })
    }
  }, [live, effective, queryClient])
  return (
    <div className="mt-2">
      <p className="max-w-2xl text-sm text-zinc-700 dark:text-zinc-300">{t('adminBranding.intro')}</p>
      {branding.isPending ? (
        <LoadingScreen />
      ) : branding.isError ? (
        <div className="mt-6">
          <Alert tone="error">{branding.error.message}</Alert>
        </div>
      ) : (
        <BrandingForm branding={branding.data} />
      )}
    </div>
  )
}

function BrandingForm({ branding }: { branding: AdminBranding }) {
  const t = useT()
  const applySaved = useApplySaved()
  const localTagline = t('common.tagline')
  const draftOf = (brand: AdminBranding['effective']) => draftFor(brand, localTagline)
  const [draft, setDraft] = useState<Draft>(() => draftOf(branding.effective))
  const [base, setBase] = useState(branding.effective)
  const [failure, setFailure] = useState<string | null>(null)
  const [confirmReset, setConfirmReset] = useState(false)
  // New settings from the server (a save, another administrator): an untouched form follows them.
  if (base !== branding.effective) {
    if (Object.keys(changesOf(base, storedDraft(draft, localTagline))).length === 0) {
      setDraft(draftOf(branding.effective))
    }
    setBase(branding.effective)
  }
  const stored = storedDraft(draft, localTagline)
  const problems = problemsOf(stored)
  const change = changesOf(branding.effective, stored)
  const dirty = Object.keys(change).length > 0
  const canSave = dirty && Object.keys(problems).length === 0

  const save = useMutation({
    mutationFn: (body: BrandingChange & { reset?: DraftField }) => {
      const { reset: _, ...sent } = body
      return saveBranding(sent)
    },
    onSuccess: (saved, body) => {
      applySaved(saved)
      setFailure(null)
      const fresh = draftOf(saved.effective)
      // A reset takes that one field back; the other fields keep what is being typed.
      setDraft((typed) => (body.reset ? { ...typed, [body.reset]: fresh[body.reset] } : fresh))
      setBase(saved.effective)
      toast.success(body.reset ? t('adminBranding.resetDone') : t('adminBranding.saved'))
    },
    onError: (error) => setFailure(error.message),
  })
  const resetAll = useMutation({
    mutationFn: async () => {
      await saveBranding(RESET_ALL)
      await removeBrandImage('logo')
      return removeBrandImage('login-background')
    },
    onSuccess: (saved) => {
      applySaved(saved)
      setDraft(draftOf(saved.effective))
      setBase(saved.effective)
      setFailure(null)
      setConfirmReset(false)
      toast.success(t('adminBranding.resetAllDone'))
    },
    onError: (error) => {
      setConfirmReset(false)
      setFailure(error.message)
    },
  })

  const problemText = (problem: Problem | undefined) => {
    if (!problem) return undefined
    if (problem.kind === 'tooLong') return t('adminBranding.problem.tooLong', { max: problem.max })
    return t(`adminBranding.problem.${problem.kind}`)
  }
  const set = (field: DraftField, value: string) => setDraft((typed) => ({ ...typed, [field]: value }))
  const row = (field: DraftField) => ({
    custom: branding.setByAdmin[field],
    problem: problemText(problems[field]),
    resetting: save.isPending && save.variables?.reset === field,
    onReset: () => save.mutate({ [field]: null, reset: field }),
  })
  const anyCustom = Object.values(branding.setByAdmin).some(Boolean)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (canSave) save.mutate(change)
  }

  const textLabels: Record<TextField, [string, string]> = {
    companyName: [t('adminBranding.companyName'), t('adminBranding.companyNameHint')],
    productName: [t('adminBranding.productName'), t('adminBranding.productNameHint')],
    tagline: [t('adminBranding.tagline'), t('adminBranding.taglineHint')],
  }
  const colorLabels: Record<ColorField, string> = {
    primaryColor: t('adminBranding.primaryColor'),
    secondaryColor: t('adminBranding.secondaryColor'),
  }

  return (
    <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_17rem]">
      <form onSubmit={submit} noValidate aria-label={t('admin.nav.branding')} className="min-w-0">
        <fieldset>
          <legend className="text-base font-semibold">{t('adminBranding.images')}</legend>
          <ImageField kind="logo" branding={branding} />
          <ImageField kind="login-background" branding={branding} />
        </fieldset>
        <fieldset className="mt-6">
          <legend className="text-base font-semibold">{t('adminBranding.texts')}</legend>
          {TEXT_FIELDS.map((field) => (
            <FieldRow key={field} label={textLabels[field][0]} hint={textLabels[field][1]} {...row(field)}>
              {(control) => (
                <Input
                  id={control.id}
                  name={field}
                  aria-describedby={control.describedBy}
                  aria-invalid={control.invalid || undefined}
                  autoComplete="off"
                  value={draft[field]}
                  onChange={(event) => set(field, event.target.value)}
                />
              )}
            </FieldRow>
          ))}
        </fieldset>
        <fieldset className="mt-6">
          <legend className="text-base font-semibold">{t('adminBranding.colors')}</legend>
          {COLOR_FIELDS.map((field) => (
            <FieldRow
              key={field}
              label={colorLabels[field]}
              hint={t('adminBranding.colorHint')}
              {...row(field)}
            >
              {(control) => (
                <div className="flex items-center gap-2">
                  <input
                    type="color"
                    aria-label={t('adminBranding.colorPicker', { field: colorLabels[field] })}
                    className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-zinc-300 bg-white p-1 dark:border-zinc-700 dark:bg-zinc-900"
                    value={normalizeColor(draft[field]) ?? branding.effective[field]}
                    onChange={(event) => set(field, event.target.value)}
                    data-testid={`${field}-picker`}
                  />
                  <Input
                    id={control.id}
                    name={field}
                    aria-describedby={control.describedBy}
                    aria-invalid={control.invalid || undefined}
                    autoComplete="off"
                    spellCheck={false}
                    className="max-w-36 font-mono"
                    value={draft[field]}
                    onChange={(event) => set(field, event.target.value)}
                  />
                </div>
              )}
            </FieldRow>
          ))}
        </fieldset>
        {failure && (
          <div className="mt-4">
            <Alert tone="error">{failure}</Alert>
          </div>
        )}
        <div className="mt-6 flex flex-wrap items-center gap-2">
          <Button
            variant="ghost"
            disabled={!anyCustom || resetAll.isPending}
            onClick={() => setConfirmReset(true)}
          >
            {t('adminBranding.resetAll')}
          </Button>
          <div className="ms-auto flex flex-wrap items-center justify-end gap-2">
            {dirty && (
              <span className="text-sm text-zinc-600 dark:text-zinc-400" role="status">
                {t('adminBranding.unsaved')}
              </span>
            )}
            <Button variant="outline" disabled={!dirty} onClick={() => setDraft(draftOf(branding.effective))}>
              {t('adminBranding.discard')}
            </Button>
            <Button type="submit" disabled={!canSave} busy={save.isPending && !save.variables?.reset}>
              {t('adminBranding.save')}
            </Button>
          </div>
        </div>
      </form>
      <div className="lg:sticky lg:top-6 lg:self-start">
        <BrandPreview brand={previewOf(branding.effective, stored)} />
      </div>
      <ConfirmDialog
        testId="confirm-dialog"
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={t('adminBranding.resetAllTitle')}
        description={t('adminBranding.resetAllBody')}
        confirmLabel={t('adminBranding.resetAllConfirm')}
        busy={resetAll.isPending}
        onConfirm={() => resetAll.mutate()}
      />
    </div>
  )
}
