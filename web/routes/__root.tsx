import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext } from '@tanstack/react-router'
import { useT } from '../i18n/i18n'

// The toaster and the brand's colours are the page's (web/app.tsx), shown with or without the routes.
export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  notFoundComponent: NotFound,
})

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
