import { translationOf } from '../../catalogue'
import type { chat as english } from '../../en/chat'

export const chat = translationOf<typeof english>()({})
