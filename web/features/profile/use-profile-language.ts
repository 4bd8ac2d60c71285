import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { activateLocale } from '../../i18n/i18n'
import { isLocale } from '../../i18n/locales'
import { profileQuery } from './profile-query'

/**
 * Signed in, the profile's language is the app's: saved in this tab, or pushed by another tab or
 * device (`profile:updated` updates the profile query), every screen switches at once.
 */
export function useProfileLanguage() {
  const { data } = useQuery(profileQuery)
  const language = data?.preferred_language
  useEffect(() => {
    if (isLocale(language)) void activateLocale(language)
  }, [language])
}
