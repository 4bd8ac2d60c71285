import { translationOf } from '../../catalogue'
import type { adminBackups as english } from '../../en/adminBackups'

/** Admin › Backups (issue 33): the schedule, Back up now, and the list of archives. */
export const adminBackups = {
  'adminBackups.intro':
    'Les sauvegardes contiennent chaque discussion, fichier et paramètre. Elles sont écrites dans le dossier de données du serveur (DATA_DIR/backups).',
  'adminBackups.introBucket':
    'Les sauvegardes contiennent chaque discussion, fichier et paramètre. Elles sont envoyées dans le bucket S3 {bucket}, sous backups/.',
  'adminBackups.failure': 'La dernière sauvegarde a échoué ({time}) : {message}',
  'adminBackups.loadFailed': 'Impossible de charger les sauvegardes',
  'adminBackups.schedule.title': 'Planification',
  'adminBackups.schedule.label': 'Sauvegardes automatiques',
  'adminBackups.schedule.daily': 'Chaque jour',
  'adminBackups.schedule.off': 'Désactivées',
  'adminBackups.schedule.offHint': 'Aucune sauvegarde automatique : utilisez Sauvegarder maintenant.',
  'adminBackups.keep.label': 'Sauvegardes planifiées à conserver',
  'adminBackups.keep.hint':
    'Les sauvegardes planifiées plus anciennes sont supprimées. Celles faites avec Sauvegarder maintenant ou avant une mise à jour sont conservées.',
  'adminBackups.keep.invalid': 'Saisissez un nombre entier de {min} à {max}.',
  'adminBackups.next': 'Prochaine sauvegarde : {time}',
  'adminBackups.save': 'Enregistrer',
  'adminBackups.saved': 'Planification des sauvegardes enregistrée',
  'adminBackups.saveFailed': 'Impossible d’enregistrer la planification des sauvegardes',
  'adminBackups.list.title': 'Sauvegardes',
  'adminBackups.now': 'Sauvegarder maintenant',
  'adminBackups.started': 'Sauvegarde lancée',
  'adminBackups.startFailed': 'Impossible de lancer la sauvegarde',
  'adminBackups.empty': 'Aucune sauvegarde pour l’instant.',
  'adminBackups.trigger.manual': 'Manuelle',
  'adminBackups.trigger.schedule': 'Planifiée',
  'adminBackups.trigger.other': 'Ligne de commande ou mise à jour',
  'adminBackups.status.running': 'En cours…',
  'adminBackups.status.done': 'Terminée',
  'adminBackups.status.failed': 'Échouée',
  'adminBackups.download': 'Télécharger',
  'adminBackups.downloadLabel': 'Télécharger la sauvegarde du {time}',
  'adminBackups.delete': 'Supprimer',
  'adminBackups.deleteLabel': 'Supprimer la sauvegarde du {time}',
  'adminBackups.deleteConfirm.title': 'Supprimer cette sauvegarde ?',
  'adminBackups.deleteConfirm.body':
    'La sauvegarde du {time} ({size}) est supprimée du serveur. Cette action est irréversible.',
  'adminBackups.deleteConfirm.confirm': 'Supprimer la sauvegarde',
  'adminBackups.deleted': 'Sauvegarde supprimée',
  'adminBackups.deleteFailed': 'La sauvegarde n’a pas pu être supprimée',
} as const

translationOf<typeof english>()(adminBackups)
