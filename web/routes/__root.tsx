import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { useBrandColors } from '../features/branding/use-branding'
import { useThemePreference } from '../features/theme/theme'
import { useT } from '../i18n/i18n'
import { LazyToaster } from '../ui/lazy-toaster'

/**
 * Above the sidebar's foot (Archived chats, Select), which a toast must not cover; higher while the
 * selection bar stands there (`--toast-above`, set by web/features/chats/selection-bar.tsx).
 */
const TOAST_OFFSET = { bottom: 'max(64px, var(--toast-above, 0px))', left: 16 }
/** The composer's height and bottom margin on a phone, so a toast never covers Send. */
const TOAST_MOBILE_OFFSET = { bottom: 128, left: 12, right: 12 }

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootLayout() {
  useBrandColors()
  const t = useT()
  const theme = useThemePreference()
  return (
    <>
      <Outlet />
      <LazyToaster
        theme={theme}
        // At the top, toasts covered the header's budget banner and the titles of dialogs. Bottom
        // left sits over the sidebar, just above its foot, clear of the composer and the answers
        // beside it; on phones (full width) just above the composer.
        position="bottom-left"
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_MOBILE_OFFSET}
        closeButton
        containerAriaLabel={t('common.toasts.label')}
        toastOptions={{ closeButtonAriaLabel: t('common.toasts.close') }}
      />
    </>
  )
}

function NotFound() {
  const t = useT()
  return (
    <main className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-2xl font-bold">{t('common.notFound.title')}</h1>
      <a href="/" className="font-medium text-brand-ink underline-offset-4 hover:underline">
        {t('common.backToApp')}
      </a>
    </main>
  )
}
