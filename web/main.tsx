import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { applyTheme, watchSystemTheme } from './features/theme/theme'
import { i18n } from './i18n/i18n'
import { createQueryClient } from './lib/query-client'
import { registerServiceWorker } from './pwa/register'
import { routeTree } from './routeTree.gen'

// Before the first paint, so a dark preference never flashes light (no inline script: strict CSP).
applyTheme()
watchSystemTheme()
registerServiceWorker()

const queryClient = createQueryClient()
const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent' })

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
)
