import { useT } from '../../../i18n/i18n'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Select } from '../../../ui/select'
import { type DaysChoice, PRESET_DAYS, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from './retention-choice'
import '../../../i18n/areas/adminRetention'

/** One period of the policy: Never, a named period, or another number of days typed beside it. */
export function DaysField({
  label,
  hint,
  choice,
  onChange,
  invalid,
  testId,
}: {
  label: string
  hint: string
  choice: DaysChoice
  onChange: (choice: DaysChoice) => void
  invalid: boolean
  testId: string
}) {
  const t = useT()
  const named = (days: number) =>
    days === 365
      ? t('adminRetention.oneYear')
      : days === 730
        ? t('adminRetention.twoYears')
        : t('adminRetention.days', { count: days })
  const selected =
    choice.kind === 'never' ? 'never' : choice.kind === 'preset' ? String(choice.days) : 'custom'
  return (
    <FormField
      label={label}
      hint={hint}
      problem={
        invalid ? t('adminRetention.invalid', { min: RETENTION_DAYS_MIN, max: RETENTION_DAYS_MAX }) : null
      }
    >
      {(control) => (
        <div className="flex flex-wrap items-center gap-2">
          <Select<string>
            id={control.id}
            aria-describedby={control.describedBy}
            value={selected}
            onValueChange={(value) =>
              onChange(
                value === 'never'
                  ? { kind: 'never' }
                  : value === 'custom'
                    ? { kind: 'custom', text: choice.kind === 'preset' ? String(choice.days) : '' }
                    : { kind: 'preset', days: Number(value) },
              )
            }
            options={[
              { value: 'never', label: t('adminRetention.never') },
              ...PRESET_DAYS.map((days) => ({ value: String(days), label: named(days) })),
              { value: 'custom', label: t('adminRetention.custom') },
            ]}
            className="w-auto min-w-44"
            data-testid={testId}
          />
          {choice.kind === 'custom' ? (
            <Input
              aria-label={t('adminRetention.customLabel')}
              aria-describedby={control.describedBy}
              aria-invalid={control.invalid || undefined}
              inputMode="numeric"
              value={choice.text}
              onChange={(event) => onChange({ kind: 'custom', text: event.target.value })}
              className="max-w-28"
              data-testid={`${testId}-days`}
            />
          ) : null}
        </div>
      )}
    </FormField>
  )
}
