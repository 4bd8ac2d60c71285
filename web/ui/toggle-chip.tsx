import type { ButtonHTMLAttributes } from 'react'
import { cn } from '../lib/cn'

/**
 * A rounded filter pill that is on or off (`aria-pressed`): the prompt library's categories, the
 * knowledge panel's tags. Dark when pressed, outlined otherwise.
 */
export function ToggleChip({
  pressed,
  className,
  ...props
}: { pressed: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-pressed'>) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-brand',
        pressed
          ? 'border-transparent bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900'
          : 'border-zinc-300 text-zinc-800 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800',
        className,
      )}
      {...props}
    />
  )
}
