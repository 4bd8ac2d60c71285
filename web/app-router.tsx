import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'

/**
 * The app's routes, a chunk of its own: a signed-out visitor on a signed-in path gets the sign-in
 * card without TanStack Router's code (web/app.tsx, decision 191). Created once, with the page's
 * query client, the first time it is shown.
 */
const createAppRouter = (queryClient: QueryClient) =>
  createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent' })

let router: ReturnType<typeof createAppRouter> | undefined

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

export function AppRouter() {
  const queryClient = useQueryClient()
  router ??= createAppRouter(queryClient)
  return <RouterProvider router={router} />
}
