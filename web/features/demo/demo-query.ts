import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../lib/api'

export interface DemoCredentials {
  email: string
  password: string
}

/** Whether this server is the throwaway demo (`bun run demo`), with its administrator's credentials. */
export const demoQuery = queryOptions({
  queryKey: ['demo'],
  staleTime: Number.POSITIVE_INFINITY,
  queryFn: async (): Promise<DemoCredentials | null> => {
    const { data, error } = await api.demo.get()
    // Not knowing is not being a demo: nothing to show.
    return error ? null : data.data
  },
})

/** The demo credentials, or null on every real instance (and while the answer is on its way). */
export function useDemo(): DemoCredentials | null {
  return useQuery(demoQuery).data ?? null
}
