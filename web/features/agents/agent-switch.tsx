import * as Switch from '@radix-ui/react-switch'

/** An on/off switch with a spoken name (the admin model list's look). */
export function AgentSwitch({
  checked,
  onChange,
  label,
  disabled,
  testId,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  label: string
  disabled?: boolean
  testId?: string
}) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={onChange}
      aria-label={label}
      data-testid={testId}
      className="relative h-6 w-11 shrink-0 rounded-full bg-zinc-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 data-[state=checked]:bg-brand dark:bg-zinc-600"
    >
      <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
    </Switch.Root>
  )
}
