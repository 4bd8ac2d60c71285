import * as DialogPrimitive from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { overlayClass } from '../../ui/dialog'
import { SidebarBody } from './sidebar'
import '../../i18n/areas/shell'

/**
 * Under 768 px the sidebar is a drawer over the content (a Radix dialog: focus trap, Escape). A
 * chunk of its own (issue 35): a wide screen never opens the drawer, so its first page does not
 * carry Radix's dialog for it.
 */
export default function MobileSidebar({
  open,
  onOpenChange,
  isAdmin,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  isAdmin: boolean
}) {
  const t = useT()
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={`${overlayClass} z-40`} />
        <DialogPrimitive.Content
          id="sidebar"
          data-testid="sidebar"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r border-zinc-200 bg-white shadow-2xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
        >
          <DialogPrimitive.Title className="sr-only">{t('shell.sidebar.label')}</DialogPrimitive.Title>
          <DialogPrimitive.Close
            aria-label={t('shell.sidebar.close')}
            className="absolute top-3 right-3 rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-zinc-800"
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
          <SidebarBody isAdmin={isAdmin} onNavigate={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
