import { translationOf } from '../../catalogue'
import type { adminBackups as english } from '../../en/adminBackups'

/** Admin › Backups (issue 33): the schedule, Back up now, and the list of archives. */
export const adminBackups = {
  'adminBackups.intro':
    'Las copias de seguridad guardan cada chat, archivo y ajuste. Se escriben en la carpeta de datos del servidor (DATA_DIR/backups).',
  'adminBackups.introBucket':
    'Las copias de seguridad guardan cada chat, archivo y ajuste. Se suben al bucket S3 {bucket}, en backups/.',
  'adminBackups.failure': 'La última copia de seguridad falló ({time}): {message}',
  'adminBackups.loadFailed': 'No se pudieron cargar las copias de seguridad',
  'adminBackups.schedule.title': 'Programación',
  'adminBackups.schedule.label': 'Copias automáticas',
  'adminBackups.schedule.daily': 'Cada día',
  'adminBackups.schedule.off': 'Desactivadas',
  'adminBackups.schedule.offHint': 'Sin copias automáticas: usa Hacer copia ahora.',
  'adminBackups.keep.label': 'Copias programadas que se conservan',
  'adminBackups.keep.hint':
    'Las copias programadas más antiguas se eliminan. Las hechas con Hacer copia ahora o antes de una actualización se conservan.',
  'adminBackups.keep.invalid': 'Escribe un número entero de {min} a {max}.',
  'adminBackups.next': 'Próxima copia: {time}',
  'adminBackups.save': 'Guardar',
  'adminBackups.saved': 'Programación de copias guardada',
  'adminBackups.saveFailed': 'No se pudo guardar la programación de copias',
  'adminBackups.list.title': 'Copias de seguridad',
  'adminBackups.now': 'Hacer copia ahora',
  'adminBackups.started': 'Copia de seguridad iniciada',
  'adminBackups.startFailed': 'No se pudo iniciar la copia de seguridad',
  'adminBackups.empty': 'Todavía no hay copias de seguridad.',
  'adminBackups.trigger.manual': 'Manual',
  'adminBackups.trigger.schedule': 'Programada',
  'adminBackups.trigger.other': 'Línea de comandos o actualización',
  'adminBackups.status.running': 'En curso…',
  'adminBackups.status.done': 'Hecha',
  'adminBackups.status.failed': 'Fallida',
  'adminBackups.download': 'Descargar',
  'adminBackups.downloadLabel': 'Descargar la copia de seguridad del {time}',
  'adminBackups.delete': 'Eliminar',
  'adminBackups.deleteLabel': 'Eliminar la copia de seguridad del {time}',
  'adminBackups.deleteConfirm.title': '¿Eliminar esta copia de seguridad?',
  'adminBackups.deleteConfirm.body':
    'La copia de seguridad del {time} ({size}) se elimina del servidor. Esta acción no se puede deshacer.',
  'adminBackups.deleteConfirm.confirm': 'Eliminar copia de seguridad',
  'adminBackups.deleted': 'Copia de seguridad eliminada',
  'adminBackups.deleteFailed': 'No se pudo eliminar la copia de seguridad',
} as const

translationOf<typeof english>()(adminBackups)
