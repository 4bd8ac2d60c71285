import { translationOf } from '../../catalogue'
import type { adminRetention as english } from '../../en/adminRetention'

/** Admin › Retention (issue 32, point 6): chats deleted by disuse, files by age, one pass a day. */
export const adminRetention = {
  'adminRetention.intro':
    'Supprimez ce dont votre organisation n’a plus besoin. Un passage a lieu une fois par jour et consigne dans le journal d’audit ce qu’il a supprimé. Ce qu’il supprime ne peut être récupéré que depuis une sauvegarde.',
  'adminRetention.policy.title': 'Politique de conservation',
  'adminRetention.chats.label': 'Supprimer les conversations inutilisées depuis',
  'adminRetention.chats.hint':
    'Une conversation est utilisée quand quelqu’un y écrit ou la modifie. Les conversations épinglées sont conservées.',
  'adminRetention.files.label': 'Supprimer les fichiers et images générées après',
  'adminRetention.files.hint': 'Compté à partir du message qui les accompagnait. Les messages restent.',
  'adminRetention.never': 'Jamais',
  'adminRetention.days': '{count, plural, one {# jour} other {# jours}}',
  'adminRetention.oneYear': '1 an',
  'adminRetention.twoYears': '2 ans',
  'adminRetention.custom': 'Un autre nombre de jours',
  'adminRetention.customLabel': 'Nombre de jours',
  'adminRetention.invalid': 'Saisissez un nombre entier de jours entre {min} et {max}.',
  'adminRetention.save': 'Enregistrer la politique',
  'adminRetention.saved': 'Politique de conservation enregistrée',
  'adminRetention.saveFailed': 'La politique n’a pas pu être enregistrée',
  'adminRetention.loadFailed': 'La politique de conservation n’a pas pu être chargée',
  'adminRetention.confirm.title': 'Supprimer selon l’âge désormais ?',
  'adminRetention.confirm.chats':
    'Les conversations inutilisées depuis {days, plural, one {# jour} other {# jours}} seront supprimées pour tout le monde, sauf celles épinglées.',
  'adminRetention.confirm.files':
    'Les fichiers et images générées seront supprimés {days, plural, one {# jour} other {# jours}} après leur message, pour tout le monde.',
  'adminRetention.confirm.when':
    'Le prochain passage, dans l’heure, supprime ce qui dépasse déjà ces limites. C’est irréversible.',
  'adminRetention.confirm.action': 'Appliquer la politique',
  'adminRetention.lastRun':
    'Dernier passage le {date} à {time} : {chats, plural, one {# conversation} other {# conversations}}, {files, plural, one {# fichier} other {# fichiers}} et {images, plural, one {# image} other {# images}} supprimés.',
  'adminRetention.noRun': 'Aucun passage n’a encore eu lieu.',
  'adminRetention.next': 'Prochain passage : après le {date} à {time}.',
  'adminRetention.nextSoon': 'Prochain passage : dans l’heure.',
  'adminRetention.off': 'Rien n’est supprimé selon l’âge.',
} as const

translationOf<typeof english>()(adminRetention)
