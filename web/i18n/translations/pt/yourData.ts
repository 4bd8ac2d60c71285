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
  'yourData.import.failure.not_an_export':
    'Este arquivo não é uma exportação do ChatGPT, do Claude ou do Parley.',
  'yourData.import.failure.not_json': 'O arquivo não é um JSON válido: pode estar danificado ou incompleto.',
  'yourData.import.failure.no_conversations': 'O zip não contém nenhum conversations.json.',
  'yourData.import.failure.damaged_zip': 'O arquivo zip está danificado ou incompleto.',
  'yourData.import.failure.too_many_files':
    'O zip contém mais de 20.000 arquivos: importe sozinho o conversations.json que está nele.',
  'yourData.import.failure.too_large': 'A exportação passa de 100 MB descompactada.',
  'yourData.import.failure.too_many_conversations':
    'A exportação contém {count} conversas; no máximo {max} podem ser importadas de uma vez.',
  'yourData.import.failure.interrupted': 'O servidor parou durante a importação; nada foi importado.',
  'yourData.import.failure.unexpected': 'A importação falhou inesperadamente; nada foi importado.',
  'yourData.import.reason.unsafe_zip_name': 'Um arquivo do zip tem um nome inseguro e foi ignorado.',
  'yourData.import.reason.not_parley_chat':
    'Este arquivo do zip não é uma exportação de chat do Parley e foi ignorado.',
  'yourData.import.reason.not_a_conversation': 'Esta entrada não é uma conversa do {format} e foi omitida.',
  'yourData.import.reason.no_messages': 'A conversa não tem mensagens para importar.',
  'yourData.import.reason.too_many_messages': 'A conversa tem mais de {max} mensagens e foi omitida.',
  'yourData.import.reason.truncated':
    '{count, plural, one {Uma mensagem com mais de 1 MB foi cortada no seu primeiro MB.} other {# mensagens com mais de 1 MB foram cortadas no seu primeiro MB.}}',
  'yourData.import.reason.unreachable':
    '{count, plural, one {# mensagem não se liga à conversa e foi omitida.} other {# mensagens não se ligam à conversa e foram omitidas.}}',
  'yourData.import.reason.unknown_sender':
    '{count, plural, one {# mensagem de um remetente desconhecido foi omitida.} other {# mensagens de um remetente desconhecido foram omitidas.}}',
  'yourData.import.reason.placeholders':
    'Partes que a exportação não contém ou que o Parley não consegue mostrar foram mantidas como texto: {parts}.',
  'yourData.import.part.image': '{count, plural, one {# imagem} other {# imagens}}',
  'yourData.import.part.file': '{count, plural, one {# arquivo} other {# arquivos}}',
  'yourData.import.part.audio': '{count, plural, one {# gravação} other {# gravações}}',
  'yourData.import.part.toolCall':
    '{count, plural, one {# chamada de ferramenta} other {# chamadas de ferramentas}}',
  'yourData.import.part.toolOutput':
    '{count, plural, one {# resultado de ferramenta} other {# resultados de ferramentas}}',
  'yourData.import.part.thinking':
    '{count, plural, one {# passo de raciocínio} other {# passos de raciocínio}}',
  'yourData.import.part.other': '{count, plural, one {# outra parte} other {# outras partes}}',
} as const

translationOf<typeof english>()(yourData)
