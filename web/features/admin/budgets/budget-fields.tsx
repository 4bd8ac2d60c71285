import type { ReactNode } from 'react'
import { useT } from '../../../i18n/i18n'
import { Input } from '../../../ui/input'
import type { ControlProps } from '../field-row'
import { EnforceSwitch } from './enforce-switch'
import '../../../i18n/areas/admin'

/** The values a budget has at both levels (the organisation's, a user's own). */
export interface BudgetValues {
  dailyLimit: string
  monthlyLimit: string
  alertThreshold: string
  enforce: boolean
}
export type BudgetValueField = keyof BudgetValues

/**
 * The budget's controls (daily and monthly limit in dollars, alert threshold in percent, enforce),
 * for the Budgets section and a user's own budget alike; each form frames them in its own row
 * (`row`: the organisation's with hints and Reset, the user's compact with Clear).
 */
export function BudgetFields({
  form,
  onChange,
  row,
}: {
  form: BudgetValues
  onChange: (field: BudgetValueField, value: string | boolean) => void
  row: (field: BudgetValueField, label: string, control: (control: ControlProps) => ReactNode) => ReactNode
}) {
  const t = useT()
  const unit = (text: string) => (
    <span className="text-sm text-zinc-600 dark:text-zinc-400" aria-hidden>
      {text}
    </span>
  )
  const limit = (field: 'dailyLimit' | 'monthlyLimit') => (control: ControlProps) => (
    <div className="flex items-center gap-1.5">
      {unit('$')}
      <Input
        id={control.id}
        aria-describedby={control.describedBy}
        aria-invalid={control.invalid || undefined}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('admin.budgets.noLimit')}
        className="max-w-40"
        value={form[field]}
        onChange={(event) => onChange(field, event.target.value)}
      />
    </div>
  )
  return (
    <>
      {row('dailyLimit', t('admin.budgets.daily'), limit('dailyLimit'))}
      {row('monthlyLimit', t('admin.budgets.monthly'), limit('monthlyLimit'))}
      {row('alertThreshold', t('admin.budgets.threshold'), (control) => (
        <div className="flex items-center gap-1.5">
          <Input
            id={control.id}
            aria-describedby={control.describedBy}
            aria-invalid={control.invalid || undefined}
            inputMode="numeric"
            autoComplete="off"
            className="max-w-24"
            value={form.alertThreshold}
            onChange={(event) => onChange('alertThreshold', event.target.value)}
          />
          {unit('%')}
        </div>
      ))}
      {row('enforce', t('admin.budgets.enforce'), (control) => (
        <EnforceSwitch control={control} checked={form.enforce} onChange={(on) => onChange('enforce', on)} />
      ))}
    </>
  )
}
