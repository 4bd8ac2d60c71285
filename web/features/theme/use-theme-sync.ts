import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { api } from '../../lib/api'
import { type Profile, profileQuery } from '../profile/profile-query'
import { isThemePreference, readThemePreference, setThemePreference, type ThemePreference } from './theme'

/**
 * Keeps the theme in step with the profile: a preference saved on another device (or pushed from
 * another tab) wins when it arrives; a choice made here is saved to both this browser and the profile.
 */
export function useThemeSync(profile: Profile | undefined) {
  const queryClient = useQueryClient()
  const saved = profile?.theme_preference
  useEffect(() => {
    if (isThemePreference(saved) && saved !== readThemePreference()) setThemePreference(saved)
  }, [saved])

  return useCallback(
    async (preference: ThemePreference) => {
      setThemePreference(preference)
      const { data } = await api.profile.patch({ theme_preference: preference })
      if (data?.data) queryClient.setQueryData(profileQuery.queryKey, data.data)
    },
    [queryClient],
  )
}
