import { defineCatalogue } from '../catalogue'

export const fr = defineCatalogue({
  'common.cancel': 'Annuler',
  'common.save': 'Enregistrer',
  'common.close': 'Fermer',
  'common.delete': 'Supprimer',
  'common.loading': 'Chargement…',
  'common.language': 'Langue',
})
