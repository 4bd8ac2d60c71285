import { Library, PanelLeft } from 'lucide-react'
import type { RefObject } from 'react'
import { useT } from '../../i18n/i18n'
import { useMediaQuery } from '../../lib/use-media-query'
import { BrandMark } from '../../ui/brand-mark'
import { Button } from '../../ui/button'
import { useBranding } from '../branding/use-branding'
import { DemoBadge } from '../demo/demo-badge'
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
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-zinc-200 bg-white/80 px-2 backdrop-blur sm:px-3 dark:border-zinc-800 dark:bg-zinc-900/80">
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
        <div className="flex min-w-0 flex-1 justify-center px-2">{wide ? <BudgetBannerSlot /> : null}</div>
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
