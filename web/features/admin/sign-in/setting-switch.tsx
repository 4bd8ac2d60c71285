import * as Switch from '@radix-ui/react-switch'
import type { ReactNode } from 'react'

/** An on/off setting: the switch, its label and what it means, the label and hint naming the switch for screen readers. */
export function SettingSwitch({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
  testId,
  children,
}: {
  id: string
  label: string
  hint: ReactNode
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
  testId?: string
  /** Under the hint (a note on where the value comes from). */
  children?: ReactNode
}) {
  return (
    <div className="flex items-start gap-3 py-4">
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
        data-testid={testId}
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-zinc-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 data-[state=checked]:bg-brand dark:bg-zinc-600"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {label}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
        {children}
      </div>
    </div>
  )
}
