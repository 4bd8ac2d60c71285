import { queryOptions } from '@tanstack/react-query'
import { t } from '../../i18n/i18n'
import { api } from '../../lib/api'
import { apiFailure } from '../../lib/api-error'
import '../../i18n/areas/auth'

/** How one may sign in here (public): password on or off, sign-up on or off, the providers' buttons. */
export const signInOptionsQuery = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: async () => {
    const { data, error } = await api.auth.providers.get()
    if (error) throw apiFailure(error, t('auth.provider.loadFailed'))
    return data.data
  },
  staleTime: 60_000,
})

export type SignInOptions = Awaited<ReturnType<NonNullable<typeof signInOptionsQuery.queryFn>>>

/** Should the options not load (an older server, a network error), the card is what it always was. */
export const PASSWORD_ONLY: SignInOptions = { password: true, signup: true, providers: [] }
