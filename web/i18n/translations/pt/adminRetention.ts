import { translationOf } from '../../catalogue'
import type { adminRetention as english } from '../../en/adminRetention'

/** Admin › Retention (issue 32, point 6): chats deleted by disuse, files by age, one pass a day. */
export const adminRetention = {
  'adminRetention.intro':
    'Exclua o que a sua organização já não precisa. Uma passagem é executada uma vez por dia e registra na auditoria o que excluiu. O que ela exclui só pode ser recuperado de um backup.',
  'adminRetention.policy.title': 'Política de retenção',
  'adminRetention.chats.label': 'Excluir chats sem uso há',
  'adminRetention.chats.hint':
    'Um chat é usado quando alguém escreve nele ou o altera. Chats fixados são mantidos.',
  'adminRetention.files.label': 'Excluir arquivos e imagens geradas após',
  'adminRetention.files.hint': 'Contado a partir da mensagem com que vieram. As mensagens ficam.',
  'adminRetention.never': 'Nunca',
  'adminRetention.days': '{count, plural, one {# dia} other {# dias}}',
  'adminRetention.oneYear': '1 ano',
  'adminRetention.twoYears': '2 anos',
  'adminRetention.custom': 'Outro número de dias',
  'adminRetention.customLabel': 'Número de dias',
  'adminRetention.invalid': 'Digite um número inteiro de dias entre {min} e {max}.',
  'adminRetention.save': 'Salvar política',
  'adminRetention.saved': 'Política de retenção salva',
  'adminRetention.saveFailed': 'Não foi possível salvar a política',
  'adminRetention.loadFailed': 'Não foi possível carregar a política de retenção',
  'adminRetention.confirm.title': 'Excluir por idade a partir de agora?',
  'adminRetention.confirm.chats':
    'Chats sem uso há {days, plural, one {# dia} other {# dias}} serão excluídos para todos, exceto os fixados.',
  'adminRetention.confirm.files':
    'Arquivos e imagens geradas serão excluídos {days, plural, one {# dia} other {# dias}} após a sua mensagem, para todos.',
  'adminRetention.confirm.when':
    'A próxima passagem, dentro de uma hora, exclui o que já passou desses limites. Não pode ser desfeito.',
  'adminRetention.confirm.action': 'Aplicar política',
  'adminRetention.lastRun':
    'Última passagem em {date} às {time}: {chats, plural, one {# chat} other {# chats}}, {files, plural, one {# arquivo} other {# arquivos}} e {images, plural, one {# imagem} other {# imagens}} excluídos.',
  'adminRetention.noRun': 'Nenhuma passagem foi executada ainda.',
  'adminRetention.next': 'Próxima passagem: depois de {date} às {time}.',
  'adminRetention.nextSoon': 'Próxima passagem: dentro de uma hora.',
  'adminRetention.off': 'Nada é excluído por idade.',
} as const

translationOf<typeof english>()(adminRetention)
