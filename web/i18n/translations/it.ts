import { defineCatalogue } from '../catalogue'

export const it = defineCatalogue({
  'common.cancel': 'Annulla',
  'common.save': 'Salva',
  'common.close': 'Chiudi',
  'common.delete': 'Elimina',
  'common.loading': 'Caricamento…',
  'common.language': 'Lingua',
})
