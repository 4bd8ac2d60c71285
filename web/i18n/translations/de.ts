import { defineCatalogue } from '../catalogue'

export const de = defineCatalogue({
  'common.cancel': 'Abbrechen',
  'common.save': 'Speichern',
  'common.close': 'Schließen',
  'common.delete': 'Löschen',
  'common.loading': 'Wird geladen …',
  'common.language': 'Sprache',
})
