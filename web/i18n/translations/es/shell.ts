import { translationOf } from '../../catalogue'
import type { shell as english } from '../../en/shell'

export const shell = translationOf<typeof english>()({})
