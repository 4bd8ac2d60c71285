import { translationOf } from '../../catalogue'
import type { yourData as english } from '../../en/yourData'

/** Settings › Your data (issue 32): bringing chats in, and what the organisation keeps. */
export const yourData = {
  'yourData.tab': 'I tuoi dati',
  'yourData.retention.title': 'Cosa conserva la tua organizzazione',
  'yourData.retention.none': 'Le tue chat e i tuoi file restano finché non li elimini.',
  'yourData.retention.chats':
    'Le chat che non usi da {days, plural, one {# giorno} other {# giorni}} vengono eliminate. Le chat fissate vengono conservate.',
  'yourData.retention.files':
    'File e immagini generate vengono eliminati {days, plural, one {# giorno} other {# giorni}} dopo il loro messaggio.',
  'yourData.retention.loadFailed': 'Non è stato possibile leggere il criterio di conservazione.',
} as const

translationOf<typeof english>()(yourData)
