import { ChevronDown, LogOut, Settings, Shield, User } from 'lucide-react'
import type { RefObject } from 'react'
import { useT } from '../../i18n/i18n'
import * as DropdownMenu from '../../ui/dropdown-menu'
import { menuContentClass, menuItemClass } from '../../ui/menu'
import { UserAvatar } from '../../ui/user-avatar'
import { useSignOut } from '../auth/use-sign-out'
import { displayName, type Profile } from '../profile/profile-query'
import '../../i18n/areas/shell'

export function UserMenu({
  profile,
  onOpenProfile,
  onOpenSettings,
  buttonRef,
}: {
  profile: Profile | undefined
  onOpenProfile: () => void
  onOpenSettings: () => void
  buttonRef: RefObject<HTMLButtonElement | null>
}) {
  const t = useT()
  const signOut = useSignOut()
  const name = displayName(profile)
  // Not modal (as every menu here): a modal menu hides the rest of the page from assistive
  // technology while it stays focusable (axe: aria-hidden-focus). Focus still moves into the menu.
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={buttonRef}
        data-testid="user-menu"
        aria-busy={!profile}
        className="flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-zinc-800"
      >
        <UserAvatar url={profile?.avatar_url} name={name} />
        <span className="sr-only">{`${t('shell.userMenu.account')} `}</span>
        {/* Visually hidden on phones but still read, so the button is named the same everywhere. */}
        {/* While the profile loads, a placeholder rather than the 'User' fallback, so no wrong name flashes. */}
        {/* not-sr-only leaves the span inline and overflowing: the inner one cuts a long name off. */}
        {profile ? (
          <span className="sr-only md:not-sr-only">
            <span className="inline-block max-w-40 truncate align-middle text-sm font-medium">{name}</span>
          </span>
        ) : (
          <span
            aria-hidden
            className="hidden h-4 w-20 animate-pulse rounded bg-zinc-200 md:block dark:bg-zinc-800"
          />
        )}
        <ChevronDown className="size-4 text-zinc-500" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={`${menuContentClass} w-60`}>
          <div className="px-2.5 py-2">
            <p className="truncate font-medium" data-testid="user-menu-name">
              {name}
            </p>
            {profile?.email ? (
              <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">{profile.email}</p>
            ) : null}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          <DropdownMenu.Item className={menuItemClass} onSelect={onOpenProfile}>
            <User className="size-4" aria-hidden /> {t('shell.userMenu.profile')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={onOpenSettings}>
            <Settings className="size-4" aria-hidden /> {t('shell.userMenu.settings')}
          </DropdownMenu.Item>
          {profile?.role === 'admin' ? (
            // The admin area is reached by full page navigation, as the spec says.
            <DropdownMenu.Item className={menuItemClass} onSelect={() => window.location.assign('/admin')}>
              <Shield className="size-4" aria-hidden /> {t('shell.userMenu.admin')}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          <DropdownMenu.Item className={menuItemClass} onSelect={() => void signOut()}>
            <LogOut className="size-4" aria-hidden /> {t('shell.userMenu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
