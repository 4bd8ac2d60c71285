import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useT } from '../../i18n/i18n'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CheckboxField } from '../../ui/checkbox-field'
import { CopyField } from '../../ui/copy-field'
import { Dialog } from '../../ui/dialog'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { ShownOnceNotice } from '../../ui/shown-once-notice'
import { apiKeysQuery, type CreatedKey, createApiKey } from './api-keys-query'
import { emptyKeyForm, type KeyFormProblems, readKeyForm, SCOPES } from './key-form'
import '../../i18n/areas/apiKeys'

/** Names a new key and chooses what it may do; then shows it once, with how to use it. */
export default function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const t = useT()
  const [created, setCreated] = useState<CreatedKey | null>(null)
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={created ? t('apiKeys.created.title') : t('apiKeys.create.title')}
      description={created ? undefined : t('apiKeys.create.description')}
      testId="api-key-dialog"
    >
      {created ? (
        <CreatedKeyView created={created} onDone={onClose} />
      ) : (
        <NewKeyForm onCreated={setCreated} onCancel={onClose} />
      )}
    </Dialog>
  )
}

/** Tomorrow as `yyyy-mm-dd` in the person's time zone: the earliest expiry the date field offers. */
function tomorrow(): string {
  const day = new Date()
  day.setDate(day.getDate() + 1)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
}

function NewKeyForm({ onCreated, onCancel }: { onCreated: (key: CreatedKey) => void; onCancel: () => void }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [values, setValues] = useState(emptyKeyForm)
  const [problems, setProblems] = useState<KeyFormProblems>({})
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (key) => {
      onCreated(key)
      void queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey })
    },
  })
  function submit(event: FormEvent) {
    event.preventDefault()
    const read = readKeyForm(values)
    setProblems(read.problems ?? {})
    if (read.body) create.mutate(read.body)
  }
  /** Changes one value; what was wrong with that field goes with the old value. */
  function change(field: keyof KeyFormProblems, next: Partial<typeof values>) {
    setValues({ ...values, ...next })
    if (problems[field]) setProblems({ ...problems, [field]: undefined })
  }
  const problem = (field: keyof KeyFormProblems) => {
    const id = problems[field]
    return id ? t(id) : undefined
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormField label={t('apiKeys.create.name')} problem={problem('name')}>
        {(control) => (
          <Input
            id={control.id}
            aria-describedby={control.describedBy}
            aria-invalid={control.invalid}
            value={values.name}
            maxLength={100}
            autoComplete="off"
            placeholder={t('apiKeys.create.namePlaceholder')}
            onChange={(event) => change('name', { name: event.target.value })}
            data-testid="api-key-name"
          />
        )}
      </FormField>
      <fieldset aria-describedby={problems.scopes ? 'api-key-scopes-problem' : undefined}>
        <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('apiKeys.create.scopes')}
        </legend>
        <div className="flex flex-col gap-2.5">
          {SCOPES.map((scope) => (
            <CheckboxField
              key={scope}
              id={`api-key-scope-${scope}`}
              label={t(`apiKeys.scope.${scope}`)}
              note={<code className="font-mono text-xs">{t(`apiKeys.scope.${scope}Hint`)}</code>}
              checked={values.scopes.includes(scope)}
              onChange={(checked) =>
                change('scopes', {
                  scopes: checked ? [...values.scopes, scope] : values.scopes.filter((s) => s !== scope),
                })
              }
              testId={`api-key-scope-${scope}`}
            />
          ))}
        </div>
        {problems.scopes ? (
          <p id="api-key-scopes-problem" className="mt-1.5 text-sm text-red-700 dark:text-red-300">
            {problem('scopes')}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4">
        <FormField
          label={t('apiKeys.create.expiry')}
          hint={t('apiKeys.create.expiryHint')}
          problem={problem('expiry')}
        >
          {(control) => (
            <Input
              id={control.id}
              type="date"
              min={tomorrow()}
              aria-describedby={control.describedBy}
              aria-invalid={control.invalid}
              value={values.expiry}
              onChange={(event) => change('expiry', { expiry: event.target.value })}
              data-testid="api-key-expiry"
            />
          )}
        </FormField>
        <FormField
          label={t('apiKeys.create.limit')}
          hint={t('apiKeys.create.limitHint')}
          problem={problem('limit')}
        >
          {(control) => (
            <div className="relative">
              <span
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-zinc-500 dark:text-zinc-400"
                aria-hidden
              >
                $
              </span>
              <Input
                id={control.id}
                inputMode="decimal"
                autoComplete="off"
                className="pl-7 tabular-nums"
                aria-describedby={control.describedBy}
                aria-invalid={control.invalid}
                value={values.limit}
                placeholder="10.00"
                onChange={(event) => change('limit', { limit: event.target.value })}
                data-testid="api-key-limit"
              />
            </div>
          )}
        </FormField>
      </div>
      {create.isError ? <Alert tone="error">{create.error.message}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={create.isPending} data-testid="create-api-key">
          {t('apiKeys.create.submit')}
        </Button>
      </div>
    </form>
  )
}

function CreatedKeyView({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  const t = useT()
  const baseUrl = `${window.location.origin}/v1`
  const curl = `curl ${baseUrl}/models \\\n  -H "Authorization: Bearer ${created.key}"`
  return (
    <div className="flex flex-col gap-4">
      <ShownOnceNotice>{t('apiKeys.created.once')}</ShownOnceNotice>
      <FormField label={t('apiKeys.created.key')}>
        {(control) => <CopyField id={control.id} value={created.key} testId="api-key-secret" />}
      </FormField>
      <section
        aria-labelledby="api-key-how-to"
        className="flex flex-col gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800"
      >
        <h3 id="api-key-how-to" className="text-sm font-semibold">
          {t('apiKeys.created.howTo')}
        </h3>
        <FormField label={t('apiKeys.created.baseUrl')}>
          {(control) => <CopyField id={control.id} value={baseUrl} testId="api-base-url" />}
        </FormField>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('apiKeys.created.howToHint')}</p>
        {/* Wrapped rather than scrolled: the whole line stays readable on a phone. */}
        <pre
          className="rounded-lg bg-zinc-950 px-3 py-2.5 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-zinc-100 dark:bg-black/60"
          data-testid="api-key-curl"
        >
          {curl}
        </pre>
      </section>
      <div className="flex justify-end">
        <Button onClick={onDone} data-testid="api-key-done">
          {t('apiKeys.created.done')}
        </Button>
      </div>
    </div>
  )
}
