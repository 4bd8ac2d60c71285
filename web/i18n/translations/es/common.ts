import { translationOf } from '../../catalogue'
import type { common as english } from '../../en/common'

export const common = translationOf<typeof english>()({
  'common.cancel': 'Cancelar',
  'common.save': 'Guardar',
  'common.close': 'Cerrar',
  'common.delete': 'Eliminar',
  'common.loading': 'Cargando...',
  'common.language': 'Idioma',
  'common.tagline': 'El asistente de IA de tu equipo',
})
