import { defineCatalogue } from '../catalogue'

export const es = defineCatalogue({
  'common.cancel': 'Cancelar',
  'common.save': 'Guardar',
  'common.close': 'Cerrar',
  'common.delete': 'Eliminar',
  'common.loading': 'Cargando...',
  'common.language': 'Idioma',
})
