import * as DialogPrimitive from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { overlayClass } from '../../ui/dialog'
import { useBranding } from '../branding/use-branding'
import { ChatListSlot } from './slots'
import '../../i18n/areas/shell'

function SidebarBody({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  const t = useT()
  const branding = useBranding()
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 shrink-0 items-center px-4">
        <span className="truncate text-sm font-semibold tracking-wide text-brand-ink">
          {branding.productName}
        </span>
      </div>
      <nav aria-label={t('shell.sidebar.chats')} className="flex min-h-0 flex-1 flex-col px-2 pb-3">
        <ChatListSlot isAdmin={isAdmin} onNavigate={onNavigate} />
      </nav>
    </div>
  )
}

/** A column beside the content on wide screens; collapsing it hides it from view and from Tab. */
export function DesktopSidebar({ open, isAdmin }: { open: boolean; isAdmin: boolean }) {
  const t = useT()
  return (
    <aside
      id="sidebar"
      data-testid="sidebar"
      aria-label={t('shell.sidebar.label')}
      hidden={!open}
      className={cn(
        'w-64 shrink-0 border-r border-zinc-200 bg-zinc-100/70 dark:border-zinc-800 dark:bg-zinc-900/60',
      )}
    >
      <SidebarBody isAdmin={isAdmin} />
    </aside>
  )
}

/** Under 768 px the sidebar is a drawer over the content (a Radix dialog: focus trap, Escape). */
export function MobileSidebar({
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
