import { translationOf } from '../../catalogue'
import type { adminRetention as english } from '../../en/adminRetention'

/** Admin › Retention (issue 32, point 6): chats deleted by disuse, files by age, one pass a day. */
export const adminRetention = {
  'adminRetention.intro':
    'Lösche, was deine Organisation nicht mehr braucht. Einmal am Tag läuft ein Durchlauf und hält im Prüfprotokoll fest, was er gelöscht hat. Was er löscht, lässt sich nur aus einer Sicherung zurückholen.',
  'adminRetention.policy.title': 'Aufbewahrungsrichtlinie',
  'adminRetention.chats.label': 'Chats löschen, die nicht genutzt wurden seit',
  'adminRetention.chats.hint':
    'Ein Chat gilt als genutzt, wenn jemand darin schreibt oder ihn ändert. Angeheftete Chats bleiben.',
  'adminRetention.files.label': 'Dateien und erzeugte Bilder löschen nach',
  'adminRetention.files.hint': 'Gezählt ab der Nachricht, mit der sie kamen. Die Nachrichten bleiben.',
  'adminRetention.never': 'Nie',
  'adminRetention.days': '{count, plural, one {# Tag} other {# Tagen}}',
  'adminRetention.oneYear': '1 Jahr',
  'adminRetention.twoYears': '2 Jahren',
  'adminRetention.custom': 'Andere Anzahl Tage',
  'adminRetention.customLabel': 'Anzahl Tage',
  'adminRetention.invalid': 'Gib eine ganze Zahl von Tagen zwischen {min} und {max} ein.',
  'adminRetention.save': 'Richtlinie speichern',
  'adminRetention.saved': 'Aufbewahrungsrichtlinie gespeichert',
  'adminRetention.saveFailed': 'Die Richtlinie konnte nicht gespeichert werden',
  'adminRetention.loadFailed': 'Die Aufbewahrungsrichtlinie konnte nicht geladen werden',
  'adminRetention.confirm.title': 'Ab jetzt nach Alter löschen?',
  'adminRetention.confirm.chats':
    'Chats, die seit {days, plural, one {# Tag} other {# Tagen}} nicht genutzt wurden, werden für alle gelöscht, außer angehefteten.',
  'adminRetention.confirm.files':
    'Dateien und erzeugte Bilder werden {days, plural, one {# Tag} other {# Tage}} nach ihrer Nachricht für alle gelöscht.',
  'adminRetention.confirm.when':
    'Der nächste Durchlauf, innerhalb einer Stunde, löscht, was diese Grenzen schon überschritten hat. Das lässt sich nicht rückgängig machen.',
  'adminRetention.confirm.action': 'Richtlinie anwenden',
  'adminRetention.lastRun':
    'Letzter Durchlauf am {date} um {time}: {chats, plural, one {# Chat} other {# Chats}}, {files, plural, one {# Datei} other {# Dateien}} und {images, plural, one {# Bild} other {# Bilder}} gelöscht.',
  'adminRetention.noRun': 'Es ist noch kein Durchlauf gelaufen.',
  'adminRetention.next': 'Nächster Durchlauf: nach dem {date} um {time}.',
  'adminRetention.nextSoon': 'Nächster Durchlauf: innerhalb einer Stunde.',
  'adminRetention.off': 'Nichts wird nach Alter gelöscht.',
} as const

translationOf<typeof english>()(adminRetention)
