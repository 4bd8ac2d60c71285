import { ChevronDown } from 'lucide-react'
import type { ReactNode, SelectHTMLAttributes } from 'react'
import { cn } from '../lib/cn'
import { fieldClass } from './input'

export interface SelectOption<V extends string = string> {
  value: V
  label: string
  /** The option's language, when it names itself in it (a language picker). */
  lang?: string
  disabled?: boolean
}

/**
 * Parley's one select: a native <select> drawn like the other fields (the same border, radius,
 * focus ring and chevron as the dropdown triggers), so every picker in the app looks alike while
 * phones open their own wheel or sheet, keyboards and screen readers get the platform's control,
 * and no script is shipped for it (the sign-in page has one). The open list follows the page's
 * `color-scheme`, which the theme sets (decision 149).
 */
const variants = {
  /** A form field, like the inputs beside it. */
  field: cn(fieldClass, 'h-10 cursor-pointer appearance-none truncate pr-9 disabled:cursor-not-allowed'),
  /** Borderless until hovered, for a corner of a card (the sign-in card's language). */
  ghost: cn(
    'h-9 cursor-pointer appearance-none rounded-lg border border-transparent bg-transparent py-1 pr-8 pl-3 text-sm font-medium',
    'text-zinc-700 hover:border-zinc-300 focus-visible:border-brand focus-visible:outline-none focus-visible:ring-2',
    'focus-visible:ring-brand/30 dark:text-zinc-300 dark:hover:border-zinc-700',
  ),
}

export function Select<V extends string>({
  value,
  onValueChange,
  options,
  variant = 'field',
  icon,
  className,
  wrapperClassName,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> & {
  value: V
  onValueChange: (value: V) => void
  options: readonly SelectOption<V>[]
  variant?: keyof typeof variants
  /** An icon drawn inside the field, before the chosen option. */
  icon?: ReactNode
  /** The box around the field and its chevron (its width, its place in a row). */
  wrapperClassName?: string
}) {
  return (
    <div className={cn('relative min-w-0', wrapperClassName)}>
      {icon ? (
        <span className="pointer-events-none absolute top-1/2 left-2.5 flex -translate-y-1/2 text-zinc-500 dark:text-zinc-400">
          {icon}
        </span>
      ) : null}
      <select
        value={value}
        onChange={(event) => onValueChange(event.target.value as V)}
        className={cn(variants[variant], icon ? 'pl-8' : null, className)}
        {...props}
      >
        {options.map((option) => (
          <option
            key={option.value}
            value={option.value}
            lang={option.lang}
            disabled={option.disabled}
            // Chromium draws the open list from these, not from the page's color-scheme alone.
            className="bg-white text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100"
          >
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        className={cn(
          'pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400',
          variant === 'ghost' ? 'right-2.5' : 'right-3',
        )}
        aria-hidden
      />
    </div>
  )
}
