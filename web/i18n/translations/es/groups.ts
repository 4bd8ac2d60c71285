import { translationOf } from '../../catalogue'
import type { groups as english } from '../../en/groups'

export const groups = {
  'groups.share.label': 'Compartir con grupos',
  'groups.share.note': 'Los miembros de los grupos elegidos pueden verlo y usarlo, pero no cambiarlo.',
  'groups.share.loadFailed': 'No se pudieron cargar tus grupos',
} as const

translationOf<typeof english>()(groups)
