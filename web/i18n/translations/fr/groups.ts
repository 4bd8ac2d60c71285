import { translationOf } from '../../catalogue'
import type { groups as english } from '../../en/groups'

export const groups = {
  'groups.share.label': 'Partager avec des groupes',
  'groups.share.note': 'Les membres des groupes choisis peuvent le voir et l’utiliser, sans le modifier.',
  'groups.share.loadFailed': 'Impossible de charger vos groupes',
} as const

translationOf<typeof english>()(groups)
