import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/shell'

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: async () => {
    const { data, error } = await api.profile.get()
    if (error) throw apiFailure(error, t('shell.profile.loadFailed'))
    return data.data
  },
})

export type Profile = Awaited<ReturnType<NonNullable<typeof profileQuery.queryFn>>>

export const profileStatsQuery = queryOptions({
  queryKey: ['profile', 'stats'],
  queryFn: async () => {
    const { data, error } = await api.profile.stats.get()
    if (error) throw apiFailure(error, t('shell.profile.loadFailed'))
    return data.data
  },
})

/** Full name, else e-mail, else 'User' in the reader's language (the user menu's rule). */
export function displayName(profile: { full_name?: string | null; email?: string | null } | undefined) {
  return profile?.full_name?.trim() || profile?.email || t('shell.profile.defaultName')
}
