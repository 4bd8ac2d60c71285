import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { Toaster } from 'sonner'
import { useBrandColors } from '../features/branding/use-branding'
import { useThemePreference } from '../features/theme/theme'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFound,
})

function RootLayout() {
  useBrandColors()
  const theme = useThemePreference()
  return (
    <>
      <Outlet />
      <Toaster theme={theme} position="top-center" closeButton />
    </>
  )
}

function NotFound() {
  return (
    <main className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <a href="/" className="font-medium text-brand-ink underline-offset-4 hover:underline">
        Back to the app
      </a>
    </main>
  )
}
