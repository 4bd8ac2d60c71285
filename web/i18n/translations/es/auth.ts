import { translationOf } from '../../catalogue'
import type { auth as english } from '../../en/auth'

export const auth = translationOf<typeof english>()({})
