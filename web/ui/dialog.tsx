import * as DialogPrimitive from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { useT } from '../i18n/i18n'
import { cn } from '../lib/cn'

/**
 * The dim behind a dialog. No backdrop blur (decision 182): without GPU compositing (virtual
 * desktops, thin clients, headless test browsers) Chromium blurs the whole screen again on every
 * frame, a caret's blink included: a dialog with a text box cost 0.11 of a core at rest, 0.03 without.
 */
export const overlayClass = 'fixed inset-0 bg-zinc-950/50'

/**
 * Where a dialog sits: centred across, its top at a fixed distance from the top of the screen, so
 * a dialog whose content grows or shrinks (a tab, a detail pane, a message) keeps its title and
 * controls still instead of re-centring (issue 26). No transform either: a toaster inside the
 * dialog (the account deletion's final toast) is positioned against the screen.
 */
export const dialogPositionClass =
  'fixed inset-x-0 top-[clamp(0.75rem,6dvh,3rem)] mx-auto max-h-[calc(100dvh_-_clamp(0.75rem,6dvh,3rem)_-_0.75rem)] w-[calc(100vw-1.5rem)]'

/** A modal anchored near the top: Radix traps focus, closes on Escape and restores focus to the trigger. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  testId,
  onEscapeKeyDown,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  className?: string
  testId?: string
  /** Call `event.preventDefault()` to keep the dialog open (e.g. Escape closes something inside it first). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void
}) {
  const t = useT()
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={`${overlayClass} z-40`} />
        <DialogPrimitive.Content
          data-testid={testId}
          // Without a description, tell Radix there is none rather than point at a missing element.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={onEscapeKeyDown}
          className={cn(
            dialogPositionClass,
            'z-50 flex max-w-lg flex-col',
            'rounded-2xl border border-zinc-200 bg-white shadow-2xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
            <div>
              <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            <DialogPrimitive.Close
              aria-label={t('common.close')}
              className="-mr-1 rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            >
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div className="overflow-y-auto px-5 py-5">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
