import { translationOf } from '../../catalogue'
import type { adminBackups as english } from '../../en/adminBackups'

/** Admin › Backups (issue 33): the schedule, Back up now, and the list of archives. */
export const adminBackups = {
  'adminBackups.intro':
    'I backup contengono ogni chat, file e impostazione. Vengono scritti nella cartella dei dati del server (DATA_DIR/backups).',
  'adminBackups.introBucket':
    'I backup contengono ogni chat, file e impostazione. Vengono caricati nel bucket S3 {bucket}, in backups/.',
  'adminBackups.failure': 'L’ultimo backup non è riuscito ({time}): {message}',
  'adminBackups.loadFailed': 'Impossibile caricare i backup',
  'adminBackups.schedule.title': 'Pianificazione',
  'adminBackups.schedule.label': 'Backup automatici',
  'adminBackups.schedule.daily': 'Ogni giorno',
  'adminBackups.schedule.off': 'Disattivati',
  'adminBackups.schedule.offHint': 'Nessun backup automatico: usa Esegui backup ora.',
  'adminBackups.keep.label': 'Backup pianificati da conservare',
  'adminBackups.keep.hint':
    'I backup pianificati più vecchi vengono eliminati. Quelli fatti con Esegui backup ora o prima di un aggiornamento vengono conservati.',
  'adminBackups.keep.invalid': 'Inserisci un numero intero da {min} a {max}.',
  'adminBackups.next': 'Prossimo backup: {time}',
  'adminBackups.save': 'Salva',
  'adminBackups.saved': 'Pianificazione dei backup salvata',
  'adminBackups.saveFailed': 'Impossibile salvare la pianificazione dei backup',
  'adminBackups.list.title': 'Backup',
  'adminBackups.now': 'Esegui backup ora',
  'adminBackups.started': 'Backup avviato',
  'adminBackups.startFailed': 'Impossibile avviare il backup',
  'adminBackups.empty': 'Ancora nessun backup.',
  'adminBackups.trigger.manual': 'Manuale',
  'adminBackups.trigger.schedule': 'Pianificato',
  'adminBackups.trigger.other': 'Riga di comando o aggiornamento',
  'adminBackups.status.running': 'In corso…',
  'adminBackups.status.done': 'Completato',
  'adminBackups.status.failed': 'Non riuscito',
  'adminBackups.download': 'Scarica',
  'adminBackups.downloadLabel': 'Scarica il backup del {time}',
  'adminBackups.delete': 'Elimina',
  'adminBackups.deleteLabel': 'Elimina il backup del {time}',
  'adminBackups.deleteConfirm.title': 'Eliminare questo backup?',
  'adminBackups.deleteConfirm.body':
    'Il backup del {time} ({size}) viene eliminato dal server. L’operazione non può essere annullata.',
  'adminBackups.deleteConfirm.confirm': 'Elimina backup',
  'adminBackups.deleted': 'Backup eliminato',
  'adminBackups.deleteFailed': 'Impossibile eliminare il backup',
} as const

translationOf<typeof english>()(adminBackups)
