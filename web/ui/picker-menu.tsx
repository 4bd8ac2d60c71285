import { Check, ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../lib/cn'
import * as DropdownMenu from './dropdown-menu'
import { menuContentClass, menuItemClass, menuLabelClass } from './menu'

/**
 * The composer's pickers ('Model:', 'Agent:'): a small trigger with a prefix, the chosen name and a
 * chevron, opening upwards a menu with a heading and one radio group. The options and anything
 * after the group are the caller's (`PickerOption` for the usual check, name and notes).
 */
export function PickerMenu({
  value,
  onValueChange,
  icon,
  prefix,
  chosen,
  heading,
  triggerLabel,
  triggerTitle,
  disabled,
  triggerClassName,
  menuClassName,
  collisionPadding,
  testId,
  menuTestId,
  options,
  children,
}: {
  value: string
  onValueChange: (value: string) => void
  icon?: ReactNode
  /** 'Model:' or 'Agent:', before the chosen name. */
  prefix: ReactNode
  chosen: ReactNode
  heading: ReactNode
  triggerLabel?: string
  /** The whole chosen name on hover, when the trigger has to cut it. */
  triggerTitle?: string
  disabled?: boolean
  triggerClassName?: string
  menuClassName?: string
  collisionPadding?: number
  testId: string
  menuTestId?: string
  options: ReactNode
  /** After the radio group (a separator and a link, say). */
  children?: ReactNode
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        disabled={disabled}
        data-testid={testId}
        aria-label={triggerLabel}
        title={triggerTitle}
        className={cn(
          'flex h-8 items-center gap-1 rounded-lg px-2 text-sm text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-300 dark:hover:bg-zinc-800',
          triggerClassName,
        )}
      >
        {icon}
        {/* The prefix never wraps ('Agent :' in French) nor shrinks: the name gives way, cut with an ellipsis. */}
        <span className="contents whitespace-nowrap">{prefix}</span>
        <span className="truncate font-medium">{chosen}</span>
        <ChevronDown className="size-4 shrink-0" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          side="top"
          sideOffset={6}
          collisionPadding={collisionPadding}
          className={cn(menuContentClass, 'overflow-y-auto', menuClassName)}
          data-testid={menuTestId}
        >
          <DropdownMenu.Label className={menuLabelClass}>{heading}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={value} onValueChange={onValueChange}>
            {options}
          </DropdownMenu.RadioGroup>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** One choice of a PickerMenu: a check when chosen, the name in bold and a line per note under it. */
export function PickerOption({
  value,
  name,
  notes,
  disabled,
  className,
  testId,
}: {
  value: string
  name: ReactNode
  /** Empty notes are left out. */
  notes: ReactNode[]
  disabled?: boolean
  className?: string
  testId: string
}) {
  return (
    <DropdownMenu.RadioItem
      value={value}
      disabled={disabled}
      className={cn(menuItemClass, 'items-start', className)}
      data-testid={testId}
    >
      <span className="mt-0.5 size-4 shrink-0">
        <DropdownMenu.ItemIndicator>
          <Check className="size-4" aria-hidden />
        </DropdownMenu.ItemIndicator>
      </span>
      <span className="min-w-0">
        <span className="block font-medium">{name}</span>
        {notes.map((note, index) =>
          note ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the notes are a fixed list per option
            <span key={index} className="block text-xs text-zinc-600 dark:text-zinc-400">
              {note}
            </span>
          ) : null,
        )}
      </span>
    </DropdownMenu.RadioItem>
  )
}
