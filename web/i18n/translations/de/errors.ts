import { translationOf } from '../../catalogue'
import type { errors as english } from '../../en/errors'

export const errors = translationOf<typeof english>()({})
