import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useMemo, useState } from 'react'
import { formatMoney } from '../../../i18n/format'
import { useT } from '../../../i18n/i18n'
import { errorCode } from '../../../lib/api-error'
import { toast } from '../../../lib/toast'
import { Alert } from '../../../ui/alert'
import { Button } from '../../../ui/button'
import { BudgetFields } from './budget-fields'
import { type BudgetFieldName, type BudgetForm, changesOf, formOf, problemsOf } from './budget-form'
import { type OrgBudget, type OrgBudgetChange, orgBudgetQuery, saveOrgBudget } from './budget-query'
import { FieldRow } from './field-row'
import { TimeZoneCombobox } from './time-zone-combobox'
import '../../../i18n/areas/admin'

/** The server's budget refusals in the reader's language (kept in this chunk, not the app's error catalogue). */
const REFUSALS = {
  'bad_request:budget_limit': 'admin.budgets.limitRefused',
  'bad_request:budget_threshold': 'admin.budgets.thresholdRefused',
  'bad_request:time_zone': 'admin.budgets.timeZoneRefused',
} as const

/** Every zone the browser knows, plus UTC and the one set now (should the browser not list them). */
function timeZones(current: string): string[] {
  return [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', current])].sort()
}

export function BudgetsForm({ budget }: { budget: OrgBudget }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [form, setForm] = useState<BudgetForm>(() => formOf(budget))
  const [failure, setFailure] = useState<string | null>(null)
  const zones = useMemo(() => timeZones(budget.timeZone), [budget.timeZone])
  const problems = problemsOf(form, zones)
  const change = changesOf(budget, form)
  const canSave = Object.keys(change).length > 0 && Object.keys(problems).length === 0

  const save = useMutation({
    mutationFn: (body: OrgBudgetChange & { reset?: BudgetFieldName }) => {
      const { reset: _, ...sent } = body
      return saveOrgBudget(sent)
    },
    onSuccess: (saved, body) => {
      queryClient.setQueryData(orgBudgetQuery.queryKey, saved)
      setFailure(null)
      const fresh = formOf(saved)
      // A reset takes that one field back; the other fields keep what is being typed.
      setForm((typed) => (body.reset ? { ...typed, [body.reset]: fresh[body.reset] } : fresh))
      toast.success(body.reset ? t('admin.budgets.resetDone') : t('admin.budgets.saved'))
    },
    onError: (error) => {
      const refusal = REFUSALS[errorCode(error) as keyof typeof REFUSALS]
      // Anything else is errorText's: the code's translation, else the server's own words.
      setFailure(refusal ? t(refusal) : error.message)
    },
  })

  const set = <K extends BudgetFieldName>(name: K, value: BudgetForm[K]) =>
    setForm((typed) => ({ ...typed, [name]: value }))
  const row = (name: BudgetFieldName) => ({
    source: budget.sources[name],
    problem: problems[name] && t(`admin.budgets.${problems[name]}`),
    resetting: save.isPending && save.variables?.reset === name,
    onReset: () => save.mutate({ [name]: null, reset: name }),
  })
  const now = (dollars: number | null) =>
    t('admin.budgets.current', { amount: dollars ? formatMoney(dollars) : t('admin.budgets.noLimit') })
  const hints = {
    dailyLimit: `${t('admin.budgets.limitHint')} ${now(budget.dailyLimit)}`,
    monthlyLimit: `${t('admin.budgets.limitHint')} ${now(budget.monthlyLimit)}`,
    alertThreshold: t('admin.budgets.thresholdHint'),
    enforce: t('admin.budgets.enforceHint'),
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (canSave) save.mutate(change)
  }

  return (
    <form onSubmit={submit} className="mt-4" noValidate>
      <BudgetFields
        form={form}
        onChange={(field, value) => setForm((typed) => ({ ...typed, [field]: value }))}
        row={(name, label, control) => (
          <FieldRow key={name} label={label} hint={hints[name]} {...row(name)}>
            {control}
          </FieldRow>
        )}
      />
      <FieldRow
        label={t('admin.budgets.timeZone')}
        hint={t('admin.budgets.timeZoneHint')}
        {...row('timeZone')}
      >
        {(control) => (
          <TimeZoneCombobox
            id={control.id}
            describedBy={control.describedBy}
            invalid={control.invalid}
            value={form.timeZone}
            zones={zones}
            onChange={(zone) => set('timeZone', zone)}
          />
        )}
      </FieldRow>
      {failure && (
        <div className="mt-4">
          <Alert tone="error">{failure}</Alert>
        </div>
      )}
      <div className="mt-6 flex justify-end">
        <Button type="submit" disabled={!canSave} busy={save.isPending && !save.variables?.reset}>
          {t('admin.budgets.save')}
        </Button>
      </div>
    </form>
  )
}
