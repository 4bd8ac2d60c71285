import { translationOf } from '../../catalogue'
import type { yourData as english } from '../../en/yourData'

/** Settings › Your data (issue 32): bringing chats in, and what the organisation keeps. */
export const yourData = {
  'yourData.tab': 'Vos données',
  'yourData.retention.title': 'Ce que votre organisation conserve',
  'yourData.retention.none':
    'Vos conversations et fichiers sont conservés jusqu’à ce que vous les supprimiez.',
  'yourData.retention.chats':
    'Les conversations que vous n’avez pas utilisées depuis {days, plural, one {# jour} other {# jours}} sont supprimées. Les conversations épinglées sont conservées.',
  'yourData.retention.files':
    'Les fichiers et images générées sont supprimés {days, plural, one {# jour} other {# jours}} après leur message.',
  'yourData.retention.loadFailed': 'La politique de conservation n’a pas pu être lue.',
} as const

translationOf<typeof english>()(yourData)
