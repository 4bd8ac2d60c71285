import { useQuery } from '@tanstack/react-query'
import { Library, PanelLeft, ShieldCheck } from 'lucide-react'
import type { RefObject } from 'react'
import { useT } from '../../i18n/i18n'
import { cn } from '../../lib/cn'
import { useMediaQuery } from '../../lib/use-media-query'
import { BrandMark } from '../../ui/brand-mark'
import { Button, buttonClass } from '../../ui/button'
import { useBranding } from '../branding/use-branding'
import { DemoBadge } from '../demo/demo-badge'
import { impersonationQuery } from '../impersonation/impersonation-query'
import { openKnowledge } from '../knowledge/knowledge-ui'
import type { Profile } from '../profile/profile-query'
import { ThemeToggle } from '../theme/theme-toggle'
import { useThemeSync } from '../theme/use-theme-sync'
import { BudgetBannerSlot } from './slots'
import { UserMenu } from './user-menu'
import '../../i18n/areas/shell'

export function Header({
  profile,
  sidebarOpen,
  onToggleSidebar,
  onOpenProfile,
  onOpenSettings,
  menuButtonRef,
}: {
  profile: Profile | undefined
  sidebarOpen: boolean
  onToggleSidebar: () => void
  onOpenProfile: () => void
  onOpenSettings: () => void
  menuButtonRef: RefObject<HTMLButtonElement | null>
}) {
  const t = useT()
  const branding = useBranding()
  const changeTheme = useThemeSync(profile)
  // On a phone the header row has no room for a sentence: the budget alert gets a row of its own.
  const wide = useMediaQuery('(min-width: 640px)')
  return (
    <>
      {/* Tighter on phones, so the company name keeps its room beside the five controls. Nothing
          scrolls under the header, so it has no backdrop blur to pay for (decision 182). */}
      <header className="flex h-14 shrink-0 items-center gap-1 border-b border-zinc-200 bg-white/80 px-2 sm:gap-2 sm:px-3 dark:border-zinc-800 dark:bg-zinc-900/80">
        <Button
          variant="ghost"
          size="icon"
          onClick={onToggleSidebar}
          aria-label={sidebarOpen ? t('shell.sidebar.close') : t('shell.sidebar.open')}
          aria-expanded={sidebarOpen}
          aria-controls="sidebar"
          data-testid="sidebar-toggle"
        >
          <PanelLeft className="size-5" aria-hidden />
        </Button>
        <div className="flex min-w-0 items-center gap-2">
          <BrandMark logoUrl={branding.logoUrl} name={branding.companyName} className="size-8" />
          <span className="truncate font-semibold">{branding.companyName}</span>
          <DemoBadge />
        </div>
        <div className="flex min-w-0 flex-1 justify-center sm:px-2">{wide ? <BudgetBannerSlot /> : null}</div>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => openKnowledge()}
          aria-label={t('shell.knowledge.open')}
          title={t('shell.knowledge.open')}
          data-testid="header-open-knowledge"
        >
          <Library className="size-5" aria-hidden />
        </Button>
        <AdminLink profile={profile} />
        <ThemeToggle onChange={changeTheme} />
        <UserMenu
          profile={profile}
          onOpenProfile={onOpenProfile}
          onOpenSettings={onOpenSettings}
          buttonRef={menuButtonRef}
        />
      </header>
      {wide ? null : (
        <div className="flex shrink-0 justify-center border-b border-zinc-200 px-2 py-1.5 empty:hidden dark:border-zinc-800">
          <BudgetBannerSlot />
        </div>
      )}
    </>
  )
}

/**
 * The header's 'admin' navigation to /admin (spec section 2), besides the user menu's 'Admin Panel':
 * for administrators acting as themselves only (the admin area refuses a support session). A full
 * page load, as the spec says; on phones only the icon shows, and the label is still read out.
 */
function AdminLink({ profile }: { profile: Profile | undefined }) {
  const t = useT()
  const impersonation = useQuery(impersonationQuery)
  if (profile?.role !== 'admin' || impersonation.isPending || impersonation.data) return null
  return (
    <a
      href="/admin"
      className={cn(buttonClass('ghost', 'icon'), 'md:w-auto md:gap-1.5 md:px-3 md:text-sm')}
      data-testid="header-admin-link"
    >
      <ShieldCheck className="size-5 shrink-0 md:size-4" aria-hidden />
      <span className="sr-only md:not-sr-only">{t('shell.header.admin')}</span>
    </a>
  )
}
