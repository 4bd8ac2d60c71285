import { queryOptions } from '@tanstack/react-query'
import { api, errorText } from '../../lib/api'

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
] as const

export type LanguageCode = (typeof LANGUAGES)[number]['code']

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: async () => {
    const { data, error } = await api.profile.get()
    if (error) throw new Error(errorText(error, 'Failed to load profile'))
    return data.data
  },
})

export type Profile = Awaited<ReturnType<NonNullable<typeof profileQuery.queryFn>>>

export const profileStatsQuery = queryOptions({
  queryKey: ['profile', 'stats'],
  queryFn: async () => {
    const { data, error } = await api.profile.stats.get()
    if (error) throw new Error(errorText(error, 'Failed to load profile'))
    return data.data
  },
})

/** Full name, else e-mail, else 'User' (the user menu's rule). */
export function displayName(profile: { full_name?: string | null; email?: string | null } | undefined) {
  return profile?.full_name?.trim() || profile?.email || 'User'
}
