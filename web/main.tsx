import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { applyTheme, watchSystemTheme } from './features/theme/theme'
import { i18n } from './i18n/i18n'
import { createQueryClient } from './lib/query-client'
import { registerServiceWorker } from './pwa/register'

// Before the first paint, so a dark preference never flashes light (no inline script: strict CSP).
applyTheme()
watchSystemTheme()
registerServiceWorker()

const queryClient = createQueryClient()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
)
