import { createFileRoute } from '@tanstack/react-router'
import { sessionQuery } from '../../features/auth/session-query'
import { activateLocale } from '../../i18n/i18n'
import { signedOutLocale } from '../../i18n/signed-out-locale'

/** The token rides in the query string; the page itself is in confirm.lazy.tsx, fetched on visit. */
export const Route = createFileRoute('/auth/confirm')({
  validateSearch: (search: Record<string, unknown>) => ({
    token: typeof search.token === 'string' ? search.token : undefined,
  }),
  // The page speaks the visitor's language: the profile's when signed in, else the signed-out one.
  loader: ({ context }) =>
    context.queryClient
      .ensureQueryData(sessionQuery)
      .then(() => undefined)
      .catch(() => activateLocale(signedOutLocale()).catch(() => undefined)),
})
