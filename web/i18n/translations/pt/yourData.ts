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
  'yourData.import.title': 'Trazer chats',
  'yourData.import.intro':
    'Traga seu histórico do ChatGPT ou do Claude (o zip da exportação ou o conversations.json dele), ou chats exportados do Parley em JSON. Títulos, horários e ramificações são mantidos; importar o mesmo arquivo de novo não duplica nada.',
  'yourData.import.choose': 'Escolher um arquivo…',
  'yourData.import.limit': 'Um arquivo .zip ou .json de até 100 MB.',
  'yourData.import.uploading': 'Enviando {name}…',
  'yourData.import.reading': 'Lendo {name}…',
  'yourData.import.running': 'Importando {name}: {done} de {total}',
  'yourData.import.progressLabel': 'Progresso da importação',
  'yourData.import.cancel': 'Cancelar importação',
  'yourData.import.cancelled': 'Cancelada. Nada de {name} foi importado.',
  'yourData.import.done':
    '{chats, plural, one {# chat importado} other {# chats importados}} com {messages, plural, one {# mensagem} other {# mensagens}} de {name}.',
  'yourData.import.doneToast': 'Importação concluída',
  'yourData.import.duplicates':
    '{count, plural, one {# chat já tinha sido importado e não é adicionado de novo.} other {# chats já tinham sido importados e não são adicionados de novo.}}',
  'yourData.import.skipped':
    '{count, plural, one {# item omitido ou alterado} other {# itens omitidos ou alterados}}',
  'yourData.import.failed': 'Nada de {name} foi importado: {reason}',
  'yourData.import.uploadFailed': 'Não foi possível enviar o arquivo',
  'yourData.import.loadFailed': 'Não foi possível carregar suas importações',
  'yourData.import.cancelFailed': 'Não foi possível cancelar a importação',
  'yourData.import.earlier': 'Importações anteriores',
  'yourData.import.from.chatgpt': 'Exportação do ChatGPT',
  'yourData.import.from.claude': 'Exportação do Claude',
  'yourData.import.from.parley': 'Exportação do Parley',
  'yourData.import.status.running': 'Importando',
  'yourData.import.status.done': 'Importada',
  'yourData.import.status.failed': 'Falhou',
  'yourData.import.status.cancelled': 'Cancelada',
  'yourData.import.summary':
    '{chats, plural, one {# chat} other {# chats}}, {messages, plural, one {# mensagem} other {# mensagens}}',
  'yourData.import.locked':
    'Durante o acesso de suporte, nenhum chat pode ser importado para a conta de {name}.',
  'yourData.export.title': 'Leve seus dados com você',
  'yourData.export.intro':
    'Um zip com seu perfil, cada chat com todas as ramificações (JSON e Markdown), seus arquivos e imagens geradas, prompts, entradas de conhecimento e uso. Ele é preparado em segundo plano; você é avisado quando estiver pronto e pode baixá-lo por 7 dias.',
  'yourData.export.start': 'Preparar meus dados',
  'yourData.export.running':
    'Preparando seus dados… Você pode fechar esta janela: será avisado quando estiverem prontos.',
  'yourData.export.ready': 'Pronto: {size}. Pode ser baixado até {date}.',
  'yourData.export.download': 'Baixar',
  'yourData.export.failed': 'Não foi possível preparar seus dados: {reason}',
  'yourData.export.expired': 'Seu último download expirou. Prepare um novo quando precisar.',
  'yourData.export.startFailed': 'Não foi possível preparar seus dados',
  'yourData.export.loadFailed': 'Não foi possível carregar seus downloads',
  'yourData.export.locked': 'Durante o acesso de suporte, os dados de {name} não podem ser baixados.',
} as const

translationOf<typeof english>()(yourData)
