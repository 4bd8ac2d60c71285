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

/** Float noise off a computed slider value (0.1 × 7 = 0.7000000000000001). */
const tidy = (value: number) => Number(value.toFixed(10))

/**
 * The slider's stops are min, min + step, … max. A value saved off them (4000 tokens typed in the
 * number field, against stops of 256) is shown where it is: the range takes any value and widens
 * to hold it, since a browser would otherwise move the thumb to the nearest stop (4096) and report
 * that beside the saved 4000. The first move from there goes to the next stop in its direction.
 */
function sliderStops(value: number, min: number, max: number, step: number) {
  const position = (value - min) / step
  const onStop = value >= min && value <= max && Math.abs(position - Math.round(position)) < 1e-9
  const stopAt = (index: number) => Math.min(max, Math.max(min, tidy(min + index * step)))
  return {
    onStop,
    /** The stop a move from the saved value to `next` lands on: past it in the move's direction. */
    snap: (next: number) =>
      next > value
        ? stopAt(Math.ceil((next - min) / step - 1e-9))
        : stopAt(Math.floor((next - min) / step + 1e-9)),
    /** The next stop above (null past the last one), and below. */
    up: () => (value >= max ? null : stopAt(Math.floor((value - min) / step + 1e-9) + 1)),
    down: () => (value <= min ? null : stopAt(Math.ceil((value - min) / step - 1e-9) - 1)),
  }
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
  const stops = sliderStops(value, min, max, step)
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
        min={Math.min(min, value)}
        max={Math.max(max, value)}
        step={stops.onStop ? step : 'any'}
        value={value}
        onChange={(event) => {
          const next = Number(event.target.value)
          onChange(stops.onStop ? next : stops.snap(next))
        }}
        onKeyDown={(event) => {
          if (stops.onStop) return
          const move =
            event.key === 'ArrowRight' || event.key === 'ArrowUp'
              ? stops.up()
              : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
                ? stops.down()
                : undefined
          if (move === undefined) return
          event.preventDefault()
          if (move !== null) onChange(move)
        }}
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
