import * as Switch from '@radix-ui/react-switch'
import type { ControlProps } from './field-row'

/** On: requests over a limit are refused; off: people are only warned. */
export function EnforceSwitch({
  control,
  checked,
  onChange,
}: {
  control: ControlProps
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <Switch.Root
      id={control.id}
      checked={checked}
      onCheckedChange={onChange}
      aria-describedby={control.describedBy}
      className="relative h-6 w-11 shrink-0 rounded-full bg-zinc-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand data-[state=checked]:bg-brand dark:bg-zinc-700"
    >
      <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
    </Switch.Root>
  )
}
