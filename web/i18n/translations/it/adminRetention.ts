import { translationOf } from '../../catalogue'
import type { adminRetention as english } from '../../en/adminRetention'

/** Admin › Retention (issue 32, point 6): chats deleted by disuse, files by age, one pass a day. */
export const adminRetention = {
  'adminRetention.intro':
    'Elimina ciò che alla tua organizzazione non serve più. Un passaggio viene eseguito una volta al giorno e registra nel registro di controllo ciò che ha eliminato. Ciò che elimina si può recuperare solo da un backup.',
  'adminRetention.policy.title': 'Criterio di conservazione',
  'adminRetention.chats.label': 'Elimina le chat non usate da',
  'adminRetention.chats.hint':
    'Una chat è usata quando qualcuno ci scrive o la modifica. Le chat fissate vengono conservate.',
  'adminRetention.files.label': 'Elimina file e immagini generate dopo',
  'adminRetention.files.hint': 'Contati dal messaggio con cui sono arrivati. I messaggi restano.',
  'adminRetention.never': 'Mai',
  'adminRetention.days': '{count, plural, one {# giorno} other {# giorni}}',
  'adminRetention.oneYear': '1 anno',
  'adminRetention.twoYears': '2 anni',
  'adminRetention.custom': 'Un altro numero di giorni',
  'adminRetention.customLabel': 'Numero di giorni',
  'adminRetention.invalid': 'Inserisci un numero intero di giorni da {min} a {max}.',
  'adminRetention.save': 'Salva criterio',
  'adminRetention.saved': 'Criterio di conservazione salvato',
  'adminRetention.saveFailed': 'Non è stato possibile salvare il criterio',
  'adminRetention.loadFailed': 'Non è stato possibile caricare il criterio di conservazione',
  'adminRetention.confirm.title': 'Eliminare in base all’età da ora in poi?',
  'adminRetention.confirm.chats':
    'Le chat non usate da {days, plural, one {# giorno} other {# giorni}} verranno eliminate per tutti, tranne quelle fissate.',
  'adminRetention.confirm.files':
    'File e immagini generate verranno eliminati {days, plural, one {# giorno} other {# giorni}} dopo il loro messaggio, per tutti.',
  'adminRetention.confirm.when':
    'Il prossimo passaggio, entro un’ora, elimina ciò che ha già superato questi limiti. Non si può annullare.',
  'adminRetention.confirm.action': 'Applica criterio',
  'adminRetention.lastRun':
    'Ultimo passaggio il {date} alle {time}: {chats, plural, one {# chat} other {# chat}}, {files, plural, one {# file} other {# file}} e {images, plural, one {# immagine} other {# immagini}} eliminati.',
  'adminRetention.noRun': 'Non è ancora stato eseguito alcun passaggio.',
  'adminRetention.next': 'Prossimo passaggio: dopo il {date} alle {time}.',
  'adminRetention.nextSoon': 'Prossimo passaggio: entro un’ora.',
  'adminRetention.off': 'Nulla viene eliminato in base all’età.',
} as const

translationOf<typeof english>()(adminRetention)
