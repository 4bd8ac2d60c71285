import { translationOf } from '../../catalogue'
import type { groups as english } from '../../en/groups'

export const groups = {
  'groups.share.label': 'Mit Gruppen teilen',
  'groups.share.note': 'Mitglieder der ausgewählten Gruppen können es sehen und nutzen, aber nicht ändern.',
  'groups.share.loadFailed': 'Deine Gruppen konnten nicht geladen werden',
} as const

translationOf<typeof english>()(groups)
