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
  'common.branding.loadFailed': 'No se pudo cargar la imagen de marca',
  'common.backToApp': 'Volver a la app',
  'common.notFound.title': 'Página no encontrada',
  'common.toasts.close': 'Cerrar notificación',
  'common.toasts.label': 'Notificaciones',
  'common.brand.logo': 'Logotipo de {name}',
  'common.copy': 'Copiar',
  'common.copied': 'Copiado',
  'common.copyFailed': 'No se pudo copiar. Selecciona el texto y cópialo tú.',
})
