import { translationOf } from '../../catalogue'
import type { yourData as english } from '../../en/yourData'

/** Settings › Your data (issue 32): bringing chats in, and what the organisation keeps. */
export const yourData = {
  'yourData.tab': 'Seus dados',
  'yourData.retention.title': 'O que a sua organização mantém',
  'yourData.retention.none': 'Seus chats e arquivos ficam até você os excluir.',
  'yourData.retention.chats':
    'Chats que você não usa há {days, plural, one {# dia} other {# dias}} são excluídos. Chats fixados são mantidos.',
  'yourData.retention.files':
    'Arquivos e imagens geradas são excluídos {days, plural, one {# dia} other {# dias}} após a sua mensagem.',
  'yourData.retention.loadFailed': 'Não foi possível ler a política de retenção.',
} as const

translationOf<typeof english>()(yourData)
