import { translationOf } from '../../catalogue'
import type { common as english } from '../../en/common'

export const common = translationOf<typeof english>()({
  'common.cancel': 'Abbrechen',
  'common.save': 'Speichern',
  'common.close': 'Schließen',
  'common.delete': 'Löschen',
  'common.loading': 'Wird geladen …',
  'common.language': 'Sprache',
  'common.tagline': 'Der KI-Assistent deines Teams',
})
