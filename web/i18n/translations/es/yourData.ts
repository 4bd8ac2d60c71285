import { translationOf } from '../../catalogue'
import type { yourData as english } from '../../en/yourData'

/** Settings › Your data (issue 32): bringing chats in, and what the organisation keeps. */
export const yourData = {
  'yourData.tab': 'Tus datos',
  'yourData.retention.title': 'Lo que conserva tu organización',
  'yourData.retention.none': 'Tus chats y archivos se conservan hasta que los elimines.',
  'yourData.retention.chats':
    'Los chats que no has usado durante {days, plural, one {# día} other {# días}} se eliminan. Los chats fijados se conservan.',
  'yourData.retention.files':
    'Los archivos y las imágenes generadas se eliminan {days, plural, one {# día} other {# días}} después de su mensaje.',
  'yourData.retention.loadFailed': 'No se pudo leer la política de conservación.',
} as const

translationOf<typeof english>()(yourData)
