import { translationOf } from '../../catalogue'
import type { images as english } from '../../en/images'

export const images = {
  'images.dialog.title': 'Crear imagen',
  'images.dialog.description': 'Describe la imagen que quieres. Se añadirá a este chat.',
  'images.dialog.prompt': 'Descripción',
  'images.dialog.promptPlaceholder':
    'Una cabaña acogedora en un bosque nevado de noche, con luz cálida en las ventanas',
  'images.dialog.ideas': 'Ideas rápidas',
  'images.idea.city': 'El horizonte de una ciudad futurista al atardecer',
  'images.idea.cat': 'Un gato astronauta flotando entre las estrellas',
  'images.idea.garden': 'Un tranquilo jardín japonés en otoño',
  'images.idea.cafe': 'Una cafetería acogedora en una tarde de lluvia',
  'images.dialog.style': 'Estilo',
  'images.style.realistic': 'Realista',
  'images.style.artistic': 'Artístico',
  'images.style.cartoon': 'Dibujos animados',
  'images.style.abstract': 'Abstracto',
  'images.style.vintage': 'Vintage',
  'images.dialog.size': 'Tamaño',
  'images.size.square': 'Cuadrada (1024×1024)',
  'images.size.portrait': 'Vertical (1024×1792)',
  'images.size.landscape': 'Horizontal (1792×1024)',
  'images.dialog.credits': 'Esto usará créditos de generación de imágenes con IA',
  'images.dialog.generate': 'Generar',
  'images.dialog.generating': 'Generando…',
  'images.dialog.unavailable':
    'La generación de imágenes no está configurada en este servidor. Pide a un administrador que configure un modelo de imágenes.',
  'images.toast.blank': 'Escribe una descripción para la imagen',
  'images.toast.success': '¡Imagen generada correctamente!',
  'images.toast.failed': 'No se pudo generar la imagen',
  'images.toast.retry': 'No se pudo generar la imagen. Inténtalo de nuevo.',
} as const

translationOf<typeof english>()(images)
