import { useMutation, useQueryClient } from '@tanstack/react-query'
import { PlugZap } from 'lucide-react'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { useT } from '../../../i18n/i18n'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { Dialog } from '../../../ui/dialog'
import { type FieldControl, FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { PasswordInput } from '../../../ui/password-input'
import { DiscoveryResult } from './discovery-result'
import { changesOf, formOf, newProviderOf, type ProviderForm, problemsOf } from './provider-form'
import {
  createIdentityProvider,
  type Discovery,
  discoverIssuer,
  type IdentityProvider,
  identityProvidersQuery,
  putProvider,
  updateIdentityProvider,
} from './sign-in-query'
import '../../../i18n/areas/adminSignIn'

/**
 * Adds a provider (`provider` null) or edits one: the issuer with "Test" (discovery), the client,
 * and who may sign in with it and who becomes an administrator. Its own chunk, loaded on first open.
 */
export default function ProviderDialog({
  provider,
  onClose,
}: {
  provider: IdentityProvider | null
  onClose: () => void
}) {
  const t = useT()
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        provider
          ? t('adminSignIn.dialog.editTitle', { label: provider.label })
          : t('adminSignIn.dialog.addTitle')
      }
      description={t('adminSignIn.dialog.description')}
      className="max-w-xl"
      testId="provider-dialog"
    >
      <ProviderEditForm provider={provider} onClose={onClose} />
    </Dialog>
  )
}

function ProviderEditForm({ provider, onClose }: { provider: IdentityProvider | null; onClose: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const enabledId = useId()
  const [form, setForm] = useState<ProviderForm>(() => formOf(provider))
  const [tried, setTried] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [discovery, setDiscovery] = useState<Discovery | null>(null)
  const problems = problemsOf(form, provider === null)
  const hasProblems = Object.keys(problems).length > 0

  const save = useMutation({
    mutationFn: () =>
      provider
        ? updateIdentityProvider(provider.id, changesOf(provider, form))
        : createIdentityProvider(newProviderOf(form)),
    onSuccess: (saved) => {
      queryClient.setQueryData(identityProvidersQuery.queryKey, (list) => putProvider(list, saved))
      void queryClient.invalidateQueries({ queryKey: ['auth', 'providers'] })
      toast.success(
        provider
          ? t('adminSignIn.dialog.saved', { label: saved.label })
          : t('adminSignIn.dialog.added', { label: saved.label }),
      )
      onClose()
    },
    onError: (error) => setFailure(error.message),
  })

  const test = useMutation({
    mutationFn: () => discoverIssuer(form.issuer.trim()),
    onMutate: () => setDiscovery(null),
    onSuccess: setDiscovery,
    onError: (error) => setDiscovery({ ok: false, message: error.message } as Discovery),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (hasProblems) return
    if (provider && Object.keys(changesOf(provider, form)).length === 0) return onClose()
    save.mutate()
  }

  const set = <K extends keyof ProviderForm>(name: K, value: ProviderForm[K]) => {
    setFailure(null)
    if (name === 'issuer') setDiscovery(null)
    setForm((typed) => ({ ...typed, [name]: value }))
  }
  const problem = (name: keyof ProviderForm) => {
    const found = tried ? problems[name] : undefined
    if (!found) return undefined
    if (found === 'invalidDomain') return t('adminSignIn.domains.invalid', { value: problems.domain ?? '' })
    return t(found === 'required' ? 'adminSignIn.field.required' : 'adminSignIn.field.invalidUrl')
  }
  const text =
    (
      name: 'label' | 'clientId' | 'scopes' | 'allowedDomains' | 'groupsClaim' | 'adminGroups',
      extra: { placeholder?: string; required?: boolean } = {},
    ) =>
    // A render function for FormField, not a component: the input keeps its focus across renders.
    (control: FieldControl): ReactNode => (
      <Input
        id={control.id}
        name={name}
        value={form[name]}
        autoComplete="off"
        spellCheck={false}
        required={extra.required}
        placeholder={extra.placeholder}
        aria-describedby={control.describedBy}
        aria-invalid={control.invalid || undefined}
        onChange={(event) => set(name, event.target.value)}
      />
    )

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="provider-form">
      <FormField
        label={t('adminSignIn.field.label')}
        hint={t('adminSignIn.field.labelHint', { label: form.label.trim() || 'Okta' })}
        problem={problem('label')}
      >
        {text('label', { placeholder: 'Okta', required: true })}
      </FormField>
      <FormField
        label={t('adminSignIn.field.issuer')}
        hint={t('adminSignIn.field.issuerHint')}
        problem={problem('issuer')}
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              id={control.id}
              name="issuer"
              type="url"
              inputMode="url"
              value={form.issuer}
              autoComplete="off"
              spellCheck={false}
              required
              placeholder="https://login.example.com"
              aria-describedby={control.describedBy}
              aria-invalid={control.invalid || undefined}
              onChange={(event) => set('issuer', event.target.value)}
              className="min-w-0"
            />
            <Button
              variant="outline"
              busy={test.isPending}
              disabled={!form.issuer.trim()}
              title={form.issuer.trim() ? t('adminSignIn.test.label') : t('adminSignIn.test.needsIssuer')}
              onClick={() => test.mutate()}
              data-testid="test-provider"
            >
              {!test.isPending && <PlugZap className="size-4" aria-hidden />}
              {t('adminSignIn.test.run')}
            </Button>
          </div>
        )}
      </FormField>
      {discovery ? <DiscoveryResult result={discovery} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('adminSignIn.field.clientId')} problem={problem('clientId')}>
          {text('clientId', { required: true })}
        </FormField>
        <FormField
          label={t('adminSignIn.field.clientSecret')}
          hint={provider ? t('adminSignIn.field.clientSecretKeep') : t('adminSignIn.field.clientSecretHint')}
          problem={problem('clientSecret')}
        >
          {(control) => (
            <PasswordInput
              id={control.id}
              name="clientSecret"
              value={form.clientSecret}
              autoComplete="new-password"
              required={provider === null}
              aria-describedby={control.describedBy}
              aria-invalid={control.invalid || undefined}
              onChange={(event) => set('clientSecret', event.target.value)}
            />
          )}
        </FormField>
      </div>
      <FormField label={t('adminSignIn.field.scopes')} hint={t('adminSignIn.field.scopesHint')}>
        {text('scopes', { placeholder: 'openid email profile' })}
      </FormField>
      <FormField
        label={t('adminSignIn.field.domains')}
        hint={t('adminSignIn.field.domainsHint')}
        problem={problem('allowedDomains')}
      >
        {text('allowedDomains', { placeholder: 'example.com' })}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('adminSignIn.field.groupsClaim')} hint={t('adminSignIn.field.groupsClaimHint')}>
          {text('groupsClaim', { placeholder: 'groups' })}
        </FormField>
        <FormField label={t('adminSignIn.field.adminGroups')} hint={t('adminSignIn.field.adminGroupsHint')}>
          {text('adminGroups', { placeholder: 'parley-admins' })}
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={enabledId}
          type="checkbox"
          checked={form.enabled}
          onChange={(event) => set('enabled', event.target.checked)}
          className="size-4 accent-brand"
          data-testid="provider-enabled"
        />
        <label htmlFor={enabledId} className="text-sm font-medium">
          {t('adminSignIn.field.enabled')}
        </label>
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <Button variant="outline" onClick={onClose}>
          {t('adminSignIn.cancel')}
        </Button>
        <Button type="submit" busy={save.isPending} data-testid="save-provider">
          {provider ? t('adminSignIn.save') : t('adminSignIn.dialog.add')}
        </Button>
      </div>
    </form>
  )
}
