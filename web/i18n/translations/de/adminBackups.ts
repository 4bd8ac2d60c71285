import { translationOf } from '../../catalogue'
import type { adminBackups as english } from '../../en/adminBackups'

/** Admin › Backups (issue 33): the schedule, Back up now, and the list of archives. */
export const adminBackups = {
  'adminBackups.intro':
    'Sicherungen enthalten jeden Chat, jede Datei und jede Einstellung. Sie werden im Datenordner des Servers abgelegt (DATA_DIR/backups).',
  'adminBackups.introBucket':
    'Sicherungen enthalten jeden Chat, jede Datei und jede Einstellung. Sie werden in den S3-Bucket {bucket} hochgeladen, unter backups/.',
  'adminBackups.failure': 'Die letzte Sicherung ist fehlgeschlagen ({time}): {message}',
  'adminBackups.loadFailed': 'Die Sicherungen konnten nicht geladen werden',
  'adminBackups.schedule.title': 'Zeitplan',
  'adminBackups.schedule.label': 'Automatische Sicherungen',
  'adminBackups.schedule.daily': 'Täglich',
  'adminBackups.schedule.off': 'Aus',
  'adminBackups.schedule.offHint': 'Keine automatischen Sicherungen: nutze Jetzt sichern.',
  'adminBackups.keep.label': 'Aufzubewahrende geplante Sicherungen',
  'adminBackups.keep.hint':
    'Ältere geplante Sicherungen werden gelöscht. Sicherungen über Jetzt sichern oder vor einem Update bleiben erhalten.',
  'adminBackups.keep.invalid': 'Gib eine ganze Zahl von {min} bis {max} ein.',
  'adminBackups.next': 'Nächste Sicherung: {time}',
  'adminBackups.save': 'Speichern',
  'adminBackups.saved': 'Sicherungszeitplan gespeichert',
  'adminBackups.saveFailed': 'Der Sicherungszeitplan konnte nicht gespeichert werden',
  'adminBackups.list.title': 'Sicherungen',
  'adminBackups.now': 'Jetzt sichern',
  'adminBackups.started': 'Sicherung gestartet',
  'adminBackups.startFailed': 'Die Sicherung konnte nicht gestartet werden',
  'adminBackups.empty': 'Noch keine Sicherungen.',
  'adminBackups.trigger.manual': 'Manuell',
  'adminBackups.trigger.schedule': 'Geplant',
  'adminBackups.trigger.other': 'Befehlszeile oder Update',
  'adminBackups.status.running': 'Läuft…',
  'adminBackups.status.done': 'Fertig',
  'adminBackups.status.failed': 'Fehlgeschlagen',
  'adminBackups.download': 'Herunterladen',
  'adminBackups.downloadLabel': 'Sicherung vom {time} herunterladen',
  'adminBackups.delete': 'Löschen',
  'adminBackups.deleteLabel': 'Sicherung vom {time} löschen',
  'adminBackups.deleteConfirm.title': 'Diese Sicherung löschen?',
  'adminBackups.deleteConfirm.body':
    'Die Sicherung vom {time} ({size}) wird vom Server gelöscht. Das kann nicht rückgängig gemacht werden.',
  'adminBackups.deleteConfirm.confirm': 'Sicherung löschen',
  'adminBackups.deleted': 'Sicherung gelöscht',
  'adminBackups.deleteFailed': 'Die Sicherung konnte nicht gelöscht werden',
} as const

translationOf<typeof english>()(adminBackups)
