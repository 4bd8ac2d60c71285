import * as Switch from '@radix-ui/react-switch'
import { useId } from 'react'
import { currentLocale, useT } from '../../i18n/i18n'
import { Label } from '../../ui/input'

const valueFormats = new Map<string, Intl.NumberFormat>()
/** A slider's value in the active language ('0,7' in German), without grouping ('2048', as typed in the number field). */
function sliderValue(value: number): string {
  const locale = currentLocale()
  let format = valueFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 })
    valueFormats.set(locale, format)
  }
  return format.format(value)
}

/** A labelled range slider that shows its value. */
export function SliderField({
  label,
  value,
  min,
  max,
  step,
  onChange,
  hint,
}: {
  label: string
  value: number
  min: number
  max: number
  step: number
  onChange: (value: number) => void
  hint?: string
}) {
  useT()
  const id = useId()
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id} className="mb-1">
          {label}
        </Label>
        <output htmlFor={id} className="text-sm tabular-nums text-zinc-700 dark:text-zinc-300">
          {sliderValue(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full accent-[var(--brand-primary)]"
      />
      {hint ? <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{hint}</p> : null}
    </div>
  )
}

export function SwitchField({
  label,
  checked,
  disabled,
  onChange,
  hint,
}: {
  label: string
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
  hint?: string
}) {
  const id = useId()
  const hintId = useId()
  return (
    <div className="flex items-start justify-between gap-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
            {hint}
          </p>
        ) : null}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={hint ? hintId : undefined}
        className="relative h-6 w-11 shrink-0 rounded-full bg-zinc-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-brand dark:bg-zinc-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  )
}
