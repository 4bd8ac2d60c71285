import { Search } from 'lucide-react'
import { Input } from './input'

/**
 * A search box with its magnifier, filling the row it sits in (the prompt library's and the
 * knowledge panel's headers). The label is also the placeholder: the icon says what the box is for.
 */
export function SearchField({
  value,
  onChange,
  label,
  testId,
}: {
  value: string
  onChange: (value: string) => void
  label: string
  testId?: string
}) {
  return (
    <div className="relative min-w-48 flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
        aria-hidden
      />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        aria-label={label}
        className="pl-9"
        data-testid={testId}
      />
    </div>
  )
}
