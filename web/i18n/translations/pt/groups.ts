import { translationOf } from '../../catalogue'
import type { groups as english } from '../../en/groups'

export const groups = {
  'groups.share.label': 'Compartilhar com grupos',
  'groups.share.note': 'Os membros dos grupos escolhidos podem ver e usar, mas não alterar.',
  'groups.share.loadFailed': 'Não foi possível carregar seus grupos',
} as const

translationOf<typeof english>()(groups)
