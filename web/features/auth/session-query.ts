import { queryOptions } from '@tanstack/react-query'
import { activateLocale } from '../../i18n/i18n'
import { isLocale, type Locale } from '../../i18n/locales'
import { signedOutLocale } from '../../i18n/signed-out-locale'
import { api } from '../../lib/api'
import { answerCode, apiFailure } from '../../lib/api-error'

/**
 * Who is signed in: the user, or null when there is no session (401). The screen's language is
 * loaded before this resolves (the gate shows 'Loading...' until then), so no text flashes in
 * English before it turns into the user's language.
 */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  queryFn: async () => {
    let { data, error, status } = await api.auth.me.get()
    // A support session that ended while this tab was away: back to the admin's own session.
    if (status === 401 && answerCode(error) === 'unauthorized:impersonation_ended') {
      const back = await api.impersonation.delete()
      if (back.data?.data.restored) ({ data, error, status } = await api.auth.me.get())
    }
    if (status === 401) {
      await activateLocale(signedOutLocale())
      return null
    }
    if (!data) throw apiFailure({ status, value: error?.value }, 'Failed to load user profile')
    const { user } = data.data
    await activateLocale(sessionLocale(user))
    return user
  },
})

export type SessionUser = NonNullable<Awaited<ReturnType<NonNullable<typeof sessionQuery.queryFn>>>>

/** A signed-in person's language: their profile's, else English. */
export const sessionLocale = (user: { preferredLanguage: string | null }): Locale =>
  isLocale(user.preferredLanguage) ? user.preferredLanguage : 'en'
