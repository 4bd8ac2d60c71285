import { translationOf } from '../../catalogue'
import type { groups as english } from '../../en/groups'

export const groups = {
  'groups.share.label': 'Condividi con gruppi',
  'groups.share.note': 'I membri dei gruppi scelti possono vederlo e usarlo, ma non modificarlo.',
  'groups.share.loadFailed': 'Impossibile caricare i tuoi gruppi',
} as const

translationOf<typeof english>()(groups)
