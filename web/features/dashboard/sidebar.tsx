import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { useBranding } from '../branding/use-branding'
import { ChatListSlot } from './slots'
import '../../i18n/areas/shell'
import { useMountedLater } from '../../lib/use-mounted-later'

/** The product's name over the chat list: the column on wide screens, the drawer's content on phones. */
export function SidebarBody({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
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
  // The chat list mounts a task after the rest of the signed-in app: together they were one task of
  // 55–87 ms when a page loads (issue 27's goal is none over 50 ms). Its rows wait for their query anyway.
  const later = useMountedLater()
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
      {later ? <SidebarBody isAdmin={isAdmin} /> : null}
    </aside>
  )
}
