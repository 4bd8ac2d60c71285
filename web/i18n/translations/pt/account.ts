import { translationOf } from '../../catalogue'
import type { account as english } from '../../en/account'

export const account = translationOf<typeof english>()({})
