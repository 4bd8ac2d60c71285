import { createFileRoute } from '@tanstack/react-router'

/** The token rides in the query string; the page itself is in reset-password.lazy.tsx, fetched on visit. */
export const Route = createFileRoute('/auth/reset-password')({
  validateSearch: (search: Record<string, unknown>) => ({
    token: typeof search.token === 'string' ? search.token : undefined,
  }),
})
