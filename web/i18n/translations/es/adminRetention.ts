import { translationOf } from '../../catalogue'
import type { adminRetention as english } from '../../en/adminRetention'

/** Admin › Retention (issue 32, point 6): chats deleted by disuse, files by age, one pass a day. */
export const adminRetention = {
  'adminRetention.intro':
    'Elimina lo que tu organización ya no necesita. Una pasada se ejecuta una vez al día y registra en la auditoría lo que eliminó. Lo que elimina solo se puede recuperar desde una copia de seguridad.',
  'adminRetention.policy.title': 'Política de conservación',
  'adminRetention.chats.label': 'Eliminar los chats sin usar durante',
  'adminRetention.chats.hint':
    'Un chat se usa cuando alguien escribe en él o lo cambia. Los chats fijados se conservan.',
  'adminRetention.files.label': 'Eliminar archivos e imágenes generadas tras',
  'adminRetention.files.hint': 'Contado desde el mensaje con el que llegaron. Los mensajes se conservan.',
  'adminRetention.never': 'Nunca',
  'adminRetention.days': '{count, plural, one {# día} other {# días}}',
  'adminRetention.oneYear': '1 año',
  'adminRetention.twoYears': '2 años',
  'adminRetention.custom': 'Otro número de días',
  'adminRetention.customLabel': 'Número de días',
  'adminRetention.invalid': 'Escribe un número entero de días entre {min} y {max}.',
  'adminRetention.save': 'Guardar política',
  'adminRetention.saved': 'Política de conservación guardada',
  'adminRetention.saveFailed': 'No se pudo guardar la política',
  'adminRetention.loadFailed': 'No se pudo cargar la política de conservación',
  'adminRetention.confirm.title': '¿Eliminar por antigüedad a partir de ahora?',
  'adminRetention.confirm.chats':
    'Los chats sin usar durante {days, plural, one {# día} other {# días}} se eliminarán para todos, salvo los fijados.',
  'adminRetention.confirm.files':
    'Los archivos y las imágenes generadas se eliminarán {days, plural, one {# día} other {# días}} después de su mensaje, para todos.',
  'adminRetention.confirm.when':
    'La próxima pasada, dentro de una hora, elimina lo que ya supera estos límites. No se puede deshacer.',
  'adminRetention.confirm.action': 'Aplicar política',
  'adminRetention.lastRun':
    'Última pasada el {date} a las {time}: {chats, plural, one {# chat} other {# chats}}, {files, plural, one {# archivo} other {# archivos}} y {images, plural, one {# imagen} other {# imágenes}} eliminados.',
  'adminRetention.noRun': 'Todavía no se ha ejecutado ninguna pasada.',
  'adminRetention.next': 'Próxima pasada: después del {date} a las {time}.',
  'adminRetention.nextSoon': 'Próxima pasada: dentro de una hora.',
  'adminRetention.off': 'No se elimina nada por antigüedad.',
} as const

translationOf<typeof english>()(adminRetention)
